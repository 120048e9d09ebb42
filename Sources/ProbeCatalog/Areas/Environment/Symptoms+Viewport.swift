/// env.viewport: an Android WebView that spans the whole screen with no safe-area inset. From
/// Android 15 an app that targets SDK 35 is drawn edge to edge, under the status and
/// navigation bars (https://developer.android.com/about/versions/15/behavior-changes-15#edge-to-edge),
/// and Android WebView passed no safe-area insets to the page before version 140, the version
/// Capacitor's system-bar handling waits for
/// (https://github.com/ionic-team/capacitor/blob/8.4.2/android/capacitor/src/main/java/com/getcapacitor/plugin/SystemBars.java#L37-L41).
/// Bars the app hid on purpose give the same page, so both are said with the check between them.
extension Symptom {
    /// The first Android that draws every app targeting SDK 35 edge to edge.
    static let edgeToEdgeEnforcedFrom = Version([15])

    static let underSystemBars = Symptom(id: "viewport.under-system-bars", probes: [.envViewport], observation: "the page spans the whole screen and env(safe-area-inset-*) is 0", causes: [
        KnownCause("android.edge-to-edge-unhandled", .app,
            scope: "Android 15+ apps that target SDK 35, every wrapper (Capacitor 7: android.adjustMarginsForEdgeToEdge, \"disable\" by default)",
            summary: "Android 15 draws the app edge to edge and the app applies no system-bar insets, so the page's top and bottom sit under the status and navigation bars",
            check: "whether the status bar's icons are drawn over the page's top; the app's targetSdkVersion; a ViewCompat.setOnApplyWindowInsetsListener on the WebView or its parent",
            remedy: .edgeToEdgeInsets, source: "https://developer.android.com/about/versions/15/behavior-changes-15#edge-to-edge",
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: { e in
                guard let os = e.osVersion else {
                    return .possible("the whole screen with no inset", against: "the Android version is unknown, and edge to edge is enforced only from Android 15")
                }
                if os >= edgeToEdgeEnforcedFrom {
                    return .likely("Android \(os): edge to edge for every app that targets SDK 35")
                }
                return .possible("the whole screen with no inset", against: "Android \(os): only an app that asks for edge to edge (setDecorFitsSystemWindows(false), a status bar over the WebView) is drawn under the bars")
            }),
        KnownCause("app.system-bars-hidden", .app, scope: "every Android app",
            summary: "the app hides the status and navigation bars (immersive mode), so nothing covers the page and no inset is due",
            check: "whether the bars are visible while the page is shown; if they are not, nothing needs fixing",
            remedy: nil, source: "https://developer.android.com/develop/ui/views/layout/immersive", context: .app,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .possible("bars hidden on purpose give the same page")),
    ])
}
