#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeHTTP
/// `/setup`: how to get a device to trust the server and open the probe page. Also served
/// over plain HTTP on the setup port, because before the CA is trusted the HTTPS page
/// shows a certificate error instead.
public struct SetupPage: Sendable {
    /// The probe URLs, one per address, the first LAN one first.
    public var probeURLs: [String]
    /// What the QR code opens: the first probe URL, or the integrator's app link.
    public var qrTarget: String
    /// Set when the server uses its own local CA (nil with `--cert`/`--key` or `--http`).
    public var authorityFingerprint: String?
    public var authorityName: String?
    /// The HTTPS port, for `adb reverse`.
    public var port: UInt16
    public var isSecure: Bool
    /// The companions' debug deep links, shown with the probe URL in them.
    public var deepLinks: [DeepLinkSnippet] = []
    /// `--app-link`: the app's own link to the probe URL, else the companions' `myapp-debug://` one.
    public var appLinkTemplate: String?

    public init(probeURLs: [String], qrTarget: String, authorityFingerprint: String?, authorityName: String?,
                port: UInt16, isSecure: Bool) {
        self.probeURLs = probeURLs
        self.qrTarget = qrTarget
        self.authorityFingerprint = authorityFingerprint
        self.authorityName = authorityName
        self.port = port
        self.isSecure = isSecure
    }

    /// `--app-link myapp://webview?url={url}`: the QR code opens the integrator's app on the
    /// probe URL instead of the browser. `{url}` is percent-encoded as a query value.
    public static func appLink(template: String, url: String) -> String {
        var allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        allowed.formUnion([])
        var encoded = ""
        for b in url.utf8 {
            if allowed.contains(b) { encoded.unicodeScalars.append(UnicodeScalar(b)) } else {
                encoded += "%" + String(b, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return template.replacingEach("{url}", with: encoded)
    }

    /// How far back a refused handshake from the same address is shown on /setup: long
    /// enough to walk from the failed page to this one, short enough not to blame a device
    /// that has since been fixed.
    public static let refusalMemory: TimeInterval = 600

    /// `refusedHere`: a handshake from the address now asking for this page, refused lately;
    /// `route`: how that device came in, so the page names which way applies to it.
    /// `wrapper`: the `?wrapper=` a person picked (DeepLinkSnippet.catalog's ids), whose deep link opens unfolded.
    public func html(refusedHere: CertificateRefusal? = nil, route: DeviceRoute? = nil, wrapper: String? = nil) -> String {
        let e = ReportText.html
        let qr = (try? QRCode(text: qrTarget).svg(moduleSize: 6)) ?? "<p>(the URL is too long for a QR code)</p>"
        let urls = probeURLs.map { "<li><a href=\"\(e($0))\">\(e($0))</a></li>" }.joined()
        var ca = ""
        if let fp = authorityFingerprint {
            ca = """
            <section>
            <h2>1. Trust the local certificate authority</h2>
            <p>The server made its own certificate authority, <b>\(e(authorityName ?? "probe-server local CA"))</b>.
            Its SHA-256 fingerprint is <code class="fp">\(e(fp))</code>; check it on the device before you trust it.</p>
            <p class="downloads"><a class="button" href="/ca.mobileconfig">iOS profile</a> <a class="button" href="/ca.pem">CA certificate (PEM)</a></p>
            <h3>iOS and iPadOS</h3>
            <ol><li>Open this page in Safari and tap <b>iOS profile</b>; allow the download.</li>
            <li>Settings › General › VPN &amp; Device Management: install the downloaded profile.</li>
            <li>\(e(MobileConfig.trustInstructions))</li>
            <li>WKWebView and SFSafariViewController use the same trust store: the app under test now trusts the server.</li></ol>
            <h3>Android</h3>
            <ol><li>Download the CA certificate, then Settings › Security › Encryption &amp; credentials › Install a certificate › CA certificate.</li>
            <li>Apps trust user-installed CAs only if their network security config says so (Android 7+): in a debug build add
            <code>&lt;debug-overrides&gt;&lt;trust-anchors&gt;&lt;certificates src="user"/&gt;&lt;/trust-anchors&gt;&lt;/debug-overrides&gt;</code>
            to <code>res/xml/network_security_config.xml</code>.</li>
            <li>No certificate at all: <code>adb reverse tcp:\(port) tcp:\(port)</code> and open <code>https://localhost:\(port)/</code>
            (or run with <code>--http</code> and use <code>http://localhost:PORT/</code>: localhost is a secure context even over HTTP).</li></ol>
            <h3>Simulators and emulators</h3>
            <ol><li>iOS Simulator: drag <code>ca.pem</code> onto the simulator window, or <code>xcrun simctl keychain booted add-root-cert DATA_DIR/ca.pem</code>; open URLs with <code>xcrun simctl openurl booted "URL"</code>.</li>
            <li>Android emulator: <code>adb reverse</code> as above, or install the CA as on a device.</li></ol>
            <h3>Desktop browsers</h3>
            <p>Chromium/Chrome on Linux: <code>certutil -d sql:$HOME/.pki/nssdb -A -t "C,," -n probe-ca -i ca.pem</code>. macOS: add <code>ca.pem</code> to the login keychain and mark it trusted.</p>
            </section>
            """
        }
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>probe-server setup</title><link rel="stylesheet" href="/assets/setup.css"></head>
        <body><main>
        <h1>Point a device at probe-server</h1>
        \(refusedHere.map { r in
            "<p class=\"refused\" id=\"refused\"><b>This device (\(e(r.client))), \(Int(max(0, Date().timeIntervalSince(r.at)))) s ago, "
                + "\(e(r.explanation)).</b> Trust the CA (step 1 below), then open the probe page in the app (step 2).</p>"
        } ?? "")
        \(route.map { "<p class=\"route\" id=\"route\" data-route=\"\($0.rawValue)\">" + $0.advice(port: port, ownAuthority: authorityFingerprint != nil) + "</p>" } ?? "")
        <section class="qr"><figure>\(qr)<figcaption>\(e(qrTarget))</figcaption></figure></section>
        <section><h2>Probe URLs</h2><ul class="urls">\(urls)</ul>
        <p>Open one of these in the app's WebView: scan the QR code, or from a computer
        <code>adb shell am start -a android.intent.action.VIEW -d "URL" PACKAGE</code>, <code>xcrun simctl openurl booted "URL"</code>, or Appium's <code>mobile: deepLink</code>.</p></section>
        \(ca)
        \(appSection(step: ca.isEmpty ? "" : "2. ", picked: wrapper))
        </main></body></html>
        """
    }

    /// Step 2: the probe URL into the app's own WebView, which has no address bar: the app link to
    /// tap on the phone, the commands that send it from a computer, and the deep link to add to a
    /// debug build, per wrapper (a `<details>` each: the person opens theirs).
    func appSection(step: String, picked: String?) -> String {
        let e = ReportText.html
        let probeURL = probeURLs.first ?? "https://localhost:\(port)/"
        let link = Self.appLink(template: appLinkTemplate ?? DeepLinkSnippet.defaultAppLink, url: probeURL)
        let quoted = DeepLinkSnippet.shellQuoted(link)
        let origin = DeepLinkSnippet.origin(of: probeURL)
        let rename = appLinkTemplate == nil
            ? "<p>The app's own scheme goes in place of <code>myapp-debug</code>; start the server with <code>--app-link 'yourscheme://probe?url={url}'</code> and this page shows its link.</p>"
            : ""
        let snippets = deepLinks.map { snippet in
            """
            <details id="deep-link-\(e(snippet.wrapper))" data-wrapper="\(e(snippet.wrapper))"\(snippet.wrapper == picked ? " open" : "")><summary>\(e(snippet.title))</summary>
            <p>From <code>companions/\(e(snippet.file))</code>, with this server's origin in it:</p>
            <pre><code>\(e(snippet.source(origin: origin)))</code></pre></details>
            """
        }.joined(separator: "\n")
        return """
            <section id="app-link">
            <h2>\(step)Open the probe page in the app</h2>
            <p>The probe page tests the app's own WebView, not this browser: it has to open inside the app, and a WebView has
            no address bar. A debug build takes it through a deep link, only for this server's origin.</p>
            <p class="downloads"><a class="button" id="open-in-app" href="\(e(link))">Open in the app</a></p>
            <p>From a computer, to a device or an emulator on USB or adb:</p>
            <pre><code id="adb-command">\(e(DeepLinkSnippet.adbCommand(link)))</code></pre>
            <p>To the booted iOS Simulator:</p>
            <pre><code id="simctl-command">xcrun simctl openurl booted \(e(quoted))</code></pre>
            \(rename)
            <h3>The deep link in a debug build</h3>
            \(snippets.isEmpty ? "<p>The snippets are in <code>companions/</code> of the probe-server repository.</p>" : snippets)
            </section>
            """
    }

    public static let css = """
    :root { color-scheme: light dark; font-family: system-ui, -apple-system, sans-serif; }
    body { margin: 0; padding: 1rem; line-height: 1.5; }
    main { max-width: 44rem; margin: 0 auto; }
    h1 { font-size: 1.6rem; }
    code { font-family: ui-monospace, monospace; font-size: .9em; overflow-wrap: anywhere; }
    .fp { display: block; padding: .5rem; background: rgba(127,127,127,.15); }
    .refused { padding: .75rem; border-left: .3rem solid #c0392b; background: rgba(192,57,43,.12); }
    .route { padding: .75rem; border-left: .3rem solid #0a58ca; background: rgba(10,88,202,.1); }
    .qr figure { margin: 0; text-align: center; }
    pre { overflow-x: auto; padding: .5rem; background: rgba(127,127,127,.15); }
    summary { min-height: 48px; display: flex; align-items: center; cursor: pointer; }
    .qr svg { width: min(18rem, 80vw); height: auto; background: #fff; }
    .qr figcaption { overflow-wrap: anywhere; font-size: .9rem; }
    /* Touch targets of at least 48 px (https://developer.android.com/guide/topics/ui/accessibility/apps#large-controls;
       WCAG 2.2 §2.5.8 asks 24): the probe URLs are what a person taps on the phone. */
    .urls { padding-left: 0; list-style: none; }
    .urls a { display: flex; align-items: center; min-height: 48px; padding: .25rem .5rem; box-sizing: border-box; overflow-wrap: anywhere; }
    .button { display: inline-flex; align-items: center; min-height: 48px; box-sizing: border-box; padding: .75rem 1rem; margin: .25rem 0; border-radius: .5rem; background: #0a58ca; color: #fff; text-decoration: none; }
    """
}
