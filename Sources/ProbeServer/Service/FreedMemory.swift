#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// glibc keeps the pages of memory a program freed in its arenas, resident, until a later
/// allocation reuses them. Two calls give them back, both looked up at run time: glibc has
/// them, other C libraries (macOS's) do not, and Swift's Glibc module leaves them out.
enum FreedMemory {
    private typealias Trim = @convention(c) (Int) -> Int32
    private typealias Option = @convention(c) (Int32, Int32) -> Int32

    /// `M_TRIM_THRESHOLD` in glibc's malloc.h.
    private static let trimThresholdOption: Int32 = -1
    /// glibc's own default (malloc(3), `DEFAULT_TRIM_THRESHOLD`), fixed.
    static let trimThreshold: Int32 = 128 * 1024

    /// Fixes the size of free memory at the top of an arena that glibc hands back to the kernel.
    /// Left to itself glibc raises that threshold to twice the largest block it has allocated
    /// with mmap and freed (mallopt(3), "dynamic mmap threshold"): after the start's catalog
    /// encoders freed their buffers, a thread's arena kept 3.3 MB of free memory resident in an
    /// idle server, and whether it did turned on the export's size, so a catalog edit could
    /// move idle RSS by 3 MB (docs/performance.md). Called once, before any thread allocates.
    static func keepTrimming() {
        #if canImport(Glibc)
        // A nil handle is RTLD_DEFAULT: the symbol wherever the process has it.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Option.self)(trimThresholdOption, trimThreshold)
        #endif
    }

    /// Once the start's scratch is freed: `malloc_trim(0)` gives back every arena's free pages,
    /// inside the heap too (malloc_trim(3)); a no-op where the C library has no `malloc_trim`.
    static func giveBack() {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
