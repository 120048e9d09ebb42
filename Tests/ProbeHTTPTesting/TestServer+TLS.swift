// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
@testable import ProbeHTTP

extension TestServer {
    /// A server on TLS with `certificates` (from a local CA), on `host`: what a client's trust
    /// and its errors are tested against.
    static func secure(router: Router, certificates: LocalCertificates, host: String = "127.0.0.1") throws -> TestServer {
        let context = try TLSContext(certificateChainFile: certificates.certificateChainFile, privateKeyFile: certificates.privateKeyFile)
        return try TestServer(router: router) { config in
            config.host = host
            config.isSecure = true
            config.makeTransport = { fd -> any Transport in
                if let session = try? context.makeSession(fileDescriptor: fd) { return session }
                return FailedTransport()
            }
        }
    }
}

/// Stands in when a test's TLS session cannot be made: every call fails.
final class FailedTransport: Transport {
    func handshake() -> TransportResult { .failed("no TLS session") }
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult { .failed("no TLS session") }
    func write(from buffer: UnsafeRawBufferPointer) -> TransportResult { .failed("no TLS session") }
    func write(vectored head: UnsafeRawBufferPointer, _ body: UnsafeRawBufferPointer) -> TransportResult { .failed("no TLS session") }
    func shutdown() {}
    var negotiatedProtocol: String? { nil }
}
#endif
