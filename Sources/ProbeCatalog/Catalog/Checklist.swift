/// Every item of the four tabs of the LiveForm guide's "Verification Checklist", in its order
/// (docs/requirements.md#liveform), with how the product accounts for it. A verified or
/// inferred item names no probe here: each probe declares, in its own file, the items it
/// verifies or infers (`Probe.verifies`, `Probe.infers`), and the catalog builds each item's
/// probes from them (`Catalog.checklist`). What is no probe's stays here: the operator
/// questions and why an item is not observable.
/// Coverage is computed from the catalog's items (`ChecklistCoverage`), never counted by hand.
public enum Checklist {
    private static func ask(_ key: String, _ text: String, audience: OperatorQuestion.Audience = .tester) -> Coverage {
        .confirmed(OperatorQuestion(field: "answers.\(key)", text, audience: audience))
    }

    public static let liveform: [ChecklistItem] = common + android + ios + reactNative

    /// The same answer to every question of `operator.checklist` that the page asks (its
    /// `answers` object): the tester's, not the integrator's (`OperatorQuestion.Audience`).
    static func operatorAnswers(_ answer: JSONValue) -> [String: JSONValue] {
        var answers: [String: JSONValue] = [:]
        for item in liveform {
            if let question = item.coverage.question, question.probe == .operatorChecklist, question.audience == .tester {
                answers[question.key] = answer
            }
        }
        return answers
    }

    static let common: [ChecklistItem] = [
        ChecklistItem(
            "common.url.opens", .common, section: "URL and Navigation",
            "A LiveForm URL in the format https://form.argosidentity.com?pid={pid} opens successfully.",
            ask("liveformUrlOpens", "Did a real LiveForm URL (https://form.argosidentity.com?pid=…) open in this WebView?"))
            .only(in: .liveform),
        ChecklistItem(
            "common.url.pidEncoded", .common, section: "URL and Navigation",
            "pid is URL-encoded before being passed.",
            // About the app's code: no one holding the phone can see it.
            ask("pidEncoded", "Does the app pass pid through encodeURIComponent (or URLComponents / Uri.Builder) when it builds the URL?",
                audience: .integrator))
            .only(in: .liveform),
        ChecklistItem(
            "common.url.customSchemes", .common, section: "URL and Navigation",
            "External custom schemes open in an external app or fail gracefully.",
            .verified),
        ChecklistItem(
            "common.permissions.camera", .common, section: "Permissions",
            "Camera permission is verified before entering the WebView on first launch.",
            ask("cameraCheckedBeforeWebView", "On a fresh install, did the app ask for the camera before this page opened?")),
        ChecklistItem(
            "common.permissions.photos", .common, section: "Permissions",
            "Photo library/media permission is verified before entering the WebView on first launch.",
            ask("photosCheckedBeforeWebView", "On a fresh install, did the app ask for photo library / media access before this page opened?")),
        ChecklistItem(
            "common.permissions.deniedMessage", .common, section: "Permissions",
            "A recoverable message is shown if permission is denied.",
            ask("deniedMessageShown", "With the camera permission denied, did the app show a message instead of opening the page?")),
        ChecklistItem(
            "common.permissions.openSettings", .common, section: "Permissions",
            "The \"Open Settings\" button navigates to the app settings screen.",
            ask("openSettingsWorks", "Did the app's \"Open Settings\" button open this app's page in Settings?")),
        ChecklistItem(
            "common.webview.javascript", .common, section: "WebView Behavior",
            "LiveForm loads with JavaScript enabled.",
            .verified),
        ChecklistItem(
            "common.webview.cameraUI", .common, section: "WebView Behavior",
            "The camera UI opens when capturing an ID document.",
            .verified),
        ChecklistItem(
            "common.webview.picker", .common, section: "WebView Behavior",
            "The picker opens for image upload.",
            .verified),
        ChecklistItem(
            "common.webview.cookiesPersist", .common, section: "WebView Behavior",
            "Cookies and storage persist during normal WebView navigation.",
            .verified),
        ChecklistItem(
            "common.webview.loadingState", .common, section: "WebView Behavior",
            "A loading state is shown while the page loads.",
            .notObservable("The loading state is native UI drawn before the page exists; the page cannot see it. Watch for it when the page opens, or test it in the app's UI tests.")),
        ChecklistItem(
            "common.webview.loadError", .common, section: "WebView Behavior",
            "A recoverable error message is shown on WebView load error or HTTP error.",
            .confirmed(OperatorQuestion(probe: .navLoadError, field: "http500Recoverable", alsoFields: ["unreachableRecoverable"], "Did the app show a recoverable error for the HTTP 500 page and the unreachable address?"))),
    ]

    static let android: [ChecklistItem] = [
        ChecklistItem(
            "android.manifest.camera", .android,
            "android.permission.CAMERA is declared in AndroidManifest.xml.",
            .inferred),
        ChecklistItem(
            "android.runtime.camera", .android,
            "Android runtime camera permission is requested and verified as granted before opening the WebView.",
            .inferred),
        ChecklistItem(
            "android.onPermissionRequest", .android,
            "WebChromeClient.onPermissionRequest is implemented in native WebView code.",
            .verified),
        ChecklistItem(
            "android.onShowFileChooser", .android,
            "WebChromeClient.onShowFileChooser is implemented in native WebView code.",
            .verified),
        ChecklistItem(
            "android.webviewUpToDate", .android,
            "Android System WebView or Chrome is up to date.",
            .verified),
        ChecklistItem(
            "android.javaScriptEnabled", .android,
            "javaScriptEnabled is active.",
            .verified),
        ChecklistItem(
            "android.domStorageEnabled", .android,
            "domStorageEnabled is active.",
            .verified),
        ChecklistItem(
            "android.cookies", .android,
            "Cookies and third-party cookies are allowed.",
            .verified),
        ChecklistItem(
            "android.mediaGesture", .android,
            "Media playback and camera access are not blocked by user gesture policy or WebView settings.",
            .verified),
        ChecklistItem(
            "android.valueCallbackOnce", .android,
            "ValueCallback is called exactly once for all file chooser paths: success, cancel, and failure.",
            .verified),
        ChecklistItem(
            "android.contentUris", .android,
            "File upload results passed as content:// URIs are handled correctly.",
            .verified),
        ChecklistItem(
            "android.noFileUris", .android,
            "The app's file chooser implementation does not expose file:// URIs directly.",
            .notObservable("The page receives a File object, never the URI the chooser returned; review the chooser code (FileProvider content:// URIs only).")),
        ChecklistItem(
            "android.acceptAttribute", .android,
            "The LiveForm file selection UI allows file types matching the accept attribute.",
            .verified),
        ChecklistItem(
            "android.captureAttribute", .android,
            "The LiveForm capture UI opens the camera path matching the capture attribute.",
            .confirmed(OperatorQuestion(probe: .fileCapture, field: "cameraOpenedDirectly", "Did capture=\"environment\" / \"user\" open the camera directly?"))),
        ChecklistItem(
            "android.mixedContent", .android,
            "LiveForm resources are not blocked by HTTPS or mixed content policy.",
            .verified),
        ChecklistItem(
            "android.returnUrl", .android,
            "returnUrl or deep link navigation is delivered correctly to the external app/browser/customer app.",
            .confirmed(OperatorQuestion(probe: .navReturnUrl, field: "reachedApp", "Did the return URL reach the app as intended?"))),
    ]

    static let ios: [ChecklistItem] = [
        ChecklistItem(
            "ios.plist.camera", .ios,
            "NSCameraUsageDescription is declared in Info.plist.",
            .inferred),
        ChecklistItem(
            "ios.plist.photos", .ios,
            "NSPhotoLibraryUsageDescription is declared in Info.plist.",
            .notObservable("WKWebView's file input uses the system photo picker, which needs no photo-library permission, so a successful pick proves nothing about the key; check Info.plist in the build.")),
        ChecklistItem(
            "ios.appCameraPermission", .ios,
            "App-level camera permission request and status check work correctly before opening the WebView.",
            ask("cameraCheckedBeforeWebView", "On a fresh install, did the app ask for the camera before this page opened?")),
        ChecklistItem(
            "ios.appPhotosPermission", .ios,
            "App-level photo library permission request and status check work correctly before opening the WebView.",
            ask("photosCheckedBeforeWebView", "On a fresh install, did the app ask for photo library / media access before this page opened?")),
        ChecklistItem(
            "ios.uiDelegate", .ios,
            "WKUIDelegate is set on the native WKWebView.",
            .inferred),
        ChecklistItem(
            "ios.mediaCaptureHandler", .ios,
            "On iOS 15+, the WKUIDelegate media capture permission handler is verified.",
            .verified),
        ChecklistItem(
            "ios.fileInput", .ios,
            "input type=\"file\" works in WKWebView.",
            .verified),
        ChecklistItem(
            "ios.filesPassedBack", .ios,
            "Files selected or captured are correctly passed back to the WebView.",
            .verified),
        ChecklistItem(
            "ios.acceptAttribute", .ios,
            "The LiveForm file selection UI allows file types matching the accept attribute.",
            .verified),
        ChecklistItem(
            "ios.captureAttribute", .ios,
            "The LiveForm capture UI opens the camera path matching the capture attribute.",
            .confirmed(OperatorQuestion(probe: .fileCapture, field: "cameraOpenedDirectly", "Did capture=\"environment\" / \"user\" open the camera directly?"))),
        ChecklistItem(
            "ios.heic", .ios,
            "HEIC image uploads are handled correctly by the server or WebView flow.",
            .verified),
        ChecklistItem(
            "ios.javaScript", .ios,
            "JavaScript execution is enabled.",
            .verified),
        ChecklistItem(
            "ios.windowOpen", .ios,
            "window.open or new window requests are handled without blocking, according to app policy.",
            .verified),
        ChecklistItem(
            "ios.dataStore", .ios,
            "WKWebView cookie and website data store policy does not block the LiveForm flow.",
            .verified),
        ChecklistItem(
            "ios.mixedContent", .ios,
            "LiveForm resources are not blocked by HTTPS or mixed content policy.",
            .verified),
        ChecklistItem(
            "ios.returnUrl", .ios,
            "returnUrl, universal link, and deep link navigation are handled correctly per app policy.",
            .confirmed(OperatorQuestion(probe: .navReturnUrl, field: "reachedApp", "Did the return URL reach the app as intended?"))),
    ]

    static let reactNative: [ChecklistItem] = [
        ChecklistItem(
            "rn.javaScriptEnabled", .reactNative,
            "javaScriptEnabled is active in react-native-webview.",
            .verified),
        ChecklistItem(
            "rn.domStorageEnabled", .reactNative,
            "domStorageEnabled is active in react-native-webview.",
            .verified),
        ChecklistItem(
            "rn.cookies", .reactNative,
            "sharedCookiesEnabled and thirdPartyCookiesEnabled are configured per app policy.",
            .verified),
        ChecklistItem(
            "rn.mediaCapture", .reactNative,
            "Media capture WebView props do not block camera access.",
            .verified),
        ChecklistItem(
            "rn.fileAccess", .reactNative,
            "allowFileAccess and file selection work on both Android and iOS.",
            .verified),
        ChecklistItem(
            "rn.permissionApi", .reactNative,
            "Expo/RN permission API returns accurate camera and photo library/media permission status.",
            .notObservable("The permission status lives in the app's JavaScript, outside the WebView; compare it with the OS settings in the app's own tests.")),
        ChecklistItem(
            "rn.navigationHandlers", .reactNative,
            "The onShouldStartLoadWithRequest, onOpenWindow, and Linking.openURL combination handles returnUrl/deep links safely.",
            .verified),
        ChecklistItem(
            "rn.errorHandlers", .reactNative,
            "onError and onHttpError provide recoverable guidance and a diagnostic report.",
            .confirmed(OperatorQuestion(probe: .navLoadError, field: "http500Recoverable", alsoFields: ["unreachableRecoverable"], "Did the app show a recoverable error for the HTTP 500 page and the unreachable address?"))),
    ]
}
