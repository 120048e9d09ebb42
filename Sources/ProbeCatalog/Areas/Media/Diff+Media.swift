extension Diff {
    func evaluateAutoplay(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let played = result.bool("played") else { return Assessment(.unknown, "") }
        let error = result.string("errorName")
        if played { return Assessment(.works, "unmuted play() without a gesture worked") }
        // Accepted but still loading at the limit: the policy allowed it; a slow network or
        // device is not a gesture rule.
        if result.bool("allowed") == true {
            return Assessment(.works, "unmuted play() without a gesture was allowed; the clip had not started by the limit")
        }
        let observed = "unmuted play() was refused" + (error.map { " (\($0))" } ?? "")
        return diagnosed(.autoplayRefused, result, context, state: .broken, observed: observed, lead: Diagnosis.autoplayRefused(), remedy: nil)
    }

    /// allowsInlineMediaPlayback defaults to false on iPhone and true on iPad
    /// (https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/allowsinlinemediaplayback).
    func evaluateInline(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let inline = result.bool("inline")
        let fullscreen = result.bool("enteredFullscreen")
        guard inline != nil || fullscreen != nil else { return Assessment(.unknown, "") }
        let observed = "inline \(describe(inline)), entered fullscreen \(describe(fullscreen))"
        if inline == true, fullscreen != true { return Assessment(.works, observed) }
        let refused = result.string("errorName").map { ", play() refused with \($0)" } ?? ""
        return diagnosed(.inlineRefused, result, context, state: .broken, observed: observed + refused, lead: Diagnosis.inlineRefused(), remedy: nil)
    }
}
