#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials

/// A wrapper's debug deep link, the companion file that opens the probe page in the app's own
/// WebView (companions/README.md). /setup shows it as read from that file, the one the companion
/// compile check compiles, so what a person copies is code that compiles; only the probe origin
/// is filled in.
public struct DeepLinkSnippet: Sendable, Equatable {
    /// The wrapper's id, as `?wrapper=` names it.
    public var wrapper: String
    public var title: String
    /// Below companions/.
    public var file: String
    public var source: String

    /// The origin the companion files carry until an integrator sets theirs: `.invalid` never
    /// resolves (RFC 2606 §2), so an unedited copy opens nothing.
    public static let placeholderOrigin = "https://probe-server.invalid:8443"
    /// The scheme and link the companions register; `--app-link` names the app's own.
    public static let defaultAppLink = "myapp-debug://probe?url={url}"

    /// The eight wrappers, in the order /setup lists them.
    public static let catalog: [(wrapper: String, title: String, file: String)] = [
        ("ios", "native iOS (WKWebView)", "ios/ProbeDeepLink.swift"),
        ("android", "native Android (WebView)", "android/ProbeDeepLink.kt"),
        ("react-native", "react-native-webview", "react-native/ProbeDeepLink.ts"),
        ("flutter_inappwebview", "flutter_inappwebview", "flutter/probe_deep_link.dart"),
        ("webview_flutter", "webview_flutter", "webview_flutter/probe_deep_link.dart"),
        ("capacitor", "Capacitor", "capacitor/ProbeDeepLink.ts"),
        ("cordova", "Cordova", "cordova/www/ProbeDeepLink.js"),
        ("maui", ".NET MAUI", "maui/ProbeDeepLink.cs"),
    ]

    /// The snippets found in `companions` (a checkout's companions/, beside Public/); a file that
    /// is missing is left out, and /setup then points at the repository instead.
    public static func load(companions: String) -> [DeepLinkSnippet] {
        catalog.compactMap { entry in
            guard let text = try? String(contentsOfFile: companions + "/" + entry.file, encoding: .utf8) else { return nil }
            return DeepLinkSnippet(wrapper: entry.wrapper, title: entry.title, file: entry.file, source: text)
        }
    }

    /// The source with `origin` (the probe server's scheme, host and port) in place of the placeholder.
    public func source(origin: String) -> String {
        source.replacingEach(Self.placeholderOrigin, with: origin)
    }

    /// `https://host:port/path` → `https://host:port`.
    public static func origin(of url: String) -> String {
        guard let start = url.firstRange(of: "://")?.upperBound else { return url }
        return String(url[..<(url[start...].firstIndex(of: "/") ?? url.endIndex)])
    }

    /// The adb command that sends `link` to the device. adb hands its arguments to the device's
    /// shell as one line, so the link is quoted for that shell, and the command for this one.
    public static func adbCommand(_ link: String) -> String {
        let remote = "am start -a android.intent.action.VIEW -d " + shellQuoted(link)
        // Inside double quotes only " $ ` and \ are special (POSIX shell, 2.2.3): without them the readable form holds.
        if !remote.contains(where: { "\"$`\\".contains($0) }) { return "adb shell \"\(remote)\"" }
        return "adb shell " + shellQuoted(remote)
    }

    /// `text` as one POSIX shell word: single-quoted, a quote inside closed, escaped, reopened.
    public static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingEach("'", with: "'\\''") + "'"
    }
}
