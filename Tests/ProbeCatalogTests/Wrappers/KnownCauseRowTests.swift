import Testing
@testable import ProbeCatalog

/// One model of knowledge: a known cause that is a platform or wrapper fact (a WebView
/// setting, a permission handler, an OS permission, an engine's or a wrapper's behaviour) is
/// a settings row of a wrapper's or the platform's table (`cause: {"known": id}`), so the row
/// judge names it with the row's fix and sources; a cause about the run's context (the page,
/// the person, the device's state, a browser's policy, what the app does on purpose) is
/// declared as such (`KnownCause.context`) and is no row.
@Suite struct KnownCauseRowTests {
    static var knownCauses: [KnownCause] {
        var seen = Set<String>()
        return Catalog.symptoms.flatMap(\.causes).filter { seen.insert($0.id).inserted }
    }

    static var linked: Set<String> {
        Set(WrapperCatalog.all.flatMap(\.settings).compactMap { row in
            if case .known(let id) = row.cause { return id }
            return nil
        })
    }

    @Test func every_platform_or_wrapper_cause_is_a_settings_row() {
        let linked = Self.linked
        let missing = Self.knownCauses.filter { $0.context == nil && !linked.contains($0.id) }.map(\.id)
        #expect(missing.isEmpty, "platform or wrapper facts no settings row holds: \(missing)")
    }

    @Test func a_cause_of_the_runs_context_is_no_settings_row() {
        let linked = Self.linked
        for cause in Self.knownCauses where cause.context != nil {
            #expect(!linked.contains(cause.id), "\(cause.id) is about the \(cause.context!.rawValue), yet a row links it")
        }
    }

    /// One id is one fact: where a cause is declared on several symptoms, each declaration is
    /// of the same kind, so the split above cannot depend on which symptom is read.
    @Test func a_cause_declared_twice_is_of_one_kind() {
        let all = Catalog.symptoms.flatMap(\.causes)
        for cause in all {
            for other in all where other.id == cause.id {
                #expect(other.context == cause.context, "\(cause.id) is declared as \(String(describing: cause.context)) and \(String(describing: other.context))")
            }
        }
    }
}
