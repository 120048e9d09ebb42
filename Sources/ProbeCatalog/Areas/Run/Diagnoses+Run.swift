/// The diagnoses of the run itself rather than of one platform setting: the page's own
/// status, a step the run stopped in, and the host report (`Diff.swift`, `Diff+Stall.swift`,
/// `Diff+HostReport.swift`).
extension Diagnosis {
    static let pageReportedFailure = KnownDiagnosis("page.reported-failure", probes: [], .observation) {
        "The page reported a failure without the fields the catalog reads; the usual cause is below."
    }
    static let probeErrored = KnownDiagnosis("page.probe-errored", probes: [], .instruction) {
        "The probe threw before it could observe anything; re-run it. If it repeats, report the reason."
    }

    /// The lead of a stalled step's diagnosis; its causes are `Symptom.stalled`'s.
    static let runStopped = KnownDiagnosis("run.stalled", probes: [], .observation) { (step: ProbeID) in "The run stopped in \(step)" }

    // The configuration is copied when the WebView is created; WebSettings belong to one WebView.
    static let hostReportContradicts = KnownDiagnosis("host.report.contradicts-page", probes: [HostReport.probe], .fact("a WKWebView copies its configuration when it is created; WebSettings belong to one WebView", source: "https://developer.apple.com/documentation/webkit/wkwebview/init(frame:configuration:)")) { (contradictions: [String]) in
        "The host report contradicts what the page saw: " + contradictions.joined(separator: "; ")
            + ". A setting read from another WebView instance than the one showing the page, or applied after the page loaded, reads one way and acts another."
    }

    /// A report the run contradicts settles nothing; `Diff.separatingCheck` tells a forged
    /// report from a misdetected run.
    static let hostReportSetAside = KnownDiagnosis("host.report.contradicts-run", probes: [HostReport.probe], .observation) { (conflicts: [String]) in
        "The host report contradicts what the page itself saw: " + conflicts.joined(separator: "; ")
            + ". It settles no checklist item and no cause. " + Diff.separatingCheck
    }
    /// Every diagnosis declared in this file, for the docs and the tests (a test holds the list to the declarations).
    static let runDeclared: [any DeclaredDiagnosis] = [
        pageReportedFailure, probeErrored, runStopped, hostReportContradicts, hostReportSetAside,
    ]
}
