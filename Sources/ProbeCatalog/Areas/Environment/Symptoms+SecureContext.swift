/// env.secureContext: a page that is not a secure context. Camera, microphone and storage APIs
/// are offered to secure contexts only, a rule of the web platform that no WebView setting
/// turns: the page's origin (https://, or http://localhost) is the cause, not the app.
extension Symptom {
    static let insecureContext = Symptom(id: "page.insecure-context", probes: [.envSecureContext], observation: "isSecureContext is false", causes: [
        KnownCause("page.insecure-context", .page, scope: "every engine",
            summary: "the page was loaded over http:// from a host other than localhost (or from an opaque origin), and camera and storage APIs are offered to secure contexts only",
            check: "the address the WebView loads: https://, or http://localhost with adb reverse",
            remedy: .secureContext, source: PlatformSource.mdnSecureContext,
            weigh: { e in .conclusive("isSecureContext is false" + (e.observed(.envSecureContext, "protocol")?.stringValue.map { " on \($0)" } ?? "")) }),
    ])
}
