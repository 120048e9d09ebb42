extension Diff {
    func evaluateScript(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        if result.bool("noscriptBeacon") == true || result.bool("javascript") == false {
            return Assessment(
                .broken, "the <noscript> beacon reached the server: JavaScript is off",
                diagnosis: context.isAndroid ? Diagnosis.javaScriptOffAndroid() : Diagnosis.javaScriptOff(),
                layer: .webView, remedy: .javaScript)
        }
        if result.bool("javascript") == true { return Assessment(.works, "JavaScript ran") }
        return Assessment(.unknown, "")
    }

    /// The version minimums of each requirement set (docs/requirements.md#requirement-sets): below the minimum fails whatever else passed.
    func evaluatePlatform(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let detected = context.platform
        // In people's words, with one confidence: the lower of the platform's and the framework's.
        var parts = [detected.platform.title]
        if let version = detected.osVersion { parts.append("\(detected.os) \(version)") }
        if let engine = detected.engineVersion { parts.append("\(detected.engine) \(engine)") }
        if let framework = detected.wrapperDetection, !framework.wrapper.isNative {
            parts.append(framework.wrapper.title)
        } else if let wrapper = detected.wrapper {
            parts.append(Wrapper(rawValue: wrapper)?.title ?? wrapper)
        }
        let confidence = min(detected.confidence, detected.wrapperDetection?.confidence ?? detected.confidence)
        let observed = parts.joined(separator: ", ") + "; detected with \(confidence.rawValue) confidence"

        var failures: [VersionShortfall] = []
        var warnings: [VersionShortfall] = []
        for minimum in context.profile.minimums {
            let actual: Version?
            switch minimum.subject {
            case .iOS: actual = detected.os == "iOS" ? detected.osVersion : nil
            case .android: actual = detected.os == "Android" ? detected.osVersion : nil
            case .androidWebView:
                actual = detected.engine == "Blink" ? detected.engineVersion.map { Version([$0.major]) } : nil
            case .reactNativeWebView:
                continue  // not visible from the page: the checklist asks instead
            }
            let name = minimum.subject == .androidWebView ? "Android System WebView Chrome" : minimum.subject.rawValue
            guard let actual else {
                warnings.append(.unreadable(subject: name, reason: detected.reasons.last ?? "no signal", minimum: minimum.minimum, recommended: minimum.recommended))
                continue
            }
            if let floor = minimum.minimum, actual < floor {
                failures.append(.belowMinimum(subject: name, actual: actual, minimum: floor, requirementSet: context.requirementSet.id, note: minimum.note))
            } else if let recommended = minimum.recommended, actual < recommended {
                warnings.append(.belowRecommended(subject: name, actual: actual, recommended: recommended, minimum: minimum.minimum, note: minimum.note))
            }
        }
        if !failures.isEmpty {
            return Assessment(.broken, observed, diagnosis: Diagnosis.belowMinimumVersion(failures), layer: .device, remedy: .updateOS)
        }
        if !warnings.isEmpty {
            return Assessment(.warning, observed, diagnosis: Diagnosis.belowRecommendedVersion(warnings), layer: .device, remedy: .updateOS)
        }
        return Assessment(.works, observed)
    }

    func evaluateSecureContext(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let secure = result.bool("isSecureContext") else { return Assessment(.unknown, "") }
        let observed = "isSecureContext \(describe(secure)), \(result.string("protocol") ?? "?") \(result.string("origin") ?? "")"
        if secure { return Assessment(.works, observed) }
        return Assessment(.broken, observed, diagnosis: Diagnosis.notSecureContext(), layer: .webView, remedy: .secureContext)
    }

    func evaluateViewport(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        var ratio = result.number("heightRatio")
        if ratio == nil, let inner = result.number("innerHeight"), let screen = result.number("screenHeight"), screen > 0 {
            ratio = inner / screen
        }
        guard let ratio else { return Assessment(.unknown, "") }
        let percent = Int((ratio * 100).rounded())
        let observed = "the page uses \(percent) % of the screen height"
        if ratio >= Self.underSystemBarsHeightRatio, context.isAndroid, context.platform.platform.isAppWebView,
           result.number("safeAreaTop") == 0, result.number("safeAreaBottom") == 0 {
            // Edge to edge is enforced from Android 15 (targetSdk 35); before it, or with no
            // version known, the page cannot tell it from bars the app hid: a note, not a warning.
            let enforced = context.platform.osVersion.map { $0 >= Symptom.edgeToEdgeEnforcedFrom } ?? false
            return diagnosed(.underSystemBars, result, context, state: enforced ? .warning : .noted,
                             observed: observed + " with no safe-area inset", lead: Diagnosis.spansSystemBars(), remedy: .edgeToEdgeInsets)
        }
        if ratio >= Self.fullScreenHeightRatio { return Assessment(.works, observed) }
        if ratio >= Self.embeddedHeightRatio {
            return Assessment(.warning, observed, diagnosis: Diagnosis.nativeHeader(100 - percent), layer: .webView, remedy: .fullScreenLayout)
        }
        return Assessment(.broken, observed, diagnosis: Diagnosis.embeddedWebView(percent), layer: .webView, remedy: .fullScreenLayout)
    }

    func evaluateInjected(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        func list(_ field: String) -> [String] { result.observed[field]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        let patched = list("patchedNatives")
        let globals = list("unexpectedGlobals")
        let bridges = list("bridgeObjects")
        let observed = "patched natives: \(patched.isEmpty ? "none" : patched.joined(separator: ", ")); unexpected globals: \(globals.count); bridges: \(bridges.isEmpty ? "none" : bridges.joined(separator: ", "))"
        if patched.contains(where: { $0.contains("getUserMedia") || $0.contains("enumerateDevices") }) {
            return Assessment(.warning, observed, diagnosis: Diagnosis.cameraShimmed(), layer: .webView)
        }
        return Assessment(.noted, observed)
    }
}
