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
import ProbeHTTP

/// A small blocking HTTP/1.1 client for the CLI: one request per connection
/// (`Connection: close`), over TCP or TLS, every step bounded by one deadline.
///
/// Not for the server's own use: it blocks the calling thread by design.
public final class HTTPClient: @unchecked Sendable {
    /// Default for each request: connect, TLS, send and receive all fit in it. A long poll
    /// passes its own, longer timeout.
    public static let defaultTimeoutSeconds = 30.0
    /// Read size: a report is tens of KiB; 64 KiB takes it in one or two reads.
    static let readChunkBytes = 64 * 1024

    public let server: ServerURL
    public let trust: ClientTrust
    public let timeout: Double
    /// Sent as `Authorization: Bearer …` when set.
    public let token: String?
    private let tlsContext: ClientTLSContext?

    public init(server: ServerURL, trust: ClientTrust = .system, token: String? = nil,
                timeout: Double = HTTPClient.defaultTimeoutSeconds) throws(HTTPClientError) {
        self.server = server
        self.trust = trust
        self.token = token
        self.timeout = timeout
        tlsContext = server.scheme == .https ? try ClientTLSContext(trust: trust) : nil
        // OpenSSL writes with write(2): a server that hangs up must be an error, not SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    public func get(_ path: String, timeout: Double? = nil) throws(HTTPClientError) -> HTTPClientResponse {
        try send("GET", path, timeout: timeout)
    }

    public func post(_ path: String, json: [UInt8], timeout: Double? = nil) throws(HTTPClientError) -> HTTPClientResponse {
        try send("POST", path, body: json, contentType: "application/json", timeout: timeout)
    }

    public func delete(_ path: String, timeout: Double? = nil) throws(HTTPClientError) -> HTTPClientResponse {
        try send("DELETE", path, timeout: timeout)
    }

    /// `path` includes the query (`/api/runs?label=x`); the base path of `server` is prepended.
    public func send(_ method: String, _ path: String, body: [UInt8]? = nil, contentType: String? = nil,
                     headers: [(String, String)] = [], timeout: Double? = nil) throws(HTTPClientError) -> HTTPClientResponse {
        let seconds = timeout ?? self.timeout
        let deadline = Date() + seconds
        let connection = try connect(deadline: deadline, seconds: seconds)
        defer { connection.close() }

        var head = "\(method) \(server.basePath)\(path) HTTP/1.1\r\n"
        head += "Host: \(server.hostHeader)\r\n"
        head += "User-Agent: probe-server-cli\r\n"
        head += "Accept: */*\r\n"
        head += "Connection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" } else if method == "POST" { head += "Content-Length: 0\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        try connection.write(Array(head.utf8) + (body ?? []), deadline: deadline)

        var parser = ClientResponseParser(isHeadRequest: method == "HEAD")
        var chunk = [UInt8](repeating: 0, count: Self.readChunkBytes)
        do {
            while true {
                let count = try connection.read(into: &chunk, deadline: deadline)
                if count == 0 { return try parser.finish() }
                if let response = try parser.feed(chunk[..<count]) { return response }
            }
        } catch let failure as ClientResponseParser.Failure {
            switch failure {
            case .malformed(let reason):
                if reason == "no response" { throw .connectionClosed(server: server.description, during: "before answering") }
                throw .malformedResponse(server: server.description, reason: reason)
            case .tooLarge: throw .responseTooLarge(server: server.description, limit: ClientResponseParser.maxBodyBytes)
            }
        } catch let error as HTTPClientError {
            throw error
        } catch {
            throw .malformedResponse(server: server.description, reason: "\(error)")
        }
    }

    /// The base64 SHA-256 of the SubjectPublicKeyInfo of the certificate this server presents,
    /// once the handshake has verified it against `trust` and the host name: a browser told to
    /// accept exactly that key (`--ignore-certificate-errors-spki-list`) trusts what the CLI
    /// trusts, and nothing else.
    public func presentedKeyPin(timeout: Double? = nil) throws(HTTPClientError) -> String {
        let seconds = timeout ?? self.timeout
        guard server.scheme == .https else {
            throw .tlsFailed(server: server.description, reason: "plain HTTP has no certificate to pin")
        }
        let connection = try connect(deadline: Date() + seconds, seconds: seconds)
        defer { connection.close() }
        guard let session = connection.transport as? TLSClientSession, let digest = session.peerPublicKeySHA256 else {
            throw .tlsFailed(server: server.description, reason: "the server presented no certificate")
        }
        return Data(digest).base64EncodedString()
    }

    // MARK: Connection

    private func connect(deadline: Date, seconds: Double) throws(HTTPClientError) -> ClientConnection {
        let name = server.description
        var hints = addrinfo()
        hints.ai_socktype = Socket.streamType
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(server.host, String(server.port), &hints, &list)
        guard status == 0, let first = list else {
            throw .cannotResolve(host: server.host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }

        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = Socket.stream(family: info.pointee.ai_family, protocol: info.pointee.ai_protocol, nonBlocking: false)
            guard fd >= 0 else { continue }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var yes: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            let rc = LibC.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
            if rc != 0 && errno != EINPROGRESS {
                lastError = String(cString: strerror(errno))
                LibC.close(fd)
                continue
            }
            if rc != 0 {
                guard ClientConnection.wait(fd, for: Int16(POLLOUT), until: deadline) else {
                    LibC.close(fd)
                    throw .timedOut(server: name, seconds: seconds, during: "connecting")
                }
                var soError: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &soError, &length)
                if soError != 0 {
                    lastError = String(cString: strerror(soError))
                    LibC.close(fd)
                    continue
                }
            }
            return try handshake(fd: fd, deadline: deadline, seconds: seconds)
        }
        throw .cannotConnect(server: name, reason: lastError)
    }

    private func handshake(fd: Int32, deadline: Date, seconds: Double) throws(HTTPClientError) -> ClientConnection {
        guard let tlsContext else {
            return ClientConnection(fd: fd, transport: PlainTransport(fd: fd), server: server.description, timeout: seconds)
        }
        let session: TLSClientSession
        do {
            session = try TLSClientSession(context: tlsContext, fileDescriptor: fd, host: server.host,
                                           hostIsIPAddress: server.hostIsIPAddress)
        } catch {
            LibC.close(fd)
            throw error
        }
        let connection = ClientConnection(fd: fd, transport: session, server: server.description, timeout: seconds)
        let result = connection.drive(until: deadline) { session.handshake() }
        switch result {
        case .bytes:
            return connection
        case .wantRead, .wantWrite:
            connection.close()
            throw .timedOut(server: server.description, seconds: seconds, during: "the TLS handshake")
        case .closed, .failed:
            let code = session.verifyResult
            let why = session.verifyResultText
            connection.close()
            // X509_V_ERR_HOSTNAME_MISMATCH (62) and X509_V_ERR_IP_ADDRESS_MISMATCH (64).
            if code == 62 || code == 64 { throw .hostNameMismatch(server: server.description, host: server.host) }
            if code != 0 { throw .certificateNotTrusted(server: server.description, reason: why, caFile: trust.caFilePath) }
            if case .failed(let reason) = result { throw .tlsFailed(server: server.description, reason: reason) }
            throw .connectionClosed(server: server.description, during: "during the TLS handshake")
        }
    }
}

/// One connected socket and its transport, with blocking reads and writes bounded by a deadline.
final class ClientConnection {
    let fd: Int32
    let transport: any Transport
    let server: String
    let timeout: Double
    private var isClosed = false

    init(fd: Int32, transport: any Transport, server: String, timeout: Double) {
        self.fd = fd
        self.transport = transport
        self.server = server
        self.timeout = timeout
    }

    deinit { close() }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        transport.shutdown()
        LibC.close(fd)
    }

    /// Repeats `step` until it returns something other than `wantRead`/`wantWrite`, waiting
    /// for the readiness it asks for (TLS may want to write while reading).
    func drive(until deadline: Date, _ step: () -> TransportResult) -> TransportResult {
        while true {
            let result = step()
            let events: Int16
            switch result {
            case .wantRead: events = Int16(POLLIN)
            case .wantWrite: events = Int16(POLLOUT)
            default: return result
            }
            guard Self.wait(fd, for: events, until: deadline) else { return result }
        }
    }

    func write(_ bytes: [UInt8], deadline: Date) throws(HTTPClientError) {
        var sent = 0
        while sent < bytes.count {
            let result = bytes[sent...].withUnsafeBytes { raw in drive(until: deadline) { transport.write(from: raw) } }
            switch result {
            case .bytes(let n): sent += n
            case .wantRead, .wantWrite: throw .timedOut(server: server, seconds: timeout, during: "sending the request")
            case .closed: throw .connectionClosed(server: server, during: "while the request was sent")
            case .failed(let reason): throw .connectionClosed(server: server, during: "while the request was sent (\(reason))")
            }
        }
    }

    /// Bytes read into `buffer`; 0 at the end of the stream.
    func read(into buffer: inout [UInt8], deadline: Date) throws(HTTPClientError) -> Int {
        let result = buffer.withUnsafeMutableBytes { raw in drive(until: deadline) { transport.read(into: raw) } }
        switch result {
        case .bytes(let n): return n
        case .closed: return 0
        case .wantRead, .wantWrite: throw .timedOut(server: server, seconds: timeout, during: "waiting for the response")
        case .failed(let reason): throw .connectionClosed(server: server, during: "while the response was read (\(reason))")
        }
    }

    /// Polls for `events` until `deadline`; false when it passed first.
    static func wait(_ fd: Int32, for events: Int16, until deadline: Date) -> Bool {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let rc = poll(&entry, 1, Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)))
            if rc > 0 { return true }
            if rc == 0 { return false }
            if errno != EINTR { return true }  // let the next call report the error
        }
    }
}
