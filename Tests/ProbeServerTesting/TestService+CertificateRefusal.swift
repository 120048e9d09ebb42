// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
import Testing
@testable import ProbeServer
@testable import ProbeClient
@testable import ProbeHTTPTesting

extension TestService {
    /// A client that refuses the certificate; returns once the one loop has read its alert.
    func refuseCertificate() throws {
        try #require(service.options.eventLoops == 1, "refuse orders its events on one loop")
        let before = service.api.certificateRefusals.list().count
        // OpenSSL's client, trusting only the system store: it sends unknown_ca and closes.
        let untrusting = try HTTPClient(server: ServerURL(scheme: .https, host: "127.0.0.1", port: port), trust: .system)
        _ = try? untrusting.get("/")
        // The alert is in the server's socket before the next connection is made, so the loop
        // handles it on that connection's first turn at the latest. A second request on it is
        // sent only after the first is answered: it is read on a later turn. Plain HTTP on the
        // setup port, so no handshake from this address marks the refusal as accepted since.
        let setup = try #require(service.server.port(of: "setup"))
        let later = try RawClient(port: setup)
        for _ in 0..<2 {
            later.send("GET /setup HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            try #require(later.readResponse() != nil, "the setup port did not answer")
        }
        try #require(service.api.certificateRefusals.list().count == before + 1, "the refusal was not recorded")
    }
}
#endif
