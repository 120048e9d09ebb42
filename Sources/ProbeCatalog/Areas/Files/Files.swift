// The probes of file input: the chooser, capture, cancel and HEIC: their names, their declarations,
// the diagnoses they can state, how their results are judged and the fixes their findings carry,
// side by side. Their ranked causes are in `Symptoms+*.swift` beside this file;
// docs/adding-a-probe.md walks adding a probe here.

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
                ]).blockingTheFlow(),
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
                ]).blockingTheFlow(),
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
                ]),
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
                ]),
    ]

    /// The failing observations this area's evaluators rank causes for (`Catalog.symptoms`).
    static let filesSymptoms: [Symptom] = [.fileNoChooser, .captureNotCamera, .acceptIgnored, .captureIgnored, .noCancelEvent, .secondPickLost, .heicRefused]
}

/// File inputs: the diagnoses the evaluators below state (the causes they rank are in
/// `Symptoms+Storage.swift` and `Symptoms+Camera.swift`).
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
