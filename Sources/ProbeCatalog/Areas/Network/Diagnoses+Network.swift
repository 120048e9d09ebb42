/// The facts more than one declaration rests on, stated once.
extension Diagnosis.Basis {
    static let reissuedRequestsLoseBody = fact("WebResourceRequest carries no body, so a host that re-issues requests from shouldInterceptRequest sends them without it", source: PlatformSource.androidInterceptRequest)
    fileprivate static let hostSeesEveryRequest = fact("a host sees every request of its WebView and may answer or block it", source: PlatformSource.androidInterceptRequest)
    fileprivate static let mixedContentMode = fact("mixedContentMode decides what an https page may load over http", source: PlatformSource.androidMixedContent)
    fileprivate static let passiveMixedContent = fact("browsers upgrade or allow passive mixed content such as images, and block active content such as fetch", source: PlatformSource.mixedContent)
}

/// Requests between the page and the server: the diagnoses `Diff+Network.swift` states.
extension Diagnosis {
    /// WebResourceRequest has no body: a host that re-issues requests from shouldInterceptRequest drops it.
    static let postBodyAltered = KnownDiagnosis("network.post-body-altered", probes: [.fetchSameOrigin], .reissuedRequestsLoseBody) {
        "The POST body came back altered or empty: something between the page and the server rewrites request bodies (shouldInterceptRequest re-issuing requests drops POST bodies; a URLProtocol proxy)."
    }
    static let sameOriginBlocked = KnownDiagnosis("network.same-origin-blocked", probes: [.fetchSameOrigin], .hostSeesEveryRequest) { (errorName: String?) in
        "A same-origin fetch failed\(errorName.map { " (\($0))" } ?? ""): the host intercepts or blocks requests to this origin."
    }

    static let preflightFailed = KnownDiagnosis("network.preflight-failed", probes: [.fetchCors],
        .fact("a credentialed cross-origin POST with a custom header is preceded by an OPTIONS preflight", source: PlatformSource.corsPreflight)) {
        "The preflighted credentialed POST failed while a simple GET worked: the host intercepts OPTIONS requests or strips credentials on cross-origin requests."
    }
    static let crossOriginUnreachable = KnownDiagnosis("network.second-origin-unreachable", probes: [.fetchCors], .observation) {
        "The second origin was unreachable from the WebView (certificate not trusted, or requests to other hosts blocked by the host's navigation or network policy)."
    }

    static let bodyChanged = KnownDiagnosis("network.body-changed", probes: [.fetchIntegrity], .reissuedRequestsLoseBody) {
        "A 1 MiB body changed in transit: a bridge, request interceptor or proxy alters bodies."
    }
    static let xhrIntercepted = KnownDiagnosis("network.xhr-intercepted", probes: [.xhrSameOrigin], .hostSeesEveryRequest) {
        "XMLHttpRequest failed: the host intercepts requests (a patched XMLHttpRequest, or shouldInterceptRequest)."
    }

    static let mixedContentAlwaysAllowed = KnownDiagnosis("android.mixed-content-always-allow", probes: [.netMixedContent], .mixedContentMode) {
        "An http: fetch went through from the https page: mixed content is always allowed (Android MIXED_CONTENT_ALWAYS_ALLOW / mixedContentMode=\"always\"), which lets a network attacker inject script."
    }
    static let mixedImagesCompatibility = KnownDiagnosis("android.mixed-content-compatibility", probes: [.netMixedContent], .mixedContentMode) {
        "http: images load: MIXED_CONTENT_COMPATIBILITY_MODE, as the LiveForm guide configures (docs/requirements.md#network)."
    }
    static let mixedImagesPassive = KnownDiagnosis("engine.mixed-images-passive", probes: [.netMixedContent], .passiveMixedContent) {
        "http: images load (upgraded or allowed as passive content)."
    }
    static let mixedContentBlocked = KnownDiagnosis("engine.mixed-content-blocked", probes: [.netMixedContent], .passiveMixedContent) {
        "Mixed content is fully blocked; serve every LiveForm resource over https."
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let networkDeclared: [any DeclaredDiagnosis] = [
        postBodyAltered, sameOriginBlocked, preflightFailed, crossOriginUnreachable, bodyChanged, xhrIntercepted,
        mixedContentAlwaysAllowed, mixedImagesCompatibility, mixedImagesPassive, mixedContentBlocked,
    ]
}
