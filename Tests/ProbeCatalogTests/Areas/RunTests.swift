import Testing
@testable import ProbeCatalog

// The run: what docs/requirements.md expects of each probe of the area (written out
// independently of the catalog, so a wrong expectation cannot pass by agreeing with itself),
// and the diagnoses its evaluators state, each proved by a named test.

extension Expected {
    static let run: [Expected] = [
        .init("host.report", "IIIIIII"),
        .init("operator.checklist", "IIIIIII", .operator, needsPerson: true),
    ]
}
