extension Diff {
    func rank(_ symptom: Symptom, _ result: ProbeResult, _ context: EvaluationContext) -> [Cause] {
        symptom.rank(CauseEvidence(result: result, context: context))
    }

    /// DOM storage is off by default on Android (docs/requirements.md#storage); null or throwing storage there
    /// means `domStorageEnabled` was never set.
    func evaluateWebStorage(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let probe = result.probe
        let name = probe == .storageLocal ? "localStorage" : "sessionStorage"
        let available = result.bool("available")
        let roundTrip = result.bool("writeReadRemove")
        let error = result.string("errorName")
        guard available != nil || roundTrip != nil || error != nil else { return Assessment(.unknown, "") }
        let observed = "\(name) available \(describe(available)), write-read-remove \(describe(roundTrip))" + (error.map { ", threw \($0)" } ?? "")
        if available == true, roundTrip != false, error == nil { return Assessment(.works, observed) }

        if available == false || (error != nil && error != "QuotaExceededError") {
            let how = available == false ? "is null" : "throws \(error!)"
            // domStorageEnabled gates localStorage alone (Symptom.webStorageWorked), so a null
            // sessionStorage on Android is the data store's or the origin's doing, as elsewhere.
            let diagnosis = context.isAndroid && probe == .storageLocal ? Diagnosis.domStorageOff(name, how) : Diagnosis.storageBlocked(name, how)
            return Assessment(.broken, observed, diagnosis: diagnosis, layer: .webView, remedy: .domStorage, causes: rank(.storageUnavailable, result, context))
        }
        return Assessment(.broken, observed, diagnosis: Diagnosis.storageRoundTripFailed(name, error), layer: .webView, remedy: .domStorage)
    }

    func evaluateIndexedDB(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let available = result.bool("available")
        let opened = result.bool("opened")
        let roundTrip = result.bool("putGetDelete")
        let error = result.string("errorName")
        return everyStep(available, opened, roundTrip, observed: "indexedDB available \(describe(available)), opened \(describe(opened)), put-get-delete \(describe(roundTrip))" + (error.map { ", \($0)" } ?? "")) { observed in
            let diagnosis = context.isAndroid ? Diagnosis.indexedDBDomStorageOff() : Diagnosis.indexedDBBlocked()
            return Assessment(.broken, observed, diagnosis: diagnosis, layer: .webView, remedy: .domStorage, causes: rank(.storageUnavailable, result, context))
        }
    }

    func evaluateDocumentCookie(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let enabled = result.bool("cookieEnabled")
        let writeRead = result.bool("writeRead")
        guard enabled != nil || writeRead != nil else { return Assessment(.unknown, "") }
        let observed = "cookieEnabled \(describe(enabled)), write-read \(describe(writeRead))"
        if enabled != false, writeRead == true { return Assessment(.works, observed) }
        return cookiesNotKept(result, context, observed)
    }

    func evaluateServerCookie(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let echoed = result.bool("echoed") else { return Assessment(.unknown, "") }
        let observed = "server cookie echoed back \(describe(echoed))" + (result.bool("visibleToScript") == true ? ", HttpOnly cookie visible to script" : "")
        if !echoed {
            return cookiesNotKept(result, context, observed)
        }
        if result.bool("visibleToScript") == true {
            return Assessment(.warning, observed, diagnosis: Diagnosis.httpOnlyVisible(), layer: .webView)
        }
        return Assessment(.works, observed)
    }

    /// A cookie not kept: the causes the rest of the run leaves standing (cookies off for the
    /// app only where no other cookie was kept), else the platform's usual words.
    func cookiesNotKept(_ result: ProbeResult, _ context: EvaluationContext, _ observed: String, lead: Diagnosis = Diagnosis.cookieNotKept()) -> Assessment {
        // The platform's usual words only where the run rules nothing out: with another
        // cookie kept, "cookies are off" would contradict it.
        let evidence = CauseEvidence(result: result, context: context)
        guard !Symptom.cookiesBlocked.rank(evidence).isEmpty || !Symptom.cookiesBlocked.ruledOut(evidence).isEmpty else {
            return Assessment(.broken, observed, diagnosis: cookieBlockedDiagnosis(context), layer: .webView, remedy: .cookies)
        }
        return diagnosed(.cookiesBlocked, result, context, state: .broken, observed: observed, lead: lead, remedy: nil)
    }

    /// Cookies blocked: Android's CookieManager, or WebKit's data store.
    func cookieBlockedDiagnosis(_ context: EvaluationContext) -> Diagnosis {
        switch context.family {
        case .android: return Diagnosis.cookiesOffAndroid()
        case .ios: return Diagnosis.cookiesOffIOS()
        case .desktop: return Diagnosis.cookiesOffBrowser()
        }
    }

    /// Third-party cookies: Android WebView blocks them unless the app opts in; WebKit's ITP
    /// blocks them on iOS whatever the app does, which the profile expects.
    func evaluateThirdPartyCookie(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        if result.bool("frameLoaded") == false {
            return Assessment(.warning, "the second-origin frame did not load", diagnosis: Diagnosis.thirdPartyFrameUnreachable(), layer: .network)
        }
        guard let readBack = result.bool("readBack") else { return Assessment(.unknown, "") }
        let observed = "set \(describe(result.bool("set"))), read back \(describe(readBack))"
        if readBack { return Assessment(.works, observed) }
        let diagnosis: Diagnosis
        switch context.family {
        case .ios: diagnosis = Diagnosis.thirdPartyCookiesITP()
        case .android: diagnosis = context.platform.platform == .androidChrome ? Diagnosis.thirdPartyCookiesChrome() : Diagnosis.thirdPartyCookiesOffAndroid()
        case .desktop: return Assessment(.broken, observed, diagnosis: Diagnosis.thirdPartyCookiesBrowser(), layer: .userOrOS)
        }
        return Assessment(.broken, observed, diagnosis: diagnosis, layer: .webView, remedy: .thirdPartyCookies, causes: rank(.thirdPartyCookiesBlocked, result, context))
    }

    func evaluateNavigationStorage(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let cookie = result.bool("cookieSurvived")
        let local = result.bool("localStorageSurvived")
        return everyStep(cookie, local, observed: "after navigating away and back: cookie \(describe(cookie)), localStorage \(describe(local))") { observed in
            Assessment(
                .broken, observed,
                diagnosis: Diagnosis.navigationLostStorage(cookie == false, local == false),
                layer: .webView, remedy: cookie == false ? .cookies : .persistentDataStore, causes: rank(.storageNotPersistent, result, context))
        }
    }

    func evaluateRelaunch(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        if result.bool("relaunched") == false {
            return Assessment(.notDone, "the app was not relaunched", diagnosis: Diagnosis.notRelaunched())
        }
        let persistent = result.bool("persistentCookie")
        let local = result.bool("localStorage")
        let indexed = result.bool("indexedDB")
        return noStepFailed(persistent, local, indexed, observed: "after relaunch: session cookie \(describe(result.bool("sessionCookie"))), persistent cookie \(describe(persistent)), localStorage \(describe(local)), IndexedDB \(describe(indexed))") { observed in
            Assessment(
                .broken, observed,
                diagnosis: Diagnosis.relaunchLostStorage(),
                layer: .webView, remedy: .persistentDataStore, causes: rank(.storageNotPersistent, result, context))
        }
    }
}
