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
                return Assessment(.broken, observed, diagnosis: Diagnosis.uploadAltered(), layer: .network, remedy: .bodyIntegrity)
            }
            let sniffed = result.string("sniffedFormat")
            if !type.hasPrefix("image/"), sniffed.map({ !["jpeg", "png", "heic", "gif", "webp"].contains($0) }) ?? true {
                return Assessment(.warning, observed, diagnosis: Diagnosis.acceptIgnored(), layer: .webView, remedy: .fileChooser)
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
            return Assessment(
                .broken, "cancelled \(milliseconds(ms)) after the tap, no file",
                diagnosis: Diagnosis.chooserNeverShown(context.family, ms, false), layer: .webView, remedy: .fileChooser,
                causes: context.isAndroid ? rank(.fileNoChooser, result, context) : [])
        }
        let observed = "no change and no cancel event after the tap\(waited)"
        let diagnosis: Diagnosis
        switch context.family {
        case .android: diagnosis = Diagnosis.noChooserAndroid()
        case .ios: diagnosis = Diagnosis.openPanelUnanswered()
        case .desktop: return Assessment(.broken, observed, diagnosis: Diagnosis.chooserUnanswered(), layer: .webView, remedy: .fileChooser)
        }
        return Assessment(.broken, observed, diagnosis: diagnosis, layer: .webView, remedy: .fileChooser, causes: rank(.fileNoChooser, result, context))
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
            return Assessment(.broken, observed, diagnosis: Diagnosis.captureIgnored(), layer: .webView, remedy: .captureAttribute)
        }
        if environment == false && user == false {
            return Assessment(.broken, observed, diagnosis: Diagnosis.capturedPhotoLost(), layer: .webView, remedy: .captureAttribute)
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
            return Assessment(.works, observed, diagnosis: cancel == true ? nil : Diagnosis.noCancelEvent())
        }
        // No chooser at all (file.accept or this step saw an instant cancel): there is no
        // callback left unanswered, the chooser itself is missing.
        let instant = [result.number("cancelMs"), context.results[.fileAccept].flatMap { accept in
            accept.bool("cancelFired") == true && accept.bool("changeFired") != true ? accept.number("waitedMs") : nil
        }].compactMap { $0 }.filter { $0 < Self.fastCancelMs }.min()
        if let ms = instant, context.isAndroid {
            return diagnosed(.fileNoChooser, result, context, state: .broken, observed: observed,
                             lead: Diagnosis.cancelBeforeChooser(ms), remedy: nil)
        }
        if let ms = instant {
            return Assessment(.broken, observed, diagnosis: Diagnosis.chooserNeverShown(context.family, ms, true), layer: .webView, remedy: .fileChooser)
        }
        let diagnosis = context.isAndroid ? Diagnosis.cancelledCallbackUnanswered() : Diagnosis.cancelledPanelUnanswered()
        return Assessment(.broken, observed, diagnosis: diagnosis, layer: .webView, remedy: .fileCallbackOnCancel)
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
        return Assessment(.broken, observed, diagnosis: Diagnosis.heicRefused(), layer: .page, remedy: .heic)
    }
}
