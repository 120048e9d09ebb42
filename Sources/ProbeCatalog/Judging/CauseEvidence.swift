/// What a known cause is weighed against: one probe's result, the rest of the run, the
/// platform and the wrapper. Read-only; built by the evaluator that saw the failure.
struct CauseEvidence {
    let result: ProbeResult?
    let context: EvaluationContext

    var family: Platform.Family { context.family }
    var platform: Platform { context.platform.platform }
    /// Nil for a page a plugin opened in its own WebView (cordova-plugin-inappbrowser): the
    /// wrapper's defaults are its main WebView's, so such a page is weighed as a WebView the
    /// platform configures (the plugin's own chrome client, or none).
    var wrapper: Wrapper? {
        if context.platform.wrapperDetection?.inAppBrowser == true { return nil }
        let bridges = context.observed(.envInjected, "bridgeObjects")?.arrayValue?.compactMap(\.stringValue) ?? []
        return Wrapper(platform: context.platform, bridgeObjects: bridges)
    }
    // Evidence is weighed for several probes; each field counts where the probe declares it.
    var errorName: String? { text("errorName") }
    var errorMessage: String? { text("errorMessage") }
    var elapsedMs: Double { result.map { $0.ifDeclared("elapsedMs", .number)?.numberValue ?? $0.elapsedMs } ?? 0 }
    var promptShown: Bool? { result?.ifDeclared("promptShown", .boolean)?.boolValue }
    /// The file input's events, on the file probes that post them (file.capture posts its own pair).
    var cancelFired: Bool? { result?.ifDeclared("cancelFired", .boolean)?.boolValue }
    var changeFired: Bool? { result?.ifDeclared("changeFired", .boolean)?.boolValue }
    /// camera.permission's state before the first request, or the probe's own copy; nil where
    /// the engine's answer says nothing: Android WebView answers "denied" for the camera
    /// whatever the app or its handler would do (`PlatformSource.androidPermissionQuery`).
    var permissionStateBefore: String? {
        guard !(family == .android && platform.isAppWebView) else { return nil }
        return text("permissionStateBefore") ?? context.observed(.cameraPermission, "stateBefore")?.stringValue
    }
    var osVersion: Version? { context.platform.osVersion }
    var engineVersion: Version? { context.platform.engineVersion }
    /// The file input's cancel event: Chrome 113 and Safari 16.4 (`PlatformSource.inputCancelEvent`).
    /// Older engines, inside the support table (Android 9's WebView, iOS 15), give a person's
    /// cancel no event at all, so it looks like a chooser that never answered.
    var lacksCancelEvent: Bool {
        switch family {
        case .android: return engineVersion.map { $0 < Version([113]) } ?? false
        case .ios: return osVersion.map { $0 < Version([16, 4]) } ?? false
        case .desktop: return false
        }
    }
    var isFast: Bool { elapsedMs < Diff.fastDenialMs }
    var noPrompt: Bool { promptShown != true }
    var fastWithoutPrompt: Bool { isFast && noPrompt }

    /// "NotAllowedError in 40 ms with no prompt" — the words the evidence lines start from.
    var denialWords: String {
        "\(errorName ?? "the error") in \(milliseconds(elapsedMs))" + (promptShown == true ? " after a prompt" : (promptShown == false ? " with no prompt" : ""))
    }

    /// The page's request APIs the host replaced with its own script (env.injected's
    /// patchedNatives): such a request may leave by the host's native HTTP stack, never
    /// reaching the WebView's (CapacitorHttp does this, https://capacitorjs.com/docs/apis/http).
    var replacedRequestAPIs: [String] {
        let patched = observed(.envInjected, "patchedNatives")?.arrayValue?.compactMap(\.stringValue) ?? []
        return patched.filter { $0 == "fetch" || $0 == "XMLHttpRequest.open" }
    }

    func observed(_ probe: ProbeID, _ field: String) -> JSONValue? { context.observed(probe, field) }

    private func text(_ field: String) -> String? {
        guard let text = result?.ifDeclared(field, .string)?.stringValue, !text.isEmpty else { return nil }
        return text
    }
}
