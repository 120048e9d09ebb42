#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's calls for the types that have a method of the same name (a connection's
/// `close()`, a transport's `read(into:)`), where the unqualified name would find the method.
/// The module-qualified spelling differs between systems (`Glibc.close`, `Darwin.close`), so
/// it is written once here and the call sites say `LibC.close`.
package enum LibC {
    #if canImport(Glibc)
    @discardableResult package static func close(_ fd: Int32) -> Int32 { Glibc.close(fd) }
    @discardableResult package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
    @discardableResult package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { Glibc.write(fd, buffer, count) }
    @discardableResult package static func send(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int { Glibc.send(fd, buffer, count, flags) }
    @discardableResult package static func shutdown(_ fd: Int32, _ how: Int32) -> Int32 { Glibc.shutdown(fd, how) }
    package static func listen(_ fd: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(fd, backlog) }
    package static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 { Glibc.connect(fd, address, length) }
    package static func poll(_ fds: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ timeoutMs: Int32) -> Int32 { Glibc.poll(fds, count, timeoutMs) }
    #elseif canImport(Darwin)
    @discardableResult package static func close(_ fd: Int32) -> Int32 { Darwin.close(fd) }
    @discardableResult package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
    @discardableResult package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
    @discardableResult package static func send(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int { Darwin.send(fd, buffer, count, flags) }
    @discardableResult package static func shutdown(_ fd: Int32, _ how: Int32) -> Int32 { Darwin.shutdown(fd, how) }
    package static func listen(_ fd: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(fd, backlog) }
    package static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 { Darwin.connect(fd, address, length) }
    package static func poll(_ fds: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ timeoutMs: Int32) -> Int32 { Darwin.poll(fds, count, timeoutMs) }
    #endif
}

extension stat {
    /// When the file's data last changed: `st_mtim` in glibc's <sys/stat.h>, `st_mtimespec`
    /// in Darwin's (stat(2)).
    package var modificationTime: timespec {
        #if canImport(Glibc)
        st_mtim
        #else
        st_mtimespec
        #endif
    }
}
