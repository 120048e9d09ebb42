import Foundation
import Testing
@testable import ProbeCatalog

struct UserAgentCase: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let ua: String
    let signals: PlatformSignals?
    let platform: String
    let os: String
    let osVersion: String?
    let engine: String
    let engineMajor: Int?
    let wrapper: String?
    let confidence: String?

    var testDescription: String { name }

    static let corpus: [UserAgentCase] = {
        struct File: Decodable { let cases: [UserAgentCase] }
        guard let url = Bundle.module.url(forResource: "user-agents", withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url),
            let file = try? JSONDecoder().decode(File.self, from: data)
        else { return [] }
        return file.cases
    }()
}

@Suite struct PlatformDetectorTests {
    @Test func Corpus_HasAtLeastFortyRealUserAgents_CoveringEveryPlatform() {
        let corpus = UserAgentCase.corpus
        #expect(corpus.count >= 40)
        #expect(Set(corpus.map(\.platform)) == Set(Platform.allCases.map(\.rawValue)))
        let iosMajors = Set(corpus.filter { $0.os == "iOS" }.compactMap { $0.osVersion.flatMap { Version($0)?.major } })
        #expect(iosMajors.isSuperset(of: [14, 15, 16, 17, 18]))
        let androidWebViewMajors = Set(corpus.filter { $0.platform == "android-webview" }.compactMap { $0.osVersion.flatMap { Version($0)?.major } })
        #expect(androidWebViewMajors.isSuperset(of: [9, 10, 11, 12, 13, 14, 15]))
        let chromeMajors = Set(corpus.filter { $0.platform == "android-chrome" }.compactMap { $0.osVersion.flatMap { Version($0)?.major } })
        #expect(chromeMajors.isSuperset(of: [9, 10, 11, 12, 13, 14, 15]))
        #expect(corpus.contains { $0.name.contains("SFSafariViewController") })
        #expect(corpus.contains { $0.name.contains("desktop mode") })
        for app in ["Facebook", "Instagram", "LINE", "Samsung Internet", "react-native-webview"] {
            #expect(corpus.filter { $0.wrapper == app }.count >= 2, "\(app)")
        }
    }

    @Test(arguments: UserAgentCase.corpus)
    func Corpus_IsDetected(_ entry: UserAgentCase) {
        let detected = PlatformDetector.detect(userAgent: entry.ua, signals: entry.signals ?? PlatformSignals())
        #expect(detected.platform.rawValue == entry.platform, "\(detected.reasons)")
        #expect(detected.os == entry.os)
        #expect(detected.osVersion == entry.osVersion.flatMap { Version($0) })
        #expect(detected.engine == entry.engine)
        #expect(detected.engineVersion?.major == entry.engineMajor)
        if let wrapper = entry.wrapper { #expect(detected.wrapper == wrapper) }
        if let confidence = entry.confidence { #expect(detected.confidence.rawValue == confidence) }
        #expect(!detected.reasons.isEmpty)
    }

    @Test func AndroidWebView_EngineIsTheChromeMajor_FromTheWvToken() {
        let ua = "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.230803.041; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.193 Mobile Safari/537.36"
        let detected = PlatformDetector.detect(userAgent: ua)
        #expect(detected.platform == .androidWebView)
        #expect(detected.engineVersion?.major == 120)
        #expect(detected.confidence == .high)
    }

    @Test func PlatformQueryOverride_WinsAndIsSaid() {
        let ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
        let detected = PlatformDetector.detect(userAgent: ua, override: "ios-wkwebview")
        #expect(detected.platform == .iosWKWebView)
        #expect(detected.overridden)
        #expect(detected.confidence == .high)
        #expect(detected.osVersion == Version("17.5"))
        #expect(detected.reasons.last?.contains("overrides the detected ios-safari") == true)
    }

    @Test func UnknownOverride_IsIgnoredWithAReason() {
        let detected = PlatformDetector.detect(userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0", override: "windows-phone")
        #expect(detected.platform == .desktop)
        #expect(!detected.overridden)
        #expect(detected.reasons.last?.contains("ignored unknown ?platform=windows-phone") == true)
    }

    @Test func SafariLookingUserAgent_WithMessageHandlers_IsAWKWebView() {
        let ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
        let detected = PlatformDetector.detect(userAgent: ua, signals: PlatformSignals(webkitMessageHandlers: true))
        #expect(detected.platform == .iosWKWebView)
        #expect(detected.confidence == .high)
    }

    @Test func MacWithoutTouch_IsDesktop_ButWithTouchIsAnIPad() {
        let ua = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15"
        #expect(PlatformDetector.detect(userAgent: ua, signals: PlatformSignals(maxTouchPoints: 0)).platform == .desktop)
        #expect(PlatformDetector.detect(userAgent: ua, signals: PlatformSignals(maxTouchPoints: 5)).platform == .iosSafari)
    }

    @Test func EmptyUserAgent_IsLowConfidenceDesktop() {
        let detected = PlatformDetector.detect(userAgent: "")
        #expect(detected.platform == .desktop)
        #expect(detected.confidence == .low)
    }

    @Test func Signals_AreReadFromAnEnvPlatformResult() {
        let signals = PlatformSignals(observed: ["reactNativeWebView": true, "maxTouchPoints": 5, "uaPlatformVersion": "14.0.0", "uaBrands": ["Chromium/131"]])
        #expect(signals.reactNativeWebView == true)
        #expect(signals.maxTouchPoints == 5)
        #expect(signals.uaPlatformVersion == "14.0.0")
        #expect(signals.uaBrands == ["Chromium/131"])
    }
}

/// An app may replace its WebView's whole user agent (customUserAgent, setUserAgentString):
/// the page's other signals still tell the platform, so the run is judged as the app's
/// WebView it is, not as a desktop, and the detector says it read them.
@Suite struct AppOwnUserAgentTests {
    static let own = "ExampleBank/5.2.1 (build 331)"

    @Test func AnAppsOwnAgent_OnAndroid_IsAnAndroidWebView_ByItsClientHints() {
        var signals = PlatformSignals()
        signals.uaPlatform = "Android"
        signals.uaPlatformVersion = "14.0.0"
        signals.uaBrands = ["Chromium/130", "Android WebView/130", "Not?A_Brand/99"]
        let detected = PlatformDetector.detect(userAgent: Self.own, signals: signals)
        #expect(detected.platform == .androidWebView)
        #expect(detected.osVersion == Version("14.0.0"))
        #expect(detected.engineVersion?.major == 130)
        #expect(detected.userAgentNamesNoPlatform == true)
        #expect(detected.reasons.contains { $0.contains("names no platform") && $0.contains("userAgentData.platform") })
    }

    @Test func AnAppsOwnAgent_WithWebKitsMessageHandlers_IsAWKWebView() {
        var signals = PlatformSignals()
        signals.webkitMessageHandlers = true
        signals.maxTouchPoints = 5
        let detected = PlatformDetector.detect(userAgent: Self.own, signals: signals)
        #expect(detected.platform == .iosWKWebView)
        #expect(detected.confidence == .medium)
        #expect(detected.userAgentNamesNoPlatform == true)
    }

    @Test func AnAppsOwnAgent_WithReactNativesBridge_IsReactNative_OnTheFamilyTheOtherSignalsSay() {
        var android = PlatformSignals()
        android.reactNativeWebView = true
        android.uaPlatform = "Android"
        #expect(PlatformDetector.detect(userAgent: Self.own, signals: android).platform == .rnWebViewAndroid)
        var ios = PlatformSignals()
        ios.reactNativeWebView = true
        ios.webkitMessageHandlers = true
        #expect(PlatformDetector.detect(userAgent: Self.own, signals: ios).platform == .rnWebViewIOS)
    }

    @Test func AnAgentNamingNothing_WithNoOtherSignal_StaysADesktop() {
        let detected = PlatformDetector.detect(userAgent: Self.own, signals: PlatformSignals())
        #expect(detected.platform == .desktop)
        #expect(detected.userAgentNamesNoPlatform == nil)
    }

    @Test func EveryEnginesDefaultAgent_NamesItsPlatform() {
        for agent in UserAgentCase.corpus.map(\.ua) {
            #expect(PlatformDetector.userAgentNamesPlatform(agent), "\(agent)")
        }
        #expect(!PlatformDetector.userAgentNamesPlatform(Self.own))
    }
}
