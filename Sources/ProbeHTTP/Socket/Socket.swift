#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
import CEpoll
#endif

/// Thin wrappers over the BSD socket calls, for listeners and accepted connections.
package enum Socket {
    /// SOCK_STREAM as socket(2) and getaddrinfo(3) take it: an enum in Swift's Glibc module,
    /// an Int32 in its Darwin module.
    #if canImport(Glibc)
    package static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    package static let streamType = SOCK_STREAM
    #endif

    /// The flags of every send(2) on a socket: MSG_NOSIGNAL, so that a peer that went away
    /// is EPIPE and not a SIGPIPE. Darwin has no MSG_NOSIGNAL: its sockets carry SO_NOSIGPIPE
    /// instead, set once when they are made (`stream`, `accept`), and send with no flag.
    #if os(Linux)
    package static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    package static let sendFlags: Int32 = 0
    #endif

    /// Whether the kernel spreads the connections of one port across several listeners bound
    /// with SO_REUSEPORT (socket(7)), so that each event loop can have its own. Darwin's
    /// SO_REUSEPORT lets the sockets share the port but does not balance between them: one
    /// shared listener there.
    #if os(Linux)
    static let spreadsAcrossListeners = true
    #else
    static let spreadsAcrossListeners = false
    #endif

    /// A TCP socket of `family`, close-on-exec, and non-blocking when asked; -1 (errno set)
    /// when socket(2) failed. Linux sets both in socket(2) (SOCK_CLOEXEC, SOCK_NONBLOCK);
    /// Darwin has neither flag, so fcntl(2) sets them right after (`portableFlags`).
    package static func stream(family: Int32, protocol: Int32 = 0, nonBlocking: Bool) -> Int32 {
        #if os(Linux)
        let flags = Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        return socket(family, streamType | flags, `protocol`)
        #else
        let fd = socket(family, streamType, `protocol`)
        if fd >= 0 { portableFlags(fd, nonBlocking: nonBlocking) }
        return fd
        #endif
    }

    #if !os(Linux)
    /// What Linux's SOCK_CLOEXEC, SOCK_NONBLOCK (socket(2), accept4(2)) and MSG_NOSIGNAL
    /// (send(2)) do, for a system without them: FD_CLOEXEC and O_NONBLOCK through fcntl(2),
    /// and SO_NOSIGPIPE (Darwin's setsockopt(2)) once on the socket.
    private static func portableFlags(_ fd: Int32, nonBlocking: Bool) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    }
    #endif

    /// The addresses a host name binds to. `::` binds every interface in both families.
    static func resolve(host: String, port: UInt16) throws -> [SocketAddress] {
        if let a = SocketAddress(ip: host, port: port) { return [a] }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        hints.ai_socktype = streamType
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            throw SocketError(call: "getaddrinfo(\(host))", code: EINVAL,
                              detail: String(cString: gai_strerror(rc)))
        }
        defer { freeaddrinfo(list) }
        var out: [SocketAddress] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let n = node {
            if let a = SocketAddress(n.pointee.ai_addr, length: n.pointee.ai_addrlen), !out.contains(a) {
                out.append(a)
            }
            node = n.pointee.ai_next
        }
        return out
    }

    /// A non-blocking listening socket. With `reusePort`, every event loop binds its own
    /// listener to the same port and the kernel spreads connections across them
    /// (`spreadsAcrossListeners`).
    static func listen(on address: SocketAddress, reusePort: Bool, backlog: Int32) throws -> Int32 {
        let fd = stream(family: address.family, nonBlocking: true)
        guard fd >= 0 else { throw SocketError.failed("socket") }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if reusePort {
            setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        if address.family == AF_INET6 {
            // `::` serves IPv4 too (v4-mapped); a specific v6 address serves only itself.
            var v6only: Int32 = address.isUnspecified ? 0 : 1
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &v6only, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound = address.withSockAddr { bind(fd, $0, $1) }
        guard bound == 0 else {
            let e = SocketError.failed("bind", detail: "to \(address)")
            close(fd)
            throw e
        }
        guard LibC.listen(fd, backlog) == 0 else {
            let e = SocketError.failed("listen")
            close(fd)
            throw e
        }
        return fd
    }

    /// The local address of a bound socket (to learn the port picked for port 0).
    static func localAddress(_ fd: Int32) -> SocketAddress? {
        var storage = sockaddr_storage()
        var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let rc = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        guard rc == 0 else { return nil }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SocketAddress($0, length: len) }
        }
    }

    enum AcceptResult {
        case accepted(Int32, SocketAddress?)
        case wouldBlock
        /// Out of file descriptors (EMFILE/ENFILE): refuse cleanly, keep the running ones.
        case exhausted
        case failed(SocketError)
    }

    static func accept(_ listener: Int32) -> AcceptResult {
        var storage = sockaddr_storage()
        var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if os(Linux)
                probe_accept4(listener, $0, &len, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                #else
                Darwin.accept(listener, $0, &len)
                #endif
            }
        }
        if fd < 0 {
            switch errno {
            case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO: return .wouldBlock
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted
            default: return .failed(.failed("accept"))
            }
        }
        #if !os(Linux)
        // Darwin's accept(2) has no flags argument (no accept4).
        portableFlags(fd, nonBlocking: true)
        #endif
        var on: Int32 = 1
        // Responses are written whole; Nagle would only delay the last segment.
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        let peer = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SocketAddress($0, length: len) }
        }
        return .accepted(fd, peer)
    }

    /// Raises the soft file-descriptor limit to the hard one: every connection is a
    /// descriptor, and the default soft limit (1024) is below what a device farm opens.
    @discardableResult
    package static func raiseDescriptorLimit() -> UInt64 {
        #if canImport(Glibc)
        let descriptors = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let descriptors = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(descriptors, &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            #if os(Linux)
            limit.rlim_cur = limit.rlim_max
            #else
            // Darwin refuses a soft limit above OPEN_MAX with EINVAL, and its hard limit is
            // often RLIM_INFINITY (macOS getrlimit(2), COMPATIBILITY).
            limit.rlim_cur = min(limit.rlim_max, rlim_t(OPEN_MAX))
            #endif
            setrlimit(descriptors, &limit)
            getrlimit(descriptors, &limit)
        }
        return UInt64(limit.rlim_cur)
    }
}
