#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// glibc keeps the pages of memory a program freed in its arenas, resident, until a later
/// allocation reuses them; `malloc_trim(0)` gives them back to the kernel (malloc_trim(3): the
/// free pages inside every arena, and the free top of the main thread's heap). A server that
/// encoded its catalog at the start and then sits idle holds that much less (docs/performance.md).
/// Looked up at run time: glibc has it, other C libraries (macOS's) do not, and Swift's Glibc
/// module leaves it out.
enum FreedMemory {
    private typealias Trim = @convention(c) (Int) -> Int32

    /// Once the start's scratch is freed; a no-op where the C library has no `malloc_trim`.
    static func giveBack() {
        #if canImport(Glibc)
        // A nil handle is RTLD_DEFAULT: the symbol wherever the process has it.
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
