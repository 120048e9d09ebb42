extension Diff {
    func evaluateSameOriginFetch(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let get = result.bool("getOk")
        let post = result.bool("postEchoExact")
        guard get != nil || post != nil else { return Assessment(.unknown, "") }
        let error = result.string("errorName")
        let observed = "GET \(describe(get)), POST echoed exactly \(describe(post))" + (error.map { ", \($0)" } ?? "")
        if get == true, post == true { return Assessment(.works, observed) }
        if get == true {
            return Assessment(
                .broken, observed,
                diagnosis: Diagnosis.postBodyAltered(),
                layer: .network, remedy: .bodyIntegrity)
        }
        return Assessment(
            .broken, observed,
            diagnosis: Diagnosis.sameOriginBlocked(error),
            layer: .network, remedy: .bodyIntegrity)
    }

    func evaluateCredentials(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let sent = result.bool("cookieSent") else { return Assessment(.unknown, "") }
        if sent { return Assessment(.works, "the cookie was sent") }
        return cookiesNotKept(result, context, "the cookie was not sent", lead: Diagnosis.cookieNotSent())
    }

    func evaluateCORS(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let get = result.bool("getOk")
        let preflight = result.bool("preflightOk")
        guard get != nil || preflight != nil else { return Assessment(.unknown, "") }
        let error = result.string("errorName")
        let observed = "cross-origin GET \(describe(get)), preflighted credentialed POST \(describe(preflight))" + (error.map { ", \($0)" } ?? "")
        if get == true, preflight == true { return Assessment(.works, observed) }
        if get == true {
            return Assessment(
                .broken, observed,
                diagnosis: Diagnosis.preflightFailed(),
                layer: .network)
        }
        return Assessment(
            .broken, observed,
            diagnosis: Diagnosis.crossOriginUnreachable(),
            layer: .network)
    }

    func evaluateIntegrity(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let up = result.bool("uploadHashMatch")
        let down = result.bool("downloadHashMatch")
        guard up != nil || down != nil else { return Assessment(.unknown, "") }
        let observed = "1 MiB upload hash match \(describe(up)), download hash match \(describe(down))"
        if up == true, down == true { return Assessment(.works, observed) }
        return Assessment(
            .broken, observed,
            diagnosis: Diagnosis.bodyChanged(),
            layer: .network, remedy: .bodyIntegrity)
    }

    func evaluateXHR(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let get = result.bool("getOk")
        let post = result.bool("postOk")
        guard get != nil || post != nil else { return Assessment(.unknown, "") }
        let observed = "XHR GET \(describe(get)), POST \(describe(post))"
        if get == true, post == true { return Assessment(.works, observed) }
        return Assessment(
            .broken, observed,
            diagnosis: Diagnosis.xhrIntercepted(),
            layer: .network, remedy: .bodyIntegrity)
    }

    /// An http: fetch is blocked everywhere; an http: image is allowed by Android's
    /// compatibility mode (docs/requirements.md#network). A fetch that goes through means mixed content is always allowed.
    func evaluateMixedContent(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let image = result.bool("imageLoaded")
        let fetchBlocked = result.bool("fetchBlocked")
        guard image != nil || fetchBlocked != nil else { return Assessment(.unknown, "") }
        let observed = "http: image loaded \(describe(image)), http: fetch blocked \(describe(fetchBlocked))"
        if fetchBlocked == false {
            return Assessment(
                .warning, observed,
                diagnosis: Diagnosis.mixedContentAlwaysAllowed(),
                layer: .webView, remedy: .mixedContent)
        }
        if image == true {
            return Assessment(.noted, observed, diagnosis: context.isAndroid ? Diagnosis.mixedImagesCompatibility() : Diagnosis.mixedImagesPassive())
        }
        return Assessment(.noted, observed, diagnosis: Diagnosis.mixedContentBlocked())
    }
}
