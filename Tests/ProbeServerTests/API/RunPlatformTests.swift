import Foundation
import Testing
@testable import ProbeServer
import ProbeCatalog
@testable import ProbeStore
@testable import ProbeServerTesting
import ProbeRuns

/// One rule decides what a device is (`PlatformDetector.detect(observation:…)`, asked through
/// `RunJudge.platform`): the run's row, its diff and its report name the same platform.
@Suite struct RunPlatformTests {
    static let webView = "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36"
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"

    static func platformResult(_ id: String, userAgent: String, reactNative: Bool = false) -> String {
        TestService.result(id, "env.platform", status: "info",
                           observed: #"{"userAgent":"\#(userAgent)","reactNativeWebView":\#(reactNative)}"#)
    }

    @Test func RunsRowAndItsDiff_NameThePlatformThePageReported_NotThePostsHeader() throws {
        let s = try TestService(transport: .router)
        let id = try s.createRun()
        let posted = try s.request("POST", "/api/runs/\(id)/results", body: Self.platformResult(id, userAgent: Self.webView, reactNative: true),
                                   headers: ["User-Agent": "curl/8.5.0"])
        #expect(posted.status == 200)
        let row = try s.request("GET", "/api/runs/\(id)")
        let diff = try s.request("GET", "/api/runs/\(id)/diff")
        let judged = (diff.json["platform"] as? [String: Any])?["platform"] as? String
        #expect(judged == "rn-webview-android")
        #expect(row.json["detectedPlatform"] as? String == judged)
        #expect(row.json["userAgent"] as? String == Self.webView)
        let listed = try s.request("GET", "/api/runs?platform=rn-webview-android", headers: ["Authorization": "Bearer \(s.token)"])
        #expect((listed.json["runs"] as? [[String: Any]])?.map { $0["id"] as? String } == [id])
    }

    @Test func ConflictingPlatformResult_LeavesTheRowAsTheStoredResultSays() throws {
        let s = try TestService(transport: .router)
        let id = try s.createRun()
        _ = try s.request("POST", "/api/runs/\(id)/results", body: Self.platformResult(id, userAgent: Self.webView))
        let conflict = try s.request("POST", "/api/runs/\(id)/results", body: Self.platformResult(id, userAgent: Self.iPhone))
        #expect(conflict.json["conflicts"] as? Int == 1)
        let row = try s.request("GET", "/api/runs/\(id)")
        #expect(row.json["detectedPlatform"] as? String == "android-webview")
        let diff = try s.request("GET", "/api/runs/\(id)/diff")
        #expect((diff.json["platform"] as? [String: Any])?["platform"] as? String == "android-webview")
    }

    @Test func RunsOwnOverride_IsWhatTheDiffNames_AndTheRowKeepsWhatThePageReported() throws {
        let s = try TestService(transport: .router)
        let id = try s.createRun(#"{"platform":"ios-wkwebview"}"#)
        _ = try s.request("POST", "/api/runs/\(id)/results", body: Self.platformResult(id, userAgent: Self.webView))
        let row = try s.request("GET", "/api/runs/\(id)")
        #expect(row.json["platform"] as? String == "ios-wkwebview")
        #expect(row.json["detectedPlatform"] as? String == "android-webview")
        let diff = try s.request("GET", "/api/runs/\(id)/diff")
        #expect((diff.json["platform"] as? [String: Any])?["platform"] as? String == "ios-wkwebview")
    }
}

/// The page's first screen asks what opened it before a run exists (`POST /api/platform`): the
/// rule runs are judged with, so the banner and the end screen cannot disagree.
@Suite struct PlatformEndpointTests {
    static let samsung = "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36"
    static let safari = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"

    static func platform(_ reply: TestService.Reply) -> String? { reply.json["platform"] as? String }

    @Test func ABrowserIsToldApartFromAnAppsWebView_ByTheRuleRunsAreJudgedWith() throws {
        let s = try TestService(transport: .router)
        let samsung = try s.request("POST", "/api/platform", body: #"{"userAgent":"\#(Self.samsung)"}"#)
        #expect(samsung.status == 200)
        #expect(Self.platform(samsung) == "android-chrome" && samsung.json["wrapper"] as? String == "Samsung Internet")
        #expect(Self.platform(try s.request("POST", "/api/platform", body: #"{"userAgent":"\#(RunPlatformTests.webView)"}"#)) == "android-webview")
        #expect(Self.platform(try s.request("POST", "/api/platform", body: #"{"userAgent":"\#(Self.safari)"}"#)) == "ios-safari")
        // Safari's user agent with a bridge a host registered: an app's WKWebView after all.
        let bridged = try s.request("POST", "/api/platform", body: #"{"userAgent":"\#(Self.safari)","webkitMessageHandlers":true}"#)
        #expect(Self.platform(bridged) == "ios-wkwebview")
        // No body: the request's own User-Agent.
        #expect(Self.platform(try s.request("POST", "/api/platform", headers: ["User-Agent": RunPlatformTests.iPhone])) == "ios-wkwebview")
        // It stores nothing.
        let runs = try s.request("GET", "/api/runs", headers: ["Authorization": "Bearer \(s.token)"])
        #expect((runs.json["runs"] as? [[String: Any]])?.isEmpty == true)
    }

    @Test func ABodyThatIsNoObject_Is400() throws {
        let s = try TestService(transport: .router)
        #expect(try s.request("POST", "/api/platform", body: "[1]").status == 400)
        #expect(try s.request("POST", "/api/platform", body: "{").status == 400)
    }

    @Test func TheSignalsAreBoundedToWhatThePageSends_NotToTheResultsMegabyte() throws {
        let s = try TestService(transport: .router)
        let padded = #"{"userAgent":"\#(Self.safari)","pad":""# + String(repeating: "a", count: StoreLimits.maxPlatformSignalsBytes) + #""}"#
        #expect(try s.request("POST", "/api/platform", body: padded).status == 413)
    }
}
