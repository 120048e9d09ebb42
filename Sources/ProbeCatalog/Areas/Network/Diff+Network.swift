extension Diff {
    func evaluateSameOriginFetch(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let get = result.bool("getOk")
        let post = result.bool("postEchoExact")
        let error = result.string("errorName")
        return everyStep(get, post, observed: "GET \(describe(get)), POST echoed exactly \(describe(post))" + (error.map { ", \($0)" } ?? "")) { observed in
            Assessment(.broken, observed, diagnosis: get == true ? Diagnosis.postBodyAltered() : Diagnosis.sameOriginBlocked(error), layer: .network, remedy: .bodyIntegrity)
        }
    }

    func evaluateCredentials(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let sent = result.bool("cookieSent") else { return Assessment(.unknown, "") }
        if sent { return Assessment(.works, "the cookie was sent") }
        return cookiesNotKept(result, context, "the cookie was not sent", lead: Diagnosis.cookieNotSent())
    }

    func evaluateCORS(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let get = result.bool("getOk")
        let preflight = result.bool("preflightOk")
        let error = result.string("errorName")
        return everyStep(get, preflight, observed: "cross-origin GET \(describe(get)), preflighted credentialed POST \(describe(preflight))" + (error.map { ", \($0)" } ?? "")) { observed in
            Assessment(.broken, observed, diagnosis: get == true ? Diagnosis.preflightFailed() : Diagnosis.crossOriginUnreachable(), layer: .network)
        }
    }

    func evaluateIntegrity(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let up = result.bool("uploadHashMatch")
        let down = result.bool("downloadHashMatch")
        return everyStep(up, down, observed: "1 MiB upload hash match \(describe(up)), download hash match \(describe(down))") { observed in
            Assessment(.broken, observed, diagnosis: Diagnosis.bodyChanged(), layer: .network, remedy: .bodyIntegrity)
        }
    }

    func evaluateXHR(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let get = result.bool("getOk")
        let post = result.bool("postOk")
        return everyStep(get, post, observed: "XHR GET \(describe(get)), POST \(describe(post))") { observed in
            Assessment(.broken, observed, diagnosis: Diagnosis.xhrIntercepted(), layer: .network, remedy: .bodyIntegrity)
        }
    }

    /// An http: fetch is blocked everywhere; an http: image is allowed by Android's
    /// compatibility mode (docs/requirements.md#network). A fetch that goes through means mixed content is always allowed.
    func evaluateMixedContent(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let image = result.bool("imageLoaded")
        let fetchBlocked = result.bool("fetchBlocked")
        guard image != nil || fetchBlocked != nil else { return Assessment(.unknown, "") }
        let observed = "http: image loaded \(describe(image)), http: fetch blocked \(describe(fetchBlocked))"
        if fetchBlocked == false {
            return Assessment(.warning, observed, diagnosis: Diagnosis.mixedContentAlwaysAllowed(), layer: .webView, remedy: .mixedContent)
        }
        if image == true {
            return Assessment(.noted, observed, diagnosis: context.isAndroid ? Diagnosis.mixedImagesCompatibility() : Diagnosis.mixedImagesPassive())
        }
        return Assessment(.noted, observed, diagnosis: Diagnosis.mixedContentBlocked())
    }
}
