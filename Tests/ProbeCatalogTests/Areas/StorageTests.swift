import Testing
@testable import ProbeCatalog

// Storage and cookies: what docs/requirements.md expects of each probe of the area (written out
// independently of the catalog, so a wrong expectation cannot pass by agreeing with itself),
// and the diagnoses its evaluators state, each proved by a named test.

extension Expected {
    static let storage: [Expected] = [
        .init("storage.local", "RRRRRRR", blocksFlow: true),
        .init("storage.session", "RRRRRRR", blocksFlow: true),
        .init("storage.indexedDB", "RRRRRRR", blocksFlow: true),
        .init("cookie.document", "RRRRRRR"),
        .init("cookie.server", "RRRRRRR"),
        // Android/RN-Android required; iOS expected blocked (ITP, docs/requirements.md#cookies).
        .init("cookie.thirdParty", "BBRRBRI"),
        .init("storage.navigation", "RRRRRRR"),
        .init("storage.relaunch", "RIRIRRI", .operator, needsPerson: true),
    ]
}

@Suite struct StorageDiagnosisTests {
    @Test func LocalStorageNullOnAndroid_MeansDomStorageIsOff() {
        let result = Run.result("storage.local", ["available": false, "writeReadRemove": false])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        // What the page saw leads; DOM storage's default is the cause, with its source.
        #expect(finding.diagnosis?.hasPrefix("localStorage is null: DOM storage is off") == true)
        #expect(finding.diagnosis?.contains("domStorageEnabled is false by default on Android and was not set") == true)
        #expect(finding.causes.first?.id == "android.dom-storage-off")
        #expect(finding.remedy?.androidKotlin?.contains("webView.settings.domStorageEnabled = true") == true)
        #expect(finding.remedy?.reactNative == "<WebView domStorageEnabled />")
    }

    @Test func LocalStorageThrowingOnAndroid_MeansDomStorageIsOff() {
        let result = Run.result("storage.local", ["available": true, "writeReadRemove": false, "errorName": "SecurityError"])
        let finding = Run.finding(.rnWebViewAndroid, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("throws SecurityError") == true)
        #expect(finding.diagnosis?.contains("domStorageEnabled") == true)
    }

    @Test func CookiesBlocked_PointsAtTheCookieManager() {
        let result = Run.result("cookie.document", ["cookieEnabled": false, "writeRead": false])
        let android = Run.finding(.androidWebView, result)
        #expect(android.verdict == .fail)
        #expect(android.diagnosis?.contains("CookieManager") == true)
        #expect(android.remedy?.androidKotlin?.contains("setAcceptCookie(true)") == true)
        #expect(Run.finding(.iosWKWebView, result).diagnosis?.contains("data store") == true)
    }

    @Test func DocumentCookieLostWhileTheServerCookieCameBack_NeverSaysCookiesAreOff() {
        let document = Run.result("cookie.document", ["cookieEnabled": true, "writeRead": false])
        let server = Run.result("cookie.server", ["setCookieSent": true, "echoed": true, "visibleToScript": false])
        let finding = Run.finding(.androidWebView, document, others: [server])
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("setAcceptCookie(false)") == false, "\(finding.diagnosis ?? "")")
        #expect(finding.diagnosis?.contains("Ruled out by this run: android.cookies-off") == true)
        #expect(!finding.causes.contains { $0.id == "android.cookies-off" })
    }

    @Test func ThirdPartyCookiesBlockedOnAndroid_PointsAtSetAcceptThirdPartyCookies() {
        let result = Run.result("cookie.thirdParty", ["frameLoaded": true, "set": true, "readBack": false])
        let finding = Run.finding(.androidWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.contains("setAcceptThirdPartyCookies(webView, true)") == true)
        #expect(finding.remedy?.reactNative?.contains("thirdPartyCookiesEnabled") == true)
    }

    @Test func ThirdPartyCookiesBlockedOnIOS_IsExpected() {
        let result = Run.result("cookie.thirdParty", ["frameLoaded": true, "set": true, "readBack": false])
        for platform in [Platform.iosWKWebView, .iosSafari, .rnWebViewIOS] {
            let finding = Run.finding(platform, result)
            #expect(finding.verdict == .pass, "\(platform)")
            #expect(finding.expectation == .expectedBlocked)
            #expect(finding.diagnosis?.contains("expected on iOS") == true)
        }
    }

    @Test func NonPersistentDataStore_IsSeenAfterRelaunch() {
        let result = Run.result("storage.relaunch", ["relaunched": true, "persistentCookie": false, "localStorage": false, "indexedDB": false])
        let finding = Run.finding(.iosWKWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.remedy?.iosSwift?.contains(".default()") == true)
    }

    @Test func CookiesRefusedInABrowser_LeadWithWhatThePageSaw_AndNameTheBrowsersSetting() {
        let finding = Run.finding(.desktop, Run.result("cookie.document", ["cookieEnabled": false, "writeRead": false]))
        #expect(finding.verdict == .fail)
        #expect(finding.lead == "The cookie was not kept.")
        #expect(finding.causes.first?.id == "browser.cookies-off")
        #expect(Symptom.cookiesBlocked.causes.first { $0.id == "browser.cookies-off" }?.context == .browser)
    }

    @Test func CookiesRefusedInABrowserWhileTheServerCookieCameBack_RuleTheBrowsersSettingOut() {
        let server = Run.result("cookie.server", ["setCookieSent": true, "echoed": true])
        let finding = Run.finding(.desktop, Run.result("cookie.document", ["cookieEnabled": true, "writeRead": false]), others: [server])
        #expect(!finding.causes.contains { $0.id == "browser.cookies-off" })
        #expect(finding.diagnosis?.contains("Ruled out by this run: browser.cookies-off") == true)
    }

    @Test func StorageNullInABrowser_IsTheBrowsersSiteSetting_NotAnAppsDataStore() {
        let finding = Run.finding(.desktop, Run.result("storage.local", ["available": false, "writeReadRemove": false]))
        #expect(finding.diagnosis?.hasPrefix("localStorage is null: the browser's settings keep this site from saving data") == true)
        #expect(finding.causes.map(\.id) == ["browser.site-data-blocked"])
    }

    @Test func HttpOnlyCookieInDocumentCookie_IsTheHostsBridge_NoSetting() {
        let finding = Run.finding(.androidWebView, Run.result("cookie.server", ["setCookieSent": true, "echoed": true, "visibleToScript": true]))
        #expect(finding.verdict == .warn)
        #expect(finding.diagnosis?.hasPrefix("The HttpOnly cookie showed in document.cookie: the host copies cookies") == true)
        #expect(finding.causes.map(\.id) == ["host.httponly-cookie-copied"])
        #expect(Symptom.httpOnlyVisible.causes.allSatisfy { $0.context == .app })
    }

    @Test func QuotaExceededOnARoundTrip_IsTheOriginsQuota() {
        let result = Run.result("storage.local", ["available": true, "writeReadRemove": false, "errorName": "QuotaExceededError"])
        let finding = Run.finding(.iosWKWebView, result)
        #expect(finding.verdict == .fail)
        #expect(finding.diagnosis?.hasPrefix("localStorage exists but a write-read-remove round trip failed (QuotaExceededError): the origin's storage quota") == true)
        #expect(finding.causes.first?.id == "storage.quota-exhausted")
        #expect(finding.causes.first?.likelihood == .likely)
    }

    @Test func ThirdPartyCookiesBlockedInChrome_AreChromesSiteSetting() {
        let frame = Run.result("cookie.thirdParty", ["frameLoaded": true, "set": true, "readBack": false])
        let finding = Run.finding(.androidChrome, frame)
        #expect(finding.causes.first?.id == "chrome.third-party-cookies-blocked")
        #expect(!finding.causes.contains { $0.id == "android.third-party-cookies-off" })
    }
}
