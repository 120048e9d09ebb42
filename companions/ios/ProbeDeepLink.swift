// The debug deep link: opens the probe page in this app's own WKWebView, so a tester (or
// `xcrun simctl openurl booted 'myapp-debug://probe?url=…'`) brings a run into the app, where
// a WebView has no address bar to type it in. Debug builds only: everything below is #if DEBUG.
//
// Where it goes:
// 1. Info.plist of the debug configuration: CFBundleURLTypes with the scheme `myapp-debug`
//    (rename it to one of your app's own: two apps that claim a scheme leave iOS to pick one).
//    Apple, "Defining a custom URL scheme for your app":
//    https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app
// 2. Your UIWindowSceneDelegate: iOS hands the link to scene(_:openURLContexts:) while the app
//    runs (below), and in connectionOptions.urlContexts of scene(_:willConnectTo:options:) when
//    the link launched it: call ProbeDeepLink.open(connectionOptions.urlContexts, in: webView) there
//    too, once the WebView exists. https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:)
//
// Only the probe server's origin is opened. A debug hook that loads any URL it is given is a
// security hole: any web page or app on the device could send a link that loads an attacker's
// page into a WebView that holds the app's cookies and native bridges.
#if DEBUG
import UIKit
import WebKit

enum ProbeDeepLink {
    /// The scheme registered in Info.plist, and the host that names this link.
    static let scheme = "myapp-debug"
    static let host = "probe"
    /// The probe server's origin (scheme, host and port), as `probe-server serve` prints it.
    static let probeOrigin = "https://probe-server.invalid:8443"

    /// `myapp-debug://probe?url=<percent-encoded probe URL>` → the probe URL, when it is on the
    /// probe server's origin; nil for any other link. Origins compare scheme, host and port
    /// (RFC 6454 §5), so https://probe-server.invalid.example.com or http:// do not pass.
    static func probeURL(from link: URL) -> URL? {
        guard link.scheme?.lowercased() == scheme, link.host?.lowercased() == host,
              let value = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "url" })?.value,
              let url = URL(string: value), let allowed = URL(string: probeOrigin),
              origin(of: url) == origin(of: allowed) else { return nil }
        return url
    }

    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        return "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

    /// Loads the first probe link among `contexts` into `webView`; true when one was loaded.
    @discardableResult
    static func open(_ contexts: Set<UIOpenURLContext>, in webView: WKWebView) -> Bool {
        guard let url = contexts.lazy.compactMap({ probeURL(from: $0.url) }).first else { return false }
        webView.load(URLRequest(url: url))
        return true
    }
}

/// How a scene delegate calls it; your own delegate's `webView` is the one the probe page tests.
final class ProbeDebugSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var webView: WKWebView?

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        if let webView { ProbeDeepLink.open(URLContexts, in: webView) }
    }
}
#endif
