#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A thread of its own for a long-lived loop (an event loop, the store's writer, a webhook
/// sender): what Foundation's `Thread` did here, which FoundationEssentials does not have
/// (https://github.com/swiftlang/swift-foundation: `Thread` stays in swift-corelibs-foundation).
/// Detached, with the platform's default stack, named for `ps -L` and debuggers.
public struct DetachedThread: @unchecked Sendable {
    private let id: pthread_t

    /// Starts `body` on a new thread named `name` (cut to the 15 bytes Linux keeps).
    @discardableResult
    public init(name: String? = nil, _ body: @escaping @Sendable () -> Void) {
        let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        #if canImport(Glibc)
        var id = pthread_t()
        let rc = pthread_create(&id, nil, { context in
            Unmanaged<Start>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, start)
        precondition(rc == 0, "pthread_create: \(rc)")
        self.id = id
        #else
        var id: pthread_t?
        let rc = pthread_create(&id, nil, { context in
            Unmanaged<Start>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, start)
        precondition(rc == 0, "pthread_create: \(rc)")
        self.id = id!
        #endif
        pthread_detach(self.id)
    }

    /// Whether the caller runs on this thread.
    public var isCurrent: Bool { pthread_equal(pthread_self(), id) != 0 }

    /// Pauses the calling thread.
    public static func sleep(seconds: Double) {
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&pause, &left) == -1 && errno == EINTR { pause = left }
    }

    private final class Start {
        let name: String?
        let body: @Sendable () -> Void
        init(name: String?, body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }

        func run() {
            if let name {
                let cut = String(decoding: name.utf8.prefix(15), as: UTF8.self)
                #if canImport(Glibc)
                // Glibc's Swift module leaves pthread_setname_np out (_GNU_SOURCE); the
                // thread's comm file is the same name (proc(5): /proc/thread-self).
                let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
                if fd >= 0 {
                    _ = cut.withCString { write(fd, $0, strlen($0)) }
                    close(fd)
                }
                #else
                pthread_setname_np(cut)
                #endif
            }
            body()
        }
    }
}

/// A mutual-exclusion lock for the little state that event loops share
/// (the static-file cache, a loop's task queue) and
/// what Foundation's `NSLock` guarded.
public final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A mutex with its condition variable: what Foundation's `NSCondition` did here (lock,
/// wait, wait until a time, signal, broadcast), over pthreads, for FoundationEssentials.
public final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits, the lock held, until signalled (or woken spuriously, as with `NSCondition`).
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits, the lock held, until signalled or `date` (the wall clock, as `NSCondition`
    /// measures it); false when the time came first.
    @discardableResult
    public func wait(until date: Date) -> Bool {
        let at = max(0, date.timeIntervalSince1970)
        var deadline = timespec(tv_sec: Int(at), tv_nsec: Int((at - at.rounded(.down)) * 1e9))
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
