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
                diagnosis: "The POST body came back altered or empty: something between the page and the server rewrites request bodies (shouldInterceptRequest re-issuing requests drops POST bodies; a URLProtocol proxy).",
                layer: .network, remedy: .bodyIntegrity)
        }
        return Assessment(
            .broken, observed,
            diagnosis: "A same-origin fetch failed\(error.map { " (\($0))" } ?? ""): the host intercepts or blocks requests to this origin.",
            layer: .network, remedy: .bodyIntegrity)
    }

    func evaluateCredentials(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let sent = result.bool("cookieSent") else { return Assessment(.unknown, "") }
        if sent { return Assessment(.works, "the cookie was sent") }
        return cookiesNotKept(result, context, "the cookie was not sent", lead: "The cookie was not sent")
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
                diagnosis: "The preflighted credentialed POST failed while a simple GET worked: the host intercepts OPTIONS requests or strips credentials on cross-origin requests.",
                layer: .network)
        }
        return Assessment(
            .broken, observed,
            diagnosis: "The second origin was unreachable from the WebView (certificate not trusted, or requests to other hosts blocked by the host's navigation or network policy).",
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
            diagnosis: "A 1 MiB body changed in transit: a bridge, request interceptor or proxy alters bodies.",
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
            diagnosis: "XMLHttpRequest failed: the host intercepts requests (a patched XMLHttpRequest, or shouldInterceptRequest).",
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
                diagnosis: "An http: fetch went through from the https page: mixed content is always allowed (Android MIXED_CONTENT_ALWAYS_ALLOW / mixedContentMode=\"always\"), which lets a network attacker inject script.",
                layer: .webView, remedy: .mixedContent)
        }
        if image == true {
            return Assessment(.noted, observed, diagnosis: context.isAndroid ? "http: images load: MIXED_CONTENT_COMPATIBILITY_MODE, as the LiveForm guide configures (docs/requirements.md#network)." : "http: images load (upgraded or allowed as passive content).")
        }
        return Assessment(.noted, observed, diagnosis: "Mixed content is fully blocked; serve every LiveForm resource over https.")
    }
}
