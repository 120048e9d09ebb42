extension Diff {
    func evaluateWindowOpen(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let tap = result.string("tapResult")
        let timer = result.string("timerResult")
        guard tap != nil || timer != nil else { return Assessment(.unknown, "") }
        let observed = "window.open from a tap: \(tap ?? "?"); from a timer: \(timer ?? "?")"
        if !context.requirementSet.allowsPopups {
            if tap == "new-window" || timer == "new-window" {
                return Assessment(.warning, observed, diagnosis: Diagnosis.newWindowOpened(context.requirementSet.id), layer: .webView, remedy: .windowOpen)
            }
            return Assessment(.broken, observed, diagnosis: Diagnosis.noPopupAsExpected())
        }
        if tap == "blocked", context.platform.platform == .iosWKWebView {
            return Assessment(.warning, observed, diagnosis: Diagnosis.windowOpenDropped(), layer: .webView, remedy: .windowOpen)
        }
        return Assessment(.noted, observed)
    }

    func evaluateCustomScheme(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let outcome = result.string("outcome") else { return Assessment(.unknown, "") }
        let observed = "custom-scheme link: \(outcome)"
        if outcome == "webview-error" {
            return Assessment(.broken, observed, diagnosis: Diagnosis.customSchemeNotForwarded(), layer: .webView, remedy: .customSchemes)
        }
        return Assessment(.works, observed)
    }

    func evaluateReturnURL(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let reached = result.bool("reachedApp") else { return Assessment(.unknown, "") }
        let observed = "return URL reached the app as intended: \(describe(reached))" + (result.string("outcome").map { " (\($0))" } ?? "")
        if reached { return Assessment(.works, observed) }
        return Assessment(.broken, observed, diagnosis: Diagnosis.returnURLNotIntercepted(), layer: .webView, remedy: .returnUrl)
    }

    func evaluateLoadError(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let http = result.bool("http500Recoverable")
        let unreachable = result.bool("unreachableRecoverable")
        return noStepFailed(http, unreachable, observed: "recoverable error for HTTP 500: \(describe(http)); for an unreachable address: \(describe(unreachable))") { observed in
            Assessment(.broken, observed, diagnosis: Diagnosis.loadErrorUnhandled(http == false, unreachable == false), layer: .webView, remedy: .loadErrors)
        }
    }

    func evaluateBackground(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let resumed = result.bool("resumed")
        let visible = result.bool("visibleFired")
        guard resumed != nil || visible != nil else { return Assessment(.unknown, "") }
        let track = result.string("trackStateAfter")
        let observed = "hidden event \(describe(result.bool("hiddenFired"))), visible event \(describe(visible)), resumed \(describe(resumed)), camera track after: \(track ?? "?")"
        if resumed == false {
            return Assessment(.broken, observed, diagnosis: Diagnosis.notResumed(), layer: .webView, remedy: .backgroundResume)
        }
        if track == "ended" {
            return Assessment(.works, observed, diagnosis: Diagnosis.cameraTrackEnded())
        }
        return Assessment(.works, observed)
    }

    func evaluateOffline(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let queued = result.int("queued")
        let delivered = result.int("delivered")
        let offline = result.bool("offlineFired")
        guard queued != nil || offline != nil else { return Assessment(.unknown, "") }
        let observed = "offline event \(describe(offline)), online event \(describe(result.bool("onlineFired"))), queued \(queued ?? 0), delivered \(delivered ?? 0)"
        // The page posts an interim attempt while offline, queued until the device is back. The
        // server holding it means the queue was delivered, whatever the page counted (a post
        // made a moment before airplane mode can be counted queued and acknowledged before
        // the count began); a queued result of another step that was lost is that step's
        // missing result.
        let interimArrived = (context.received[result.probe] ?? []).contains {
            $0.attempt < result.attempt && $0.bool("offlineFired") == true && $0.int("queued") == nil
        }
        if interimArrived, let queued, let delivered, delivered < queued {
            return Assessment(.works, observed + "; the result queued offline reached the server")
        }
        if let queued, let delivered, delivered < queued {
            return Assessment(.broken, observed, diagnosis: Diagnosis.offlineQueueLost(queued - delivered), layer: .webView, remedy: .offline)
        }
        if offline == false {
            return Assessment(.warning, observed, diagnosis: Diagnosis.noOfflineEvent(), layer: .webView)
        }
        return Assessment(.works, observed)
    }

    func evaluateOperatorChecklist(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        let answers = result.observed["answers"]?.objectValue ?? [:]
        return Assessment(.noted, "\(answers.count) question(s) answered")
    }
}
