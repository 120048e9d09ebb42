/// A row's fix that a Swift helper writes around a few words of the row's own: the data
/// names the template and gives its fields, `"fix": {"template": "cordovaSettingsJava",
/// "statement": "webView.getSettings()…;"}`, and the helper (beside its wrapper's fixes)
/// writes the whole file or member that Tests/remedies/check.py compiles.
enum WrapperFixTemplate: String, CaseIterable {
    /// Cordova: a MainActivity.onCreate that reaches the engine's WebView. `statement`.
    case cordovaSettingsJava
    /// Cordova: config.xml lines. `xml`.
    case configXML
    /// Capacitor: capacitor.config.ts keys. `body`.
    case capConfig
    /// AndroidManifest.xml elements. `body`.
    case manifest
    /// The manifest's <queries> entry for ACTION_IMAGE_CAPTURE (targetSdk 30+).
    case captureQueriesManifest
    /// webview_flutter_wkwebview's creation parameters. `arguments`, optional `comment`.
    case webKitController
    /// webview_flutter: custom schemes and window.open out of the WebView.
    case webviewFlutterNavigationDelegate
    /// flutter_inappwebview: window.open into the browser.
    case inAppWebViewWindows
    /// .NET MAUI: a WebViewHandler mapping for Android. `key`, `statement`.
    case mauiMapping
    /// The app's own Android activity flushing cookies on pause. `file`, `activity`, `activityImport`.
    case flushOnPause

    var required: [String] {
        switch self {
        case .cordovaSettingsJava: return ["statement"]
        case .configXML: return ["xml"]
        case .capConfig, .manifest: return ["body"]
        case .webKitController: return ["arguments"]
        case .mauiMapping: return ["key", "statement"]
        case .flushOnPause: return ["file", "activity", "activityImport"]
        case .captureQueriesManifest, .webviewFlutterNavigationDelegate, .inAppWebViewWindows: return []
        }
    }

    var optional: [String] { self == .webKitController ? ["comment"] : [] }

    /// Every field some template takes.
    static var allFields: [String] { Array(Set(allCases.flatMap { $0.required + $0.optional })).sorted() }

    func fix(_ fields: DataFields) throws -> WrapperSettingRow.Fix {
        typealias C = WrapperCatalog
        switch self {
        case .cordovaSettingsJava: return C.cordovaSettingsJava(try fields.text("statement"))
        case .configXML: return C.configXML(try fields.text("xml"))
        case .capConfig: return C.capConfig(try fields.text("body"))
        case .manifest: return Self.manifest(try fields.text("body"))
        case .captureQueriesManifest: return Self.manifest(Self.captureQueries)
        case .webKitController:
            return C.webKitController(try fields.strings("arguments"), comment: fields.has("comment") ? try fields.string("comment") : nil)
        case .webviewFlutterNavigationDelegate: return .code(language: "Dart", kind: "dart.controllerStatements", C.wfNavigationDelegate)
        case .inAppWebViewWindows: return .code(language: "Dart", kind: "dart.inAppArgument", C.iawWindows)
        case .mauiMapping: return C.mauiMapping(try fields.string("key"), try fields.text("statement"))
        case .flushOnPause:
            return Self.flushOnPause(try fields.string("file"), try fields.string("activity"), try fields.string("activityImport"))
        }
    }

    static func manifest(_ body: String) -> WrapperSettingRow.Fix {
        .code(language: "XML (AndroidManifest.xml)", kind: "xml.manifest",
              "<!-- android/app/src/main/AndroidManifest.xml -->\n"
              + "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n" + body + "\n</manifest>")
    }

    static let captureQueries = """
            <queries>
                <intent>
                    <action android:name="android.media.action.IMAGE_CAPTURE" />
                </intent>
            </queries>
        """

    /// The app's own Android activity writing the WebView's cookies to disk whenever the app
    /// leaves the foreground: the wrappers flush at most after a page load, or never.
    static func flushOnPause(_ path: String, _ superclass: String, _ superImport: String) -> WrapperSettingRow.Fix {
        .code(language: "Kotlin", kind: "kotlin.file", """
            // \(path)
            package com.example.app

            import android.webkit.CookieManager
            import \(superImport)

            class MainActivity : \(superclass)() {
                // Cookies set since the last flush are only in memory: write them
                // before the system can end the process in the background.
                override fun onPause() {
                    super.onPause()
                    CookieManager.getInstance().flush()
                }
            }
            """)
    }
}
