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
                return Assessment(
                    .broken, observed,
                    diagnosis: "The uploaded file's SHA-256 on the server differs from the page's: the upload was altered on the way (a request interceptor or bridge).",
                    layer: .network, remedy: .bodyIntegrity)
            }
            let sniffed = result.string("sniffedFormat")
            if !type.hasPrefix("image/"), sniffed.map({ !["jpeg", "png", "heic", "gif", "webp"].contains($0) }) ?? true {
                return Assessment(
                    .warning, observed,
                    diagnosis: "accept=\"image/*\" was asked, but the chooser returned a non-image: the chooser intent ignores the accept types (use fileChooserParams.createIntent()).",
                    layer: .webView, remedy: .fileChooser)
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
                return Assessment(.notDone, "the chooser was cancelled\(waited)", diagnosis: "Pick a photo to verify file selection.")
            }
            return Assessment(
                .broken, "cancelled \(milliseconds(ms)) after the tap, no file",
                diagnosis: Self.chooserNeverShown(context, ms), layer: .webView, remedy: .fileChooser,
                causes: context.isAndroid ? rank(.fileNoChooser, result, context) : [])
        }
        let observed = "no change and no cancel event after the tap\(waited)"
        switch context.family {
        case .android:
            return Assessment(
                .broken, observed,
                diagnosis: "Neither change nor cancel fired after the tap: WebChromeClient.onShowFileChooser is not implemented, and the default cancels every file request.",
                layer: .webView, remedy: .fileChooser, causes: rank(.fileNoChooser, result, context))
        case .ios:
            return Assessment(
                .broken, observed,
                diagnosis: "The file panel never answered: the host implements webView(_:runOpenPanelWith:…) without calling the completion handler (uploads work by default when it is not implemented).",
                layer: .webView, remedy: .fileChooser, causes: rank(.fileNoChooser, result, context))
        case .desktop:
            return Assessment(.broken, observed, diagnosis: "The file chooser did not answer.", layer: .webView, remedy: .fileChooser)
        }
    }

    /// A cancel this soon after the tap had no person in it: the chooser was answered with
    /// "no file" before anything was on screen.
    static func chooserNeverShown(_ context: EvaluationContext, _ ms: Double) -> String {
        let when = "The chooser was cancelled \(milliseconds(ms)) after the tap, sooner than a person can see one: none was shown."
        switch context.family {
        case .android:
            return when + " WebChromeClient.onShowFileChooser is not implemented (or returns false), and the default cancels every file request."
        case .ios:
            return when + " webView(_:runOpenPanelWith:…) calls its completion handler with nil without presenting a panel."
        case .desktop:
            return when
        }
    }

    func evaluateFileCapture(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let direct = result.bool("cameraOpenedDirectly")
        let environment = result.bool("environmentChangeFired")
        let user = result.bool("userChangeFired")
        guard direct != nil || environment != nil || user != nil else { return Assessment(.unknown, "") }
        let observed = "camera opened directly \(describe(direct)); capture=environment change \(describe(environment)), capture=user change \(describe(user))"
        if direct == false, context.isAndroid {
            return diagnosed(.captureNotCamera, result, context, state: .broken, observed: observed, lead: "The capture input did not open the camera", remedy: .captureAttribute)
        }
        if direct == false {
            return Assessment(
                .broken, observed,
                diagnosis: context.isAndroid
                    ? "The capture attribute was not honoured: the chooser intent ignores FileChooserParams.isCaptureEnabled, so a file list opened instead of the camera."
                    : "The capture attribute was not honoured: a file list opened instead of the camera.",
                layer: .webView, remedy: .captureAttribute)
        }
        if environment == false && user == false {
            return Assessment(
                .broken, observed,
                diagnosis: "The camera opened but no photo came back to the page: the chooser result is not passed to the ValueCallback (Android: parse the capture output content:// URI).",
                layer: .webView, remedy: .captureAttribute)
        }
        if direct == true { return Assessment(.works, observed) }
        return Assessment(.noted, observed, diagnosis: "Files came back; the person did not say whether the camera opened directly.")
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
            return Assessment(.works, observed, diagnosis: cancel == true ? nil : "No cancel event on the first chooser: this engine does not fire it; the second pick works, which is what matters.")
        }
        // No chooser at all (file.accept or this step saw an instant cancel): there is no
        // callback left unanswered, the chooser itself is missing.
        let instant = [result.number("cancelMs"), context.results["file.accept"].flatMap { accept in
            accept.bool("cancelFired") == true && accept.bool("changeFired") != true ? accept.number("waitedMs") : nil
        }].compactMap { $0 }.filter { $0 < Self.fastCancelMs }.min()
        if let ms = instant, context.isAndroid {
            return diagnosed(.fileNoChooser, result, context, state: .broken, observed: observed,
                             lead: "The chooser was cancelled \(milliseconds(ms)) after the tap, sooner than a person can see one: none was shown, so the cancel-then-pick path cannot work either", remedy: nil)
        }
        if let ms = instant {
            return Assessment(
                .broken, observed,
                diagnosis: Self.chooserNeverShown(context, ms) + " Both picks end there, so the cancel-then-pick path cannot work either.",
                layer: .webView, remedy: .fileChooser)
        }
        switch context.family {
        case .android:
            return Assessment(
                .broken, observed,
                diagnosis: "After a cancel the second pick never fires: the ValueCallback of the cancelled chooser was not answered with null, so the WebView still waits for it and ignores new picks.",
                layer: .webView, remedy: .fileCallbackOnCancel)
        case .ios, .desktop:
            return Assessment(
                .broken, observed,
                diagnosis: "After a cancel the second pick did not reach the page: the host's open-panel handler did not call its completion handler on cancel.",
                layer: .webView, remedy: .fileCallbackOnCancel)
        }
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
        return Assessment(
            .broken, observed,
            diagnosis: "A HEIC photo reached the server unconverted and was refused: accept image/heic on the server, or let iOS convert by keeping accept=\"image/*\".",
            layer: .page, remedy: .heic)
    }
}
