#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A weak reference that may cross threads; it is only dereferenced on the thread that owns
/// the object (a connection, on its event loop).
struct LoopBound<T: AnyObject>: @unchecked Sendable {
    weak var value: T?
    init(_ value: T) { self.value = value }
}
