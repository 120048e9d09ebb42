// The probes of file input: the chooser, capture, cancel and HEIC: their names, their declarations,
// the diagnoses they can state, how their results are judged, the causes they rank and the fixes
// their findings carry, side by side; docs/adding-a-probe.md walks adding a probe to an area.

/// The names of this area's probes, in page order: each is the `id` of one declaration below.
extension ProbeID {
    public static let fileAccept = ProbeID(rawValue: "file.accept")
    public static let fileCapture = ProbeID(rawValue: "file.capture")
    public static let fileCancel = ProbeID(rawValue: "file.cancel")
    public static let fileHeic = ProbeID(rawValue: "file.heic")
}

extension StandardProbes {
    // MARK: files

    static let files: [Probe] = [
        Probe(
            id: .fileAccept, title: "Pick an image",
            instructions: "Tap \"Choose image\" and pick any photo.",
            kind: .tap, phase: .files,
            checks: "accept=\"image/*\": change event, file type, size, lastModified, sniffed format and SHA-256; a multipart upload whose server hash must match.",
            observed: [
                F("changeFired", .boolean, "True when the input fired change."),
                F("cancelFired", .boolean, "True when the input fired cancel."),
                F("waitedMs", .number, "How long the page waited after the tap before giving up."),
                F("fileCount", .integer, "input.files.length."),
                F("type", .string, "File.type as the page saw it."),
                F("size", .integer, "File.size in bytes."),
                F("lastModified", .number, "File.lastModified."),
                F("sniffedFormat", .string, "Format from the file's magic bytes: jpeg, png, heic, gif, webp, other."),
                F("sha256", .string, "SHA-256 of the file computed by the page."),
                F("serverSha256", .string, "SHA-256 of the upload computed by the server."),
                F("hashMatch", .boolean, "True when both hashes are equal."),
                F("uploadStatus", .integer, "HTTP status of the multipart upload."),
                F("accept", .string, "The input's accept attribute."),
                F("captureAttribute", .string, "The input's capture attribute (null: none)."),
                F("name", .string, "File.name."),
                F("lastModifiedAgeMs", .number, "Milliseconds between File.lastModified and the pick (a fresh camera photo is seconds old)."),
                F("serverFormat", .string, "Format the server sniffed from the upload."),
                F("serverAccepted", .boolean, "True when the server accepted the upload."),
                F("uploadError", .string, "Exception name when the upload request threw."),
            ],
            healthy: .init(["changeFired": true, "cancelFired": false, "fileCount": 1, "type": "image/jpeg", "size": 123_456, "sniffedFormat": "jpeg", "sha256": "ab", "serverSha256": "ab", "hashMatch": true, "uploadStatus": 200]),
            expectation: .init(.required, expected: "the picker opens; the file reaches the page and the server intact"),
            remedy: .fileChooser, marksStart: true).tappedByFarms().evaluated(
                by: Diff.evaluateFileAccept,
                concluding: [
                "no change and no cancel after the tap on Android → onShowFileChooser not implemented (the default cancels)",
                "no answer on iOS → runOpenPanelWith implemented without calling its completion handler",
                "server hash differs → the upload was altered",
                "non-image despite accept=image/* → the chooser intent ignores accept (warning)",
                ]).blockingTheFlow()
            .verifies(
                "common.webview.picker", "android.onShowFileChooser", "android.valueCallbackOnce", "android.contentUris",
                "android.acceptAttribute", "ios.fileInput", "ios.filesPassedBack", "ios.acceptAttribute", "rn.fileAccess"),
        Probe(
            id: .fileCapture, title: "Capture with the camera",
            instructions: "Tap \"Back camera\" then \"Front camera\"; take a photo each time. Did the camera open directly?",
            kind: .tap, asksOperator: true, answeredByPerson: true, phase: .files,
            checks: "capture=\"environment\" and capture=\"user\", and the person says whether the camera opened directly.",
            observed: [
                F("environmentChangeFired", .boolean, "True when the capture=environment input fired change."),
                F("environmentFileCount", .integer, "Files received from capture=environment."),
                F("userChangeFired", .boolean, "True when the capture=user input fired change."),
                F("userFileCount", .integer, "Files received from capture=user."),
                F("cameraOpenedDirectly", .boolean, "The person's answer: did the camera open directly (not a file list)?"),
                F("environmentCaptureAttribute", .string, "The capture attribute the page set on the back-camera input."),
                F("userCaptureAttribute", .string, "The capture attribute the page set on the front-camera input."),
            ],
            healthy: .init(["environmentChangeFired": true, "environmentFileCount": 1, "userChangeFired": true, "userFileCount": 1, "cameraOpenedDirectly": true]),
            expectation: .init(.required, [.desktop: .info], expected: "the camera path opens"),
            remedy: .captureAttribute, marksStart: true).evaluated(
                by: Diff.evaluateFileCapture,
                concluding: [
                "a file list instead of the camera → capture not honoured by the chooser intent",
                ]).blockingTheFlow()
            .verifies("android.contentUris", "ios.filesPassedBack"),
        Probe(
            id: .fileCancel, title: "Cancel, then pick again",
            instructions: "Tap \"Choose image\", cancel the chooser, then tap it again and pick a photo.",
            kind: .tap, asksOperator: true, phase: .files,
            checks: "Cancel the chooser, then choose again: the second pick must work; a cancel event where supported.",
            observed: [
                F("cancelFired", .boolean, "True when the first (cancelled) chooser fired cancel."),
                F("cancelMs", .number, "Milliseconds from the first tap to its cancel event (a cancel within a few ms: no chooser was shown)."),
                F("secondChooserOpened", .boolean, "The person's answer: did the chooser open the second time?"),
                F("secondChangeFired", .boolean, "True when the second pick fired change."),
                F("secondFileCount", .integer, "Files received on the second pick."),
                F("taps", .integer, "Taps on \"Choose image\" so far."),
                F("firstPickChanged", .boolean, "True when the first chooser returned a file instead of being cancelled."),
            ],
            healthy: .init(["cancelFired": true, "secondChooserOpened": true, "secondChangeFired": true, "secondFileCount": 1]),
            expectation: .init(.required, expected: "the second pick works; cancel fires where supported"),
            remedy: .fileCallbackOnCancel, marksStart: true).tappedByFarms(clicks: 2).evaluated(
                by: Diff.evaluateFileCancel,
                concluding: [
                "second pick never fires after a cancel → the ValueCallback was not answered with null",
                ])
            .verifies("android.valueCallbackOnce"),
        Probe(
            id: .fileHeic, title: "HEIC photo",
            instructions: "Tap \"Choose HEIC\" and pick a photo taken with the camera (HEIC on iPhone).",
            kind: .tap, phase: .files,
            checks: "What type reached the page for a HEIC pick, and whether the server accepts it.",
            observed: [
                F("changeFired", .boolean, "True when the input fired change (a file was picked)."),
                F("cancelFired", .boolean, "True when the input fired cancel."),
                F("waitedMs", .number, "Milliseconds from the tap to change, cancel or \"Nothing happened\"."),
                F("type", .string, "File.type the page saw (image/heic, image/jpeg, empty)."),
                F("sniffedFormat", .string, "Format from magic bytes: heic, jpeg, other."),
                F("serverAccepted", .boolean, "True when the server accepted the upload."),
                F("convertedToJpeg", .boolean, "True when the platform converted the pick to JPEG."),
                F("serverFormat", .string, "Format the server sniffed from the upload."),
                F("name", .string, "File.name (a .heic name with JPEG bytes: the platform converted it)."),
                F("size", .integer, "File.size in bytes."),
            ],
            healthy: .init(["type": "image/jpeg", "sniffedFormat": "jpeg", "serverAccepted": true, "convertedToJpeg": true]),
            expectation: .init(
                .info, ExpectationRule.on(ExpectationRule.iosAll, .required),
                expected: "accepted, or converted to JPEG"),
            remedy: .heic, marksStart: true).tappedByFarms().evaluated(
                by: Diff.evaluateHEIC,
                concluding: [
                "refused by the server → accept image/heic or let iOS convert",
                ])
            .verifies("ios.heic"),
    ]

    /// The failing observations this area's evaluators rank causes for (`Catalog.symptoms`).
    static let filesSymptoms: [Symptom] = [.fileNoChooser, .captureNotCamera, .acceptIgnored, .captureIgnored, .noCancelEvent, .secondPickLost, .heicRefused]
}

/// File inputs: the diagnoses the evaluators below state (the causes they rank are the
/// symptoms below).
extension Diagnosis {
    /// What the page saw; the causes are `Symptom.requestIntercepted`'s (the platform's rows link them).
    static let uploadAltered = KnownDiagnosis("network.upload-altered", probes: [.fileAccept], .observation) {
        "The uploaded file's SHA-256 on the server differs from the page's: the upload was altered on the way"
    }

    /// What the page saw; the cause is `Symptom.acceptIgnored`'s (native Android's createIntent row links it).
    static let acceptIgnored = KnownDiagnosis("file.accept-ignored", probes: [.fileAccept], .observation) {
        "accept=\"image/*\" was asked, but the chooser returned a non-image"
    }

    static let chooserCancelledByPerson = KnownDiagnosis("file.chooser-cancelled", probes: [.fileAccept, .fileHeic], .instruction) {
        "Pick a photo to verify file selection."
    }

    /// A cancel sooner than a person can see a chooser (`Diff.fastCancelMs`): none was shown.
    /// `bothPicks`: file.cancel, where the cancel-then-pick path ends there too.
    /// What the page saw of an instant cancel; the causes are `Symptom.fileNoChooser`'s and the
    /// settings rows' (native Android's onShowFileChooser, native iOS's runOpenPanelWith answering
    /// nil, a wrapper's own).
    static let chooserCancelledAtOnce = KnownDiagnosis("file.chooser-cancelled-at-once", probes: [.fileAccept, .fileHeic], .observation) { (cancelledMs: Double) in
        "The chooser was cancelled \(milliseconds(cancelledMs)) after the tap, sooner than a person can see one: none was shown"
    }

    // What the page saw; the causes are `Symptom.fileNoChooser`'s and the settings rows'
    // (native Android's onShowFileChooser, a wrapper's own file-chooser row).
    static let noChooserAndroid = KnownDiagnosis("android.chooser-unanswered", probes: [.fileAccept, .fileHeic], .observation) {
        "Neither change nor cancel fired after the tap: the file chooser did not answer"
    }
    // What the page saw; the causes are the settings rows' (native iOS's runOpenPanelWith,
    // a wrapper's own), and `Symptom.fileNoChooser`'s where the engine has no cancel event.
    static let openPanelUnanswered = KnownDiagnosis("ios.open-panel-unanswered", probes: [.fileAccept, .fileHeic], .observation) {
        "The file panel never answered"
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

    // What the page saw; the causes are the settings rows' (native Android's
    // filePathCallbackResult, native iOS's runOpenPanelWith, a wrapper's capture rows).
    static let capturedPhotoLost = KnownDiagnosis("file.capture-result-lost", probes: [.fileCapture], .observation) {
        "The camera opened but no photo came back to the page"
    }
    static let captureUnconfirmed = KnownDiagnosis("file.capture-unconfirmed", probes: [.fileCapture], .instruction) {
        "Files came back; the person did not say whether the camera opened directly."
    }

    /// What the page saw; the cause is `Symptom.noCancelEvent`'s (the engine's, no setting).
    static let noCancelEvent = KnownDiagnosis("file.no-cancel-event", probes: [.fileCancel], .observation) {
        "No cancel event on the first chooser; the second pick works, which is what matters"
    }
    /// What the page saw; the causes are `Symptom.secondPickLost`'s, which the platform's rows
    /// link (native Android's filePathCallbackOnCancel, native iOS's runOpenPanelWith on cancel).
    static let secondPickLost = KnownDiagnosis("file.second-pick-lost", probes: [.fileCancel], .observation) {
        "After a cancel the second pick never reached the page"
    }

    /// What the page saw; the cause is `Symptom.heicRefused`'s (the page's accept list and its server).
    static let heicRefused = KnownDiagnosis("file.heic-refused", probes: [.fileHeic], .observation) {
        "A HEIC photo reached the server unconverted and was refused"
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let filesDeclared: [any DeclaredDiagnosis] = [
        uploadAltered, acceptIgnored, chooserCancelledByPerson, chooserCancelledAtOnce, noChooserAndroid,
        openPanelUnanswered, chooserUnanswered, captureNotCamera, cancelBeforeChooser,
        capturedPhotoLost, captureUnconfirmed, noCancelEvent, secondPickLost, heicRefused,
    ]
}

extension Diff {
    /// Android's default onShowFileChooser cancels every request (docs/requirements.md#file-input).
    func evaluateFileAccept(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let change = result.bool("changeFired")
        let cancel = result.bool("cancelFired")
        guard change != nil || cancel != nil else { return Assessment(.unknown, "") }
        let count = result.int("fileCount") ?? 0
        if change == true, count > 0 {
            let type = result.string("type") ?? ""
            let observed = "\(count) file(s), type \(type.isEmpty ? "(empty)" : type), \(result.int("size").map { "\($0) bytes" } ?? "size ?"), hash match \(describe(result.bool("hashMatch")))"
            if result.bool("hashMatch") == false {
                return diagnosed(.requestIntercepted, result, context, state: .broken, observed: observed, lead: Diagnosis.uploadAltered(), remedy: .bodyIntegrity)
            }
            let sniffed = result.string("sniffedFormat")
            if !type.hasPrefix("image/"), sniffed.map({ !["jpeg", "png", "heic", "gif", "webp"].contains($0) }) ?? true {
                return diagnosed(.acceptIgnored, result, context, state: .warning, observed: observed, lead: Diagnosis.acceptIgnored(), remedy: .fileChooser)
            }
            return Assessment(.works, observed)
        }
        return chooserDidNotDeliver(result, context)
    }

    /// How a chooser that delivered no file ended: the person cancelled it (not a failure:
    /// there is nothing to judge), it was cancelled faster than a person can (no chooser was
    /// shown), or it never answered at all.
    func chooserDidNotDeliver(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let waitedMs = result.number("waitedMs")
        let waited = waitedMs.map { " in \(milliseconds($0))" } ?? ""
        if result.bool("cancelFired") == true {
            guard let ms = waitedMs, ms < Self.fastCancelMs else {
                return Assessment(.notDone, "the chooser was cancelled\(waited)", diagnosis: Diagnosis.chooserCancelledByPerson())
            }
            let observed = "cancelled \(milliseconds(ms)) after the tap, no file"
            return noChooser(result, context, observed: observed, lead: Diagnosis.chooserCancelledAtOnce(ms))
        }
        let observed = "no change and no cancel event after the tap\(waited)"
        let lead: Diagnosis
        switch context.family {
        case .android: lead = Diagnosis.noChooserAndroid()
        case .ios: lead = Diagnosis.openPanelUnanswered()
        case .desktop: return Assessment(.broken, observed, diagnosis: Diagnosis.chooserUnanswered(), layer: .webView, remedy: .fileChooser)
        }
        return noChooser(result, context, observed: observed, lead: lead)
    }

    /// A chooser that answered nothing, or cancelled at once: what the page saw, worded from
    /// the symptom's causes where it ranks any, else from the settings rows' (which word an
    /// observation that names none).
    func noChooser(_ result: ProbeResult, _ context: EvaluationContext, observed: String, lead: Diagnosis) -> Assessment {
        guard !rank(.fileNoChooser, result, context).isEmpty else {
            // A browser has no rows to word the observation: it stands alone.
            let diagnosis = context.isAppWebView ? lead : Diagnosis.ranking(lead, causes: [], ruledOut: [])
            return Assessment(.broken, observed, diagnosis: diagnosis, layer: .webView, remedy: .fileChooser)
        }
        return diagnosed(.fileNoChooser, result, context, state: .broken, observed: observed, lead: lead, remedy: .fileChooser)
    }

    func evaluateFileCapture(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let direct = result.bool("cameraOpenedDirectly")
        let environment = result.bool("environmentChangeFired")
        let user = result.bool("userChangeFired")
        guard direct != nil || environment != nil || user != nil else { return Assessment(.unknown, "") }
        let observed = "camera opened directly \(describe(direct)); capture=environment change \(describe(environment)), capture=user change \(describe(user))"
        if direct == false, context.isAndroid {
            return diagnosed(.captureNotCamera, result, context, state: .broken, observed: observed, lead: Diagnosis.captureNotCamera(), remedy: .captureAttribute)
        }
        if direct == false {
            return diagnosed(.captureIgnored, result, context, state: .broken, observed: observed, lead: Diagnosis.captureNotCamera(), remedy: .captureAttribute)
        }
        if environment == false && user == false {
            // An app WebView's rows name the cause (and word the observation); a browser has none.
            let lost = Diagnosis.capturedPhotoLost()
            let diagnosis = context.isAppWebView ? lost : Diagnosis.ranking(lost, causes: [], ruledOut: [])
            return Assessment(.broken, observed, diagnosis: diagnosis, layer: .webView, remedy: .captureAttribute)
        }
        if direct == true { return Assessment(.works, observed) }
        return Assessment(.noted, observed, diagnosis: Diagnosis.captureUnconfirmed())
    }

    /// Android answers a cancel with `onReceiveValue(null)`; one pending callback at a time,
    /// always answered: a lost callback blocks every later pick (docs/requirements.md#file-input).
    func evaluateFileCancel(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let second = result.bool("secondChangeFired")
        let reopened = result.bool("secondChooserOpened")
        let cancel = result.bool("cancelFired")
        guard second != nil || reopened != nil else { return Assessment(.unknown, "") }
        let observed = "cancel event \(describe(cancel)); chooser opened again \(describe(reopened)); second pick change \(describe(second))"
        if second == true {
            guard cancel != true else { return Assessment(.works, observed) }
            return diagnosed(.noCancelEvent, result, context, state: .works, observed: observed, lead: Diagnosis.noCancelEvent(), remedy: nil)
        }
        // No chooser at all (file.accept or this step saw an instant cancel): there is no
        // callback left unanswered, the chooser itself is missing.
        let instant = [result.number("cancelMs"), context.results[.fileAccept].flatMap { accept in
            accept.bool("cancelFired") == true && accept.bool("changeFired") != true ? accept.number("waitedMs") : nil
        }].compactMap { $0 }.filter { $0 < Self.fastCancelMs }.min()
        if let ms = instant {
            return diagnosed(.fileNoChooser, result, context, state: .broken, observed: observed,
                             lead: Diagnosis.cancelBeforeChooser(ms), remedy: context.isAndroid ? nil : .fileChooser)
        }
        return diagnosed(.secondPickLost, result, context, state: .broken, observed: observed, lead: Diagnosis.secondPickLost(), remedy: .fileCallbackOnCancel)
    }

    func evaluateHEIC(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let accepted = result.bool("serverAccepted")
        let converted = result.bool("convertedToJpeg")
        guard accepted != nil || converted != nil else { return Assessment(.unknown, "") }
        // Nothing picked: the chooser's own outcome (cancelled, never shown, never answered)
        // is the finding; there was no HEIC for the server to refuse.
        if result.bool("changeFired") == false { return chooserDidNotDeliver(result, context) }
        let observed = "type \(result.string("type") ?? "(empty)"), format \(result.string("sniffedFormat") ?? "?"), converted to JPEG \(describe(converted)), server accepted \(describe(accepted))"
        if accepted == true { return Assessment(.works, observed) }
        return diagnosed(.heicRefused, result, context, state: .broken, observed: observed, lead: Diagnosis.heicRefused(), remedy: .heic)
    }
}

/// File inputs: failing observations and their known causes.
extension Symptom {
    /// True when the wrapper's own WebChromeClient answers file inputs: its Android
    /// file-chooser default (its data file) does not fail file.accept by itself.
    static func answersChooser(_ wrapper: Wrapper) -> Bool {
        !WrapperCatalog.profile(wrapper).defaults(.fileChooser, family: .android).contains { $0.fails.contains(.fileAccept) }
    }

    /// file.accept: the chooser never answered, or cancelled at once.
    static let fileNoChooser = Symptom(id: "file.no-chooser", probes: [.fileAccept, .fileCapture, .fileCancel], observation: "the file input got neither a file nor a cancel, or a cancel faster than a chooser can appear", causes: [
        KnownCause("android.no-file-chooser", .webViewPermissionHandler, scope: "Android WebView with the platform WebChromeClient (react-native-webview, Capacitor, Cordova, flutter_inappwebview and .NET MAUI implement it; webview_flutter leaves it to the app)",
            summary: "WebChromeClient.onShowFileChooser is not implemented: the default cancels every request",
            check: "the app's WebChromeClient overrides onShowFileChooser and launches FileChooserParams.createIntent()",
            remedy: .fileChooser, source: PlatformSource.androidFileChooser,
            ruledOutBy: chooserWorked,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: { e in
                // The wrappers that answer the chooser themselves (their data files); webview_flutter
                // leaves it to the app (setOnShowFileSelector), like the platform's WebChromeClient.
                if let wrapper = e.wrapper, answersChooser(wrapper) {
                    return .possible("no chooser answer on Android", against: "\(wrapper.rawValue) implements onShowFileChooser")
                }
                let against = e.lacksCancelEvent && e.cancelFired != true ? ["this engine has no cancel event, so a person's cancel looks the same"] : []
                return .init(likelihood: .likely, supporting: ["no chooser answer in an Android WebView, whose default cancels"], against: against)
            }),
        KnownCause("person.cancelled-silently", .app, scope: "engines without the file input's cancel event (Chrome before 113, iOS before 16.4)",
            summary: "the person closed the chooser, and this engine fires no cancel event, so the page saw no answer (not a fault)",
            check: "ask the person whether a chooser appeared; pick a file to verify",
            remedy: nil, source: PlatformSource.inputCancelEvent, context: .person,
            applies: { $0.lacksCancelEvent && $0.cancelFired != true && $0.changeFired != true },
            weigh: .possible("no change and no cancel on an engine without the cancel event")),
        KnownCause("android.chooser-callback-lost", .webViewPermissionHandler, scope: "Android WebView",
            summary: "the app opens a chooser but never passes the result to the ValueCallback (onActivityResult not forwarded, or the callback dropped)",
            check: "the chooser opens on the device; then the app's activity result must reach filePathCallback.onReceiveValue",
            remedy: .fileCallbackOnCancel, source: PlatformSource.fileInputUnresponsive,
            ruledOutBy: chooserWorked + noChooserShown,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: { e in
                let fastCancel = e.cancelFired == true && e.elapsedMs < Diff.fastCancelMs
                return .init(likelihood: .possible, supporting: ["no file reached the page"], against: fastCancel ? ["the cancel came before a chooser could appear"] : [])
            }),
        KnownCause("ios.open-panel-answers-nil", .webViewPermissionHandler, scope: "iOS WKWebView whose WKUIDelegate implements runOpenPanelWith",
            summary: "the app's WKUIDelegate webView(_:runOpenPanelWith:…) calls its completion handler with nil without presenting a panel: WebKit shows its own panel only when the delegate does not implement it",
            check: "the app's runOpenPanelWith: present a picker (or leave it unimplemented) and answer with the picked URLs",
            remedy: .fileChooser, source: PlatformSource.wkRunOpenPanel,
            ruledOutBy: chooserWorked,
            applies: { e in
                let waited = e.result.flatMap { $0.ifDeclared("waitedMs", .number)?.numberValue ?? $0.ifDeclared("cancelMs", .number)?.numberValue }
                return e.family == .ios && e.platform.isAppWebView && e.cancelFired == true && (waited ?? .infinity) < Diff.fastCancelMs
            },
            weigh: .likely("a cancel sooner than a panel can appear in a WKWebView")),
        captureIntentInvisible, captureWithoutCameraPermission,
    ])

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

/// What rules the file inputs' causes out (a chooser that worked, a cancel sooner than a chooser
/// can appear), and the capture path's causes: the camera intent, not the chooser.
extension Symptom {
    /// file.accept opened a chooser and a file came back: onShowFileChooser is implemented and
    /// its result reaches the page.
    static let chooserWorked: [Contradiction] = [
        Contradiction(.fileAccept, "file.accept opened a chooser and its file reached the page: onShowFileChooser is implemented and answers its callback") { r in
            r.bool("changeFired") == true && (r.int("fileCount") ?? 0) > 0
        },
    ]
    /// file.accept's cancel came with no change within `Diff.fastCancelMs` of the tap: sooner
    /// than any chooser can appear.
    @Sendable static func cancelledBeforeAChooser(_ r: ProbeResult) -> Bool {
        r.bool("cancelFired") == true && r.bool("changeFired") != true && (r.number("waitedMs") ?? .infinity) < Diff.fastCancelMs
    }
    static let noChooserShown: [Contradiction] = [
        Contradiction(.fileCancel, "file.cancel's chooser was cancelled sooner than one can appear: no chooser was shown, so none had a result to lose") { r in
            r.bool("cancelFired") == true && (r.number("cancelMs") ?? .infinity) < Diff.fastCancelMs
        },
        Contradiction(.fileAccept, "file.accept's chooser was cancelled sooner than one can appear: no chooser was shown, so none had a result to lose") { r in
            cancelledBeforeAChooser(r)
        },
    ]
    /// The same: no chooser opens for a file input in this WebView, so none could open a file
    /// list where the camera was asked for.
    static let noChooserOpens: [Contradiction] = [
        Contradiction(.fileAccept, "file.accept's chooser was cancelled sooner than one can appear: no chooser opens for a file input here, so none opened a file list instead of the camera") { r in
            cancelledBeforeAChooser(r)
        },
    ]

    static var fileAcceptDelivered: @Sendable (CauseEvidence) -> Bool {
        { e in e.observed(.fileAccept, "changeFired")?.boolValue == true && (e.observed(.fileAccept, "fileCount")?.intValue ?? 0) > 0 }
    }

    // MARK: the capture path: the camera intent, not the chooser

    /// The wrappers whose chooser adds an ACTION_IMAGE_CAPTURE intent for a capture input
    /// (docs/wrappers.md), guarded by resolveActivity().
    static let buildsCaptureIntent: Set<Wrapper> = [.reactNativeWebView, .capacitor, .cordova, .flutterInAppWebView]

    static let captureIntentInvisible = KnownCause("android.capture-intent-invisible", .app, scope: "Android 11+ (targetSdk 30+): react-native-webview, Capacitor, Cordova, flutter_inappwebview, and apps that check resolveActivity()",
        summary: "the camera intent (ACTION_IMAGE_CAPTURE) is checked with resolveActivity(), which returns null on Android 11+ without a <queries> entry for it, so the camera never opens (nothing, or only a file list)",
        check: "AndroidManifest.xml has <queries><intent><action android:name=\"android.media.action.IMAGE_CAPTURE\" /></intent></queries>; logcat says \"no Activity to handle this Intent\" or \"Device does not support photo capture\"",
        remedy: captureQueries, source: "https://developer.android.com/training/package-visibility",
        applies: { e in
            e.family == .android && e.platform.isAppWebView && (e.osVersion.map { $0 >= Version([11]) } ?? true)
        },
        weigh: { e in
            if fileAcceptDelivered(e) {
                return .likely("file.accept's chooser worked: only the camera path fails")
            }
            if e.result?.probe == .fileCapture, let wrapper = e.wrapper, buildsCaptureIntent.contains(wrapper) {
                return .likely("\(wrapper.rawValue) opens the camera with ACTION_IMAGE_CAPTURE only when resolveActivity() finds it")
            }
            return .init(likelihood: .possible, supporting: ["no camera on Android 11+"], against: e.result?.probe == .fileCapture ? [] : ["file.accept did not deliver a file either"])
        })

    static let captureWithoutCameraPermission = cameraPermissionMissing("android.capture-without-camera-permission", scope: "Android: react-native-webview (and apps) that declare CAMERA in the manifest",
        summary: "the manifest declares CAMERA but the app does not hold it, so no camera intent is built (react-native-webview) or launching it throws: the capture input opens nothing",
        check: "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA); logcat says \"there is no Camera permission\"; after a granted camera.getUserMedia the capture input works",
        remedy: Symptom.androidRuntimeCamera, source: "https://github.com/react-native-webview/react-native-webview/pull/3962",
        applies: { $0.family == .android && $0.platform.isAppWebView },
        weigh: { e in
            let cameraRefused = e.observed(.cameraGetUserMedia, "outcome")?.stringValue == "error"
            if cameraRefused || (fileAcceptDelivered(e) && e.wrapper == .reactNativeWebView) {
                return .init(likelihood: .likely, supporting: cameraRefused ? ["camera.getUserMedia was refused too"] : ["react-native-webview builds no camera intent without CAMERA"])
            }
            return .possible("a capture input needs the CAMERA permission when the manifest declares it")
        })

    // https://developer.android.com/training/package-visibility/declaring
    static let captureQueries = Remedy(
        androidKotlin: """
            // AndroidManifest.xml, inside <manifest> (Android 11+ package
            // visibility hides the camera app from resolveActivity without it):
            // <queries>
            //   <intent>
            //     <action android:name="android.media.action.IMAGE_CAPTURE" />
            //   </intent>
            // </queries>
            val capture = Intent(MediaStore.ACTION_IMAGE_CAPTURE)
            val camera = capture.resolveActivity(context.packageManager)
            """,
        docs: Remedy.Docs(android: "https://developer.android.com/training/package-visibility/declaring"))

    /// file.capture: the capture attribute did not open the camera.
    static let captureNotCamera = Symptom(id: "file.capture-not-camera", probes: [.fileCapture], observation: "a capture input did not open the camera (a file list opened, or nothing)", causes: [
        KnownCause("android.capture-ignored", .webViewPermissionHandler, scope: "Android WebView with an app chooser built from createIntent() alone (.NET MAUI, most native apps)",
            summary: "the chooser intent ignores FileChooserParams.isCaptureEnabled (createIntent() has no camera), so a file list opens instead of the camera",
            check: "the app's onShowFileChooser launches ACTION_IMAGE_CAPTURE when fileChooserParams.isCaptureEnabled is true; a file list (not nothing) opened",
            remedy: .captureAttribute, source: PlatformSource.androidFileChooser,
            ruledOutBy: noChooserOpens,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: { e in
                if let wrapper = e.wrapper, buildsCaptureIntent.contains(wrapper) {
                    return .possible("the camera did not open", against: "\(wrapper.rawValue) adds a camera intent when capture is set")
                }
                return .likely("the camera did not open for a capture input")
            }),
        captureIntentInvisible, captureWithoutCameraPermission,
    ])
}

/// The fixes this area's findings carry, as code an integrator pastes (Tests/remedies/check.py
/// compiles each line; `RemedyCodeTests` checks their width and their API pages).
extension Remedy {
    static let wkOpenPanel = WrapperCatalog.wkOpenPanel

    static let androidActionImageCapture = "https://developer.android.com/reference/android/provider/MediaStore#ACTION_IMAGE_CAPTURE"

    static let mdnAccept = "https://developer.mozilla.org/en-US/docs/Web/HTML/Attributes/accept"

    /// The launcher every Android file-chooser fix keeps the pending callback with, to the
    /// opening of the block that answers it (`fileChooser`, `fileCallbackOnCancel` and the
    /// merged `androidFileChooser(capture:)`): they differ only in how they answer.
    static let fileChooserLauncherHead = """
        private var pending: ValueCallback<Array<Uri>>? = null
        private val chooser = registerForActivityResult(
            ActivityResultContracts.StartActivityForResult()
        ) { result ->
        """

    /// That launcher whole, answering the callback with null on RESULT_CANCELED and clearing it
    /// either way: what `fileCallbackOnCancel` adds and the merged `androidFileChooser(capture:)` keeps.
    static let fileChooserLauncherAnsweringCancel = """
        \(fileChooserLauncherHead)
            if (result.resultCode == Activity.RESULT_CANCELED) {
                pending?.onReceiveValue(null)
            } else {
                val code = result.resultCode
                val uris = FileChooserParams.parseResult(code, result.data)
                pending?.onReceiveValue(uris)
            }
            pending = null
        }
        """

    /// The WebChromeClient override the file-chooser fixes write, to where it launches the chooser: a
    /// callback still pending is answered (null) before the new one replaces it.
    static let onShowFileChooserHead = """
        override fun onShowFileChooser(
            webView: WebView,
            filePathCallback: ValueCallback<Array<Uri>>,
            fileChooserParams: FileChooserParams
        ): Boolean {
            pending?.onReceiveValue(null)
            pending = filePathCallback
        """

    // Android's default onShowFileChooser cancels all file requests (docs/requirements.md#file-input).
    public static let fileChooser = Remedy(
        iosSwift: """
            // Nothing to add: WKWebView uploads work by default. Do not
            // override runOpenPanelWith unless on iOS 18.4+ and you answer it
            """,
        androidKotlin: """
            // In the Activity: the launcher answers the ValueCallback
            \(fileChooserLauncherHead)
                val code = result.resultCode
                val uris = FileChooserParams.parseResult(code, result.data)
                pending?.onReceiveValue(uris)
                pending = null
            }

            // WebChromeClient: return true, launch createIntent()
            \(onShowFileChooserHead)
                chooser.launch(fileChooserParams.createIntent())
                return true
            }
            """,
        reactNative: """
            // And the camera/media permissions for the picker
            <WebView allowFileAccess />
            """,
        docs: Docs(ios: wkOpenPanel, android: PlatformSource.androidFileChooser, reactNative: rnReference + "#allowfileaccess"))

    // The ValueCallback is answered exactly once on every file-chooser path (docs/requirements.md#file-input).
    public static let fileCallbackOnCancel = Remedy(
        iosSwift: "// Nothing to add: WKWebView answers its own file panel",
        androidKotlin: """
            // On RESULT_CANCELED answer null and clear the callback;
            // answer a pending callback with null before storing a new one
            // (pending: the ValueCallback onShowFileChooser stores)
            \(fileChooserLauncherAnsweringCancel)
            """,
        reactNative: """
            // Update react-native-webview (13.x+), which answers the chooser
            // callback on cancel
            // package.json: "react-native-webview": "^13.0.0"
            """,
        docs: Docs(ios: wkOpenPanel, android: PlatformSource.androidFileChooser, reactNative: rnReference))

    /// With capture set on an image input, the camera writing to a FileProvider Uri, else the
    /// chooser: how `captureAttribute` and the merged `androidFileChooser(capture:)` launch.
    static let captureLaunchKotlin = """
        val file = File(context.cacheDir, "capture.jpg")
        val authority = "${context.packageName}.files"
        val photo = FileProvider.getUriForFile(context, authority, file)
        val intent = if (fileChooserParams.isCaptureEnabled &&
            fileChooserParams.acceptTypes.any { it.startsWith("image/") }) {
            Intent(MediaStore.ACTION_IMAGE_CAPTURE)
                .putExtra(MediaStore.EXTRA_OUTPUT, photo)
        } else {
            fileChooserParams.createIntent()
        }
        chooser.launch(intent)
        """

    // https://developer.android.com/reference/android/provider/MediaStore#ACTION_IMAGE_CAPTURE
    public static let captureAttribute = Remedy(
        iosSwift: """
            // Nothing to add: WKWebView honours capture; check that Info.plist
            // has NSCameraUsageDescription
            """,
        androidKotlin: """
            // In onShowFileChooser: with capture set, open the camera; the
            // photo goes to a FileProvider content:// Uri
            \(captureLaunchKotlin)
            """,
        reactNative: """
            // Update react-native-webview; it honours capture with the CAMERA
            // permission granted
            // package.json: "react-native-webview": "^13.0.0"
            """,
        docs: Docs(ios: PlatformSource.cameraUsageDescription, android: androidActionImageCapture, reactNative: rnReference))

    // https://developer.mozilla.org/en-US/docs/Web/HTML/Attributes/accept
    public static let heic = Remedy(
        iosSwift: """
            // Accept image/heic on the server, or keep accept="image/*" so iOS
            // converts to JPEG
            """,
        androidKotlin: "// Accept image/heic on the server",
        reactNative: "// Accept image/heic on the server",
        docs: Docs(ios: mdnAccept, android: mdnAccept, reactNative: mdnAccept))
}
