import Foundation
import ProbeCatalog
import ProbeStore
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeClient
@testable import ProbeHTTPTesting

/// `RunView` is the one wire type of a run: what the server answers is what the CLI's client
/// reads back, field for field.
@Suite struct RunViewWireTests {
    /// Whole seconds: the API writes dates without a fraction (`JSONCoding`, ISO 8601).
    static let created = Date(timeIntervalSince1970: 1_790_000_000)

    static func view() -> RunView {
        var record = RunRecord(
            id: "wire-run", label: "pixel-7 nightly", platform: .rnWebViewAndroid, requirementSet: "liveform",
            metadata: RunMetadata(["appVersion": .string("2.4.1"), "deviceModel": .string("Pixel 7"), "build": .number(8812),
                                   "requireTaps": .bool(true)]),
            userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7; wv)", createdAt: created, completedAt: created + 95,
            verdict: .notReady, detectedPlatform: .androidWebView)
        record.idChosen = true
        let result = ResultRecord(runID: record.id, probe: "camera.getUserMedia", attempt: 1, status: "fail", observed: "{}",
                                  elapsedMs: 412.5, at: created + 10, receivedAt: created + 11, reason: "NotAllowedError")
        var view = RunView(record, results: [result], writeKey: "k3y")
        view.absoluteUrl = "https://probebox:8443" + view.url
        view.certificateRefusals = [CertificateRefusal(at: created + 1, client: "10.0.0.7", serverName: "probebox",
                                                       refusal: .alert("certificate_unknown"))]
        return view
    }

    static func server(answering view: RunView) throws -> (TestServer, ProbeAPIClient) {
        var router = Router()
        router.get("/api/runs/:id") { _ in .json(view) }
        router.get("/api/runs") { _ in .json(RunListView(runs: [view], nextCursor: "next")) }
        let server = try TestServer(router: router)
        return (server, ProbeAPIClient(http: try HTTPClient(server: ServerURL(scheme: .http, host: "127.0.0.1", port: server.port))))
    }

    @Test func ServerAnswer_ReadsBackThroughTheClientUnchanged() throws {
        let view = Self.view()
        let (server, api) = try Self.server(answering: view)
        try withExtendedLifetime(server) {
            #expect(try api.run(view.id) == view)
            let list = try api.runs()
            #expect(list.runs == [view])
            #expect(list.nextCursor == "next")
        }
    }

    @Test func ClientDecoding_EncodesBackToTheServersBytes() throws {
        let bytes = try JSONCoding.encoder.encode(Self.view())
        let decoded = try JSONCoding.decoder.decode(RunView.self, from: bytes)
        #expect(try JSONCoding.encoder.encode(decoded) == bytes)
    }

    /// A newer server's platform or verdict is read as not set, as a store reads one.
    @Test func UnknownPlatformOrVerdict_DecodesAsNotSet() throws {
        let text = #"{"id":"r1","url":"/?run=r1","reportUrl":"/runs/r1","requirementSet":"liveform","metadata":{},"#
            + #""createdAt":"2026-09-21T14:13:20Z","platform":"visionos-webview","detectedPlatform":"tv","verdict":"maybe"}"#
        let view = try JSONCoding.decoder.decode(RunView.self, from: Data(text.utf8))
        #expect(view.platform == nil && view.detectedPlatform == nil && view.verdict == nil)
        #expect(view.requirementSet == "liveform")
    }
}
