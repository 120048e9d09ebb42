/// File inputs: the diagnoses `Diff+Files.swift` states (the causes it ranks are in
/// `Symptoms+Storage.swift` and `Symptoms+Camera.swift`).
extension Diagnosis {
    static let uploadAltered = KnownDiagnosis("network.upload-altered", probes: [.fileAccept], .reissuedRequestsLoseBody) {
        "The uploaded file's SHA-256 on the server differs from the page's: the upload was altered on the way (a request interceptor or bridge)."
    }

    static let acceptIgnored = KnownDiagnosis("android.chooser-ignores-accept", probes: [.fileAccept],
        .fact("FileChooserParams.createIntent() builds the chooser intent from the input's accept types", source: PlatformSource.androidFileChooserParams)) {
        "accept=\"image/*\" was asked, but the chooser returned a non-image: the chooser intent ignores the accept types (use fileChooserParams.createIntent())."
    }

    static let chooserCancelledByPerson = KnownDiagnosis("file.chooser-cancelled", probes: [.fileAccept, .fileHeic], .instruction) {
        "Pick a photo to verify file selection."
    }

    /// A cancel sooner than a person can see a chooser (`Diff.fastCancelMs`): none was shown.
    /// `bothPicks`: file.cancel, where the cancel-then-pick path ends there too.
    static let chooserNeverShown = KnownDiagnosis("webview.chooser-never-shown", probes: [.fileAccept, .fileHeic, .fileCancel], .fact("a cancelled chooser must answer the ValueCallback with null; the default onShowFileChooser cancels every request", source: PlatformSource.androidFileChooser)) { (family: Platform.Family, cancelledMs: Double, bothPicks: Bool) in
        var text = "The chooser was cancelled \(milliseconds(cancelledMs)) after the tap, sooner than a person can see one: none was shown."
        switch family {
        case .android:
            text += " WebChromeClient.onShowFileChooser is not implemented (or returns false), and the default cancels every file request."
        case .ios:
            text += " webView(_:runOpenPanelWith:…) calls its completion handler with nil without presenting a panel."
        case .desktop:
            break
        }
        return text + (bothPicks ? " Both picks end there, so the cancel-then-pick path cannot work either." : "")
    }

    static let noChooserAndroid = KnownDiagnosis("android.no-file-chooser", probes: [.fileAccept, .fileHeic],
        .fact("the default WebChromeClient.onShowFileChooser cancels every file request", source: PlatformSource.androidFileChooser)) {
        "Neither change nor cancel fired after the tap: WebChromeClient.onShowFileChooser is not implemented, and the default cancels every file request."
    }
    static let openPanelUnanswered = KnownDiagnosis("ios.open-panel-unanswered", probes: [.fileAccept, .fileHeic],
        .fact("WebKit shows its own file panel unless the WKUIDelegate implements runOpenPanelWith, which must call its completion handler", source: PlatformSource.wkRunOpenPanel)) {
        "The file panel never answered: the host implements webView(_:runOpenPanelWith:…) without calling the completion handler (uploads work by default when it is not implemented)."
    }
    static let chooserUnanswered = KnownDiagnosis("file.chooser-unanswered", probes: [.fileAccept, .fileHeic], .observation) {
        "The file chooser did not answer."
    }

    /// The leads of `Symptom.captureNotCamera` and `Symptom.fileNoChooser` on file.capture and file.cancel.
    static let captureNotCamera = KnownDiagnosis("file.capture-not-camera", probes: [.fileCapture], .observation) {
        "The capture input did not open the camera"
    }
    static let cancelBeforeChooser = KnownDiagnosis("file.cancel-before-chooser", probes: [.fileCancel], .observation) { (cancelledMs: Double) in
        "The chooser was cancelled \(milliseconds(cancelledMs)) after the tap, sooner than a person can see one: none was shown, so the cancel-then-pick path cannot work either"
    }

    static let captureIgnored = KnownDiagnosis("webview.capture-ignored", probes: [.fileCapture],
        .fact("the capture attribute asks for the camera instead of a file list", source: PlatformSource.captureAttribute)) {
        "The capture attribute was not honoured: a file list opened instead of the camera."
    }
    static let capturedPhotoLost = KnownDiagnosis("android.capture-result-lost", probes: [.fileCapture],
        .fact("the chooser's result reaches the page only through the ValueCallback", source: PlatformSource.androidFileChooser)) {
        "The camera opened but no photo came back to the page: the chooser result is not passed to the ValueCallback (Android: parse the capture output content:// URI)."
    }
    static let captureUnconfirmed = KnownDiagnosis("file.capture-unconfirmed", probes: [.fileCapture], .instruction) {
        "Files came back; the person did not say whether the camera opened directly."
    }

    static let noCancelEvent = KnownDiagnosis("engine.no-cancel-event", probes: [.fileCancel],
        .fact("the file input's cancel event is recent (Chrome 113, Safari 16.4)", source: PlatformSource.inputCancelEvent)) {
        "No cancel event on the first chooser: this engine does not fire it; the second pick works, which is what matters."
    }
    static let cancelledCallbackUnanswered = KnownDiagnosis("android.chooser-callback-lost", probes: [.fileCancel],
        .fact("a cancelled chooser must answer the ValueCallback with null", source: PlatformSource.androidFileChooser)) {
        "After a cancel the second pick never fires: the ValueCallback of the cancelled chooser was not answered with null, so the WebView still waits for it and ignores new picks."
    }
    static let cancelledPanelUnanswered = KnownDiagnosis("ios.open-panel-cancel-unanswered", probes: [.fileCancel],
        .fact("the open-panel handler must call its completion handler, with nil on cancel", source: PlatformSource.wkRunOpenPanel)) {
        "After a cancel the second pick did not reach the page: the host's open-panel handler did not call its completion handler on cancel."
    }

    static let heicRefused = KnownDiagnosis("page.heic-refused", probes: [.fileHeic],
        .fact("WebKit transcodes a picked image whose type the input's accept list does not allow (a HEIC photo to JPEG)", source: PlatformSource.heicConversion)) {
        "A HEIC photo reached the server unconverted and was refused: accept image/heic on the server, or let iOS convert by keeping accept=\"image/*\"."
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let filesDeclared: [any DeclaredDiagnosis] = [
        uploadAltered, acceptIgnored, chooserCancelledByPerson, chooserNeverShown, noChooserAndroid,
        openPanelUnanswered, chooserUnanswered, captureNotCamera, cancelBeforeChooser, captureIgnored,
        capturedPhotoLost, captureUnconfirmed, noCancelEvent, cancelledCallbackUnanswered, cancelledPanelUnanswered,
        heicRefused,
    ]
}
