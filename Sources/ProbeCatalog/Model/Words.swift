#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one place that turns the catalog's codes into a person's words: the reasons the page
/// gives a step it skipped, where a cause lives, how likely it is, a step's verdict, and
/// what was detected. The page (through `/api/config`), the HTML, Markdown and PDF reports,
/// JUnit and the terminal all read these, so one code never reads two ways; the codes stay
/// in the JSON, where scripts match them.
public enum Words {
    /// The reasons the page (`Public/probes/*.js`, `Public/app.js`) gives a step it did not
    /// run, in words. A reason not listed here is a sentence already (a thrown error's
    /// message, "the page did not navigate (location.assign)") and is shown as it came.
    public static let skipReasons: [String: String] = [
        Diff.unattendedSkipReason: "needs a person: the run is unattended",
        "skipped-by-operator": "skipped by the person running it",
        "camera-not-granted": "the camera was not granted",
        "no-second-origin": "the server has no second origin (serve --second-port)",
        "no-insecure-origin": "the server has no plain-HTTP origin (serve --setup-port)",
        // Browsers treat http://localhost as potentially trustworthy, so it cannot show a mixed-content block:
        // https://w3c.github.io/webappsec-secure-contexts/#is-origin-trustworthy
        "insecure-origin-is-loopback": "the plain-HTTP origin is loopback, which browsers treat as secure",
        "page-not-https": "the page is not served over HTTPS",
        "no-crypto-subtle": "crypto.subtle is missing (not a secure context)",
        "not-relaunched": "the app was not relaunched",
        "not-implemented": "this page has no code for the step",
    ]

    /// A skip reason in words; nil stays nil, an unknown reason is shown as it came.
    public static func reason(_ code: String?) -> String? {
        guard let code, !code.isEmpty else { return nil }
        return skipReasons[code] ?? code
    }

    /// Where a cause lives, as a person names it.
    public static func layer(_ layer: Cause.Layer) -> String {
        switch layer {
        case .page: return "the page or the server"
        case .webViewSetting: return "a WebView setting"
        case .webViewPermissionHandler: return "the WebView's permission or chooser callback"
        case .osPermission: return "the app's OS permission"
        case .app: return "the app around the WebView"
        case .device: return "the device"
        case .network: return "the network"
        }
    }

    /// The coarser layer a finding carries (report schema 1), as a person names it.
    public static func layer(_ layer: Finding.Layer) -> String {
        switch layer {
        case .webView: return "the app's WebView code"
        case .userOrOS: return "the person's answer or the OS setting"
        case .device: return "the device"
        case .network: return "the network"
        case .page: return "the page or the server"
        }
    }

    /// How far the evidence leaves a cause standing.
    public static func likelihood(_ likelihood: Cause.Likelihood) -> String {
        switch likelihood {
        case .conclusive: return "conclusive"
        case .likely: return "likely"
        case .possible: return "less likely"
        }
    }

    /// A step's verdict after a title: "Camera preview (skipped)".
    public static func verdict(_ verdict: Finding.Verdict) -> String {
        switch verdict {
        case .notRun: return "not run"
        default: return verdict.rawValue
        }
    }

    /// "likely, the app's OS permission: <summary>": the head of a cause's line in every report.
    /// Of a finding whose diagnosis opens with that cause's words (a row's cause that words an
    /// observation with no lead of its own), the summary is the diagnosis the report shows
    /// above it, and is not said twice.
    public static func causeHead(_ cause: Cause, in finding: Finding? = nil) -> String {
        let said = finding.map { isTheDiagnosis(cause, of: $0) } ?? false
        return "\(likelihood(cause.likelihood)), \(layer(cause.layer)): " + (said ? "the diagnosis above" : cause.summary)
    }

    /// A cause on one line for text reports: its head, the check that confirms it, its source.
    public static func causeLine(_ cause: Cause, in finding: Finding? = nil) -> String {
        "\(causeHead(cause, in: finding)) — check: \(cause.check) — source: \(cause.source)"
    }

    /// True when the finding's diagnosis, with no lead apart from it, opens with the cause's words.
    static func isTheDiagnosis(_ cause: Cause, of finding: Finding) -> Bool {
        finding.lead == nil && finding.diagnosis?.hasPrefix(cause.summary) == true
    }

    /// The diagnosis as a report shows it above the finding's causes: what was observed and
    /// what the run ruled out (`Finding.lead`), without the causes the lines below it list;
    /// the whole diagnosis when the finding lists no causes, or when it is its one cause
    /// (whose line then points up to it: `causeHead(_:in:)`).
    public static func diagnosis(_ finding: Finding) -> String? {
        guard let diagnosis = finding.diagnosis else { return nil }
        return finding.causes.isEmpty ? diagnosis : finding.lead ?? diagnosis
    }
}

extension Words {
    /// The one confidence of what was detected: the platform's, or the app framework's when
    /// that is lower (a run is as sure of what it ran in as of its least sure part).
    public static func confidence(_ detected: DetectedPlatform) -> DetectedPlatform.Confidence {
        min(detected.confidence, detected.wrapperDetection?.confidence ?? detected.confidence)
    }

    /// The app framework or bridge by its title ("Cordova (Java, Android)", "react-native-webview"),
    /// with "InAppBrowser" when the page runs in Cordova's; nil when none was seen.
    public static func framework(_ detected: DetectedPlatform) -> String? {
        if let framework = detected.wrapperDetection {
            return framework.wrapper.title + (framework.inAppBrowser ? " InAppBrowser" : "")
        }
        return detected.wrapper.map { Wrapper(rawValue: $0)?.title ?? $0 }
    }

    /// How the platform was decided: "detected with high confidence", or, when a query
    /// parameter chose it, "set by ?platform=" (a detection it overrode has no confidence
    /// worth saying: the run is judged as what the parameter says).
    public static func decided(_ detected: DetectedPlatform) -> String {
        var chosen: [String] = []
        if detected.overridden { chosen.append("?platform=") }
        if detected.wrapperDetection?.overridden == true { chosen.append("?wrapper=") }
        let confidence = "detected with \(confidence(detected).rawValue) confidence"
        guard !chosen.isEmpty else { return confidence }
        return "set by " + chosen.joined(separator: " and ") + (detected.overridden ? "" : "; the platform " + confidence)
    }

    /// What the page's user agent showed: "iOS 17.4 · WebKit 17.4 · react-native-webview".
    /// `framework`: false under `?platform=`, which names the framework itself.
    public static func seen(_ detected: DetectedPlatform, framework withFramework: Bool = true) -> String {
        var parts = [detected.os + (detected.osVersion.map { " \($0)" } ?? "")]
        parts.append(detected.engine + (detected.engineVersion.map { " \($0)" } ?? ""))
        if withFramework, let framework = framework(detected) { parts.append(framework) }
        return parts.filter { !$0.isEmpty && $0 != "unknown" }.joined(separator: " · ")
    }

    /// The platform a run is judged as, in one sentence every surface shows the same way:
    /// "Android WebView: Android 14 · Blink 126 · detected with high confidence", or with
    /// `?platform=` "React Native WebView (Android): set by ?platform=; the page itself
    /// showed Linux · Blink 140", so an override never reads as a detection.
    public static func platform(_ detected: DetectedPlatform) -> String {
        let seen = seen(detected, framework: !detected.overridden)
        if detected.overridden {
            return "\(detected.platform.title): \(decided(detected))" + (seen.isEmpty ? "" : "; the page itself showed \(seen)")
        }
        return "\(detected.platform.title): " + (seen.isEmpty ? "" : seen + " · ") + decided(detected)
    }
}
