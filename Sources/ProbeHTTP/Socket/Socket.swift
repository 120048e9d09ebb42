#if canImport(Glibc)
import Glibc
#endif
import CEpoll

/// Thin wrappers over the BSD socket calls, for listeners and accepted connections.
package enum Socket {
    /// The addresses a host name binds to. `::` binds every interface in both families.
    static func resolve(host: String, port: UInt16) throws -> [SocketAddress] {
        if let a = SocketAddress(ip: host, port: port) { return [a] }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
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
    /// listener to the same port and the kernel spreads connections across them.
    static func listen(on address: SocketAddress, reusePort: Bool, backlog: Int32) throws -> Int32 {
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
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
        guard Glibc.listen(fd, backlog) == 0 else {
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
                probe_accept4(listener, $0, &len, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
            }
        }
        if fd < 0 {
            switch errno {
            case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO: return .wouldBlock
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted
            default: return .failed(.failed("accept"))
            }
        }
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
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return UInt64(limit.rlim_cur)
    }
}
