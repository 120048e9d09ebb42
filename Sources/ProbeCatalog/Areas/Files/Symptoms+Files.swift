/// File inputs: failing observations and their known causes (the chooser that never answered
/// is `Symptom.fileNoChooser`, beside the storage symptoms).
extension Symptom {
    /// file.accept: a non-image came back from an input that accepts image/*.
    static let acceptIgnored = Symptom(id: "file.accept-ignored", probes: [.fileAccept], observation: "a non-image came back from an input that accepts image/*", causes: [
        KnownCause("android.chooser-ignores-accept", .webViewPermissionHandler, scope: "Android WebView whose app builds its own chooser intent",
            summary: "the app's onShowFileChooser builds its own chooser intent that ignores the input's accept types: FileChooserParams.createIntent() builds one from them",
            check: "the app's onShowFileChooser launches fileChooserParams.createIntent(), or an intent whose type comes from fileChooserParams.acceptTypes",
            remedy: .fileChooser, source: PlatformSource.androidFileChooserParams,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("a non-image came back in an Android WebView")),
    ])

    /// file.capture outside Android's WebView: a file list opened instead of the camera. The
    /// capture attribute is the web platform's (HTML Media Capture), a hint an engine may meet
    /// with a file list; no setting of the app decides it there.
    static let captureIgnored = Symptom(id: "file.capture-ignored", probes: [.fileCapture], observation: "a capture input opened a file list instead of the camera", causes: [
        KnownCause("engine.capture-ignored", .page, scope: "engines without a camera picker (desktop browsers), or a chooser that offers both",
            summary: "the capture attribute asks for the camera instead of a file list, as a hint: an engine without a camera picker, or a chooser that offers both, opens a file list",
            check: "the input's capture attribute was set (file.capture posts it); then the engine, not the page, chose the file list",
            remedy: .captureAttribute, source: PlatformSource.captureAttribute, context: .webPlatform,
            weigh: .likely("a file list opened where the camera was asked for")),
    ])

    /// file.cancel: the second pick worked, the first chooser fired no cancel event. The event
    /// is the engines' (HTML), recent: Chrome 113, Safari 16.4.
    static let noCancelEvent = Symptom(id: "file.no-cancel-event", probes: [.fileCancel], observation: "a cancelled chooser fired no cancel event", causes: [
        KnownCause("engine.no-cancel-event", .page, scope: "Chrome before 113, Safari before 16.4",
            summary: "this engine does not fire the file input's cancel event, which is recent (Chrome 113, Safari 16.4)",
            check: "the engine's version in env.platform; nothing to fix while the second pick works",
            remedy: nil, source: PlatformSource.inputCancelEvent, context: .webPlatform,
            weigh: .likely("no cancel event, and the second pick worked")),
    ])

    /// file.cancel: after a cancel the second pick never came. The callback the app must
    /// answer on cancel is the platform's (native Android's filePathCallbackOnCancel, native
    /// iOS's runOpenPanelWithCancel rows link these).
    static let secondPickLost = Symptom(id: "file.second-pick-lost", probes: [.fileCancel], observation: "after a cancel the second pick never reached the page", causes: [
        KnownCause("android.chooser-cancel-unanswered", .webViewPermissionHandler, scope: "Android WebView whose app shows its own chooser",
            summary: "the cancelled chooser's ValueCallback was not answered with null, so the WebView still waits for it and ignores new picks",
            check: "on RESULT_CANCELED the app calls filePathCallback.onReceiveValue(null), and answers a pending callback before storing a new one",
            remedy: .fileCallbackOnCancel, source: PlatformSource.androidFileChooser,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("the second pick never fired after a cancel")),
        KnownCause("ios.open-panel-cancel-unanswered", .webViewPermissionHandler, scope: "iOS WKWebView whose WKUIDelegate implements runOpenPanelWith",
            summary: "the app's runOpenPanelWith did not call its completion handler when the panel was cancelled (it must, with nil), so WebKit opens no new panel",
            check: "every path of the app's runOpenPanelWith calls completionHandler once: with the URLs, or nil on cancel",
            remedy: .fileCallbackOnCancel, source: PlatformSource.wkRunOpenPanel,
            applies: { $0.family == .ios && $0.platform.isAppWebView },
            weigh: .likely("the second pick never reached the page after a cancel")),
    ])

    /// file.heic: the server refused a HEIC photo. WebKit transcodes a picked image to JPEG
    /// when the input's accept list does not allow its type: the page's accept list decides.
    static let heicRefused = Symptom(id: "file.heic-refused", probes: [.fileHeic], observation: "a HEIC photo reached the server unconverted and was refused", causes: [
        KnownCause("page.heic-refused", .page, scope: "iOS (WebKit), pages whose input accepts image/heic",
            summary: "the input's accept list allows HEIC, so WebKit did not transcode the photo to JPEG, and the server refuses HEIC: accept image/heic on the server, or keep accept=\"image/*\" so that iOS converts",
            check: "the input's accept attribute names image/heic (or *), and the server's accepted types",
            remedy: .heic, source: PlatformSource.heicConversion, context: .page,
            weigh: .likely("the server refused the unconverted HEIC")),
    ])
}
