extension Diff {
    /// Ranks a symptom's known causes against the evidence and words the diagnosis from
    /// them: one cause when the evidence is conclusive, the others joined by "or" with the
    /// check that tells them apart when it is not. The layer is the top cause's; the remedy
    /// adds the fix of every other cause left at the top, so it covers each of them.
    func diagnosed(
        _ symptom: Symptom, _ result: ProbeResult?, _ context: EvaluationContext,
        state: Assessment.State, observed: String, lead: String, remedy: Remedy?
    ) -> Assessment {
        let evidence = CauseEvidence(result: result, context: context)
        let causes = symptom.rank(evidence)
        // What the run rules out is said, so a reader who expected it sees why it is not named.
        let ruledOut = symptom.ruledOut(evidence)
        let excluded = ruledOut.isEmpty ? "" : " Ruled out by this run: " + ruledOut.map { "\($0.cause.id) (\($0.by.reason))" }.joined(separator: "; ") + "."
        guard let top = causes.first else {
            return Assessment(state, observed, diagnosis: lead + "." + excluded, layer: nil, remedy: remedy)
        }
        let leading = causes.leading
        var diagnosis = "\(lead): \(top.summary)"
        if leading.count > 1 {
            diagnosis += leading.dropFirst().map { "; or \($0.summary)" }.joined()
            diagnosis += ". The evidence does not tell these apart; check: " + leading.map(\.check).joined(separator: "; ") + "."
        } else {
            diagnosis += "."
        }
        let others = causes.dropFirst(leading.count)
        if !others.isEmpty {
            diagnosis += " Less likely: " + others.map(\.summary).joined(separator: "; ") + "."
        }
        diagnosis += excluded
        let fixes = [remedy ?? top.remedy] + leading.map(\.remedy)
        return Assessment(state, observed, diagnosis: diagnosis, layer: top.layer.findingLayer, remedy: Remedy.combined(fixes), causes: causes)
    }

    /// An evaluator that words its own diagnosis names one cause; the others the evidence
    /// leaves standing are said too, so the text claims no more than the evidence.
    static func namingTheOthers(_ diagnosis: String?, _ causes: [Cause]) -> String? {
        guard let diagnosis, causes.count > 1, !diagnosis.contains("; or "), !diagnosis.contains("Less likely:") else { return diagnosis }
        let unnamed = causes.dropFirst().filter { !diagnosis.contains($0.summary) }
        guard !unnamed.isEmpty else { return diagnosis }
        return diagnosis + " Also possible: " + unnamed.map(\.summary).joined(separator: "; ") + "."
    }

    /// A diagnosis the evaluators word themselves, as the one cause a finding carries, with
    /// the public source of the probe's platform fact. Nil when the catalog cites none.
    static func singleCause(probe: String, assessment: Assessment, remedy: Remedy?) -> Cause? {
        guard let diagnosis = assessment.diagnosis, let source = CauseSources.byProbe[probe] else { return nil }
        let layer: Cause.Layer
        switch assessment.layer {
        case .webView?: layer = .webViewSetting
        case .userOrOS?: layer = .osPermission
        case .device?: layer = .device
        case .network?: layer = .network
        case .page?, nil: layer = .page
        }
        return Cause(
            id: "\(probe).diagnosis", layer: layer, likelihood: .likely, summary: diagnosis,
            evidence: Cause.Evidence(supporting: [assessment.observed]),
            check: "re-run \(probe) after the fix", remedy: remedy, source: source.url)
    }
}

extension Remedy {
    /// One remedy that carries every fix, per wrapper, without repeating one; fixes that
    /// declare the same callback are one merged fix (`Remedy.merges`), so the code compiles.
    static func combined(_ remedies: [Remedy?]) -> Remedy? {
        let present = remedies.compactMap { $0 }
        guard !present.isEmpty else { return nil }
        let lines = Dictionary(uniqueKeysWithValues: Line.allCases.map { line in
            (line, joined(present.compactMap(line.code), line: line))
        })
        // The first fix's pages: the first line of each block is the likeliest cause's; a
        // merged fix names the page of the callback it implements.
        func firstDocs(_ line: Line, _ docs: (Remedy.Docs) -> String?) -> String? {
            lines[line]??.mergedDocs ?? present.compactMap { $0.docs.flatMap(docs) }.first
        }
        let docs = Remedy.Docs(ios: firstDocs(.iosSwift, \.ios), android: firstDocs(.androidKotlin, \.android),
                               reactNative: firstDocs(.reactNative, \.reactNative))
        return Remedy(iosSwift: lines[.iosSwift]??.code, androidKotlin: lines[.androidKotlin]??.code, reactNative: lines[.reactNative]??.code,
                      docs: docs == Remedy.Docs() ? nil : docs)
    }
}

/// The public source behind each probe's own diagnoses (the ones not yet modelled as a
/// symptom with several causes), so every cause a finding carries names its source.
enum CauseSources {
    struct Entry {
        let url: String
        let fact: String
    }

    static let byProbe: [String: Entry] = [
        "env.script": .init(url: PlatformSource.androidJavaScript, fact: "Android WebView runs no JavaScript unless setJavaScriptEnabled(true)"),
        "env.platform": .init(url: PlatformSource.androidWebViewVersions, fact: "Android System WebView updates apart from the OS; its Chrome version is the engine's"),
        "env.secureContext": .init(url: PlatformSource.mdnSecureContext, fact: "camera and storage APIs are offered to secure contexts only"),
        "cookie.thirdParty": .init(url: PlatformSource.androidThirdPartyCookies, fact: "third-party cookies are off by default in Android WebView since Android 5"),
        "storage.navigation": .init(url: PlatformSource.nonPersistentStore, fact: "a non-persistent data store keeps nothing past the WebView"),
        "net.mixedContent": .init(url: PlatformSource.androidMixedContent, fact: "mixedContentMode decides what an https page may load over http"),
        "media.autoplay": .init(url: PlatformSource.androidMediaGesture, fact: "Android WebView requires a gesture for media playback by default; iOS: mediaTypesRequiringUserActionForPlayback"),
        "media.inline": .init(url: PlatformSource.wkInlinePlayback, fact: "allowsInlineMediaPlayback is false by default on iPhone"),
        "camera.frames": .init(url: PlatformSource.wkInlinePlayback, fact: "a video that may not play inline shows no frames in the page"),
        "camera.reacquire": .init(url: PlatformSource.wkMediaCaptureDelegate, fact: "the media-capture decision .prompt asks again every time"),
        "camera.scope": .init(url: PlatformSource.androidPermissionRequest, fact: "grant(request.resources) grants whatever the page asked for"),
        "camera.foreignOrigin": .init(url: PlatformSource.androidPermissionRequest, fact: "PermissionRequest.getOrigin() is the host's to check"),
        "file.capture": .init(url: PlatformSource.androidFileChooser, fact: "FileChooserParams.isCaptureEnabled carries the capture attribute"),
        "file.cancel": .init(url: PlatformSource.androidFileChooser, fact: "a cancelled chooser must answer the ValueCallback with null"),
        "nav.windowOpen": .init(url: PlatformSource.wkCreateWebView, fact: "WKWebView opens no window unless createWebViewWith is implemented"),
        "nav.customScheme": .init(url: PlatformSource.androidOverrideUrl, fact: "unknown schemes reach the WebView's error page unless the host forwards them"),
        "nav.returnUrl": .init(url: PlatformSource.androidOverrideUrl, fact: "the host intercepts return URLs in its navigation callback"),
        "nav.loadError": .init(url: PlatformSource.androidReceivedError, fact: "load errors reach the host through onReceivedError / didFailProvisionalNavigation"),
        "lifecycle.background": .init(url: PlatformSource.androidProcessLifecycle, fact: "a backgrounded app's process can be ended and its activity recreated"),
    ]
}
