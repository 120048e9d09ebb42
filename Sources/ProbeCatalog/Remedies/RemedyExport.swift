/// Every piece of code the catalog can show an integrator, as `probe-server catalog --json`
/// exports it under `remedies`: each remedy line, each wrapper fix, and the combined fix of
/// every set of remedies one finding can carry together. Tests/remedies/check.py compiles each.
public struct RemedyExport: Sendable, Encodable, Equatable {
    public struct Snippet: Sendable, Encodable, Equatable {
        /// The probe or cause id, then the fix's wrapper ("camera.getUserMedia/native-android").
        public let id: String
        /// Swift, Kotlin, JSX, or a wrapper fix's language.
        public let language: String
        /// The fix's wrapper ("native-ios", "capacitor").
        public let line: String
        public let code: String
        /// The members the code declares (`Remedy.members`).
        public let members: [String]
        /// A wrapper setting row's own code: where Tests/remedies/check.py puts it.
        public var kind: String? = nil
    }

    public let lines: [Snippet]
    public let merged: [Snippet]
    public let combined: [Snippet]
    public let wrapperFixes: [Snippet]

    public static func standard(_ catalog: Catalog = .standard) -> RemedyExport {
        let named = Remedy.named(catalog)
        let lines = named.flatMap { name, remedy in snippets(name, remedy) }
        let merged = Remedy.merges.map { merge in
            snippet("merge:\(merge.id)/\(merge.wrapper.rawValue)", Remedy.line(merge.wrapper, code: merge.merged, docs: merge.docs))
        }
        let combined = Remedy.cooccurring(catalog).flatMap { group -> [Snippet] in
            guard group.remedies.count > 1, let remedy = Remedy.combined(group.remedies.map(\.remedy)) else { return [] }
            return snippets("combined:" + group.remedies.map(\.name).joined(separator: "+"), remedy)
        }
        let fixes = WrapperCatalog.all.flatMap { profile in
            profile.fixes.map { fix in
                let id = "\(fix.wrapper.rawValue)/\(fix.setting?.rawValue ?? "row")" + (fix.family.map { "/\($0.rawValue)" } ?? "")
                return Snippet(id: id, language: fix.language, line: "\(fix.wrapper.rawValue)", code: fix.code, members: [])
            }
        }
        // The settings rows' own code (a row that points at a fix or a remedy is checked there).
        let rows = WrapperCatalog.all.flatMap { profile in
            profile.settings.compactMap { row -> Snippet? in
                guard let code = profile.code(row), let kind = code.kind else { return nil }
                return Snippet(id: "\(profile.wrapper.rawValue)/setting:\(row.id)", language: code.language,
                               line: profile.wrapper.rawValue, code: code.code, members: [], kind: kind)
            }
        }
        return RemedyExport(lines: lines, merged: merged, combined: combined, wrapperFixes: fixes + rows)
    }

    static func snippets(_ name: String, _ remedy: Remedy) -> [Snippet] {
        // A native wrapper's family is its own: only another wrapper's fix names it.
        remedy.fixes.map { fix in
            snippet("\(name)/\(fix.wrapper.rawValue)" + (fix.wrapper.isNative ? "" : fix.family.map { "/\($0.rawValue)" } ?? ""), fix)
        }
    }

    static func snippet(_ id: String, _ fix: WrapperFix) -> Snippet {
        Snippet(id: id, language: fix.language, line: fix.wrapper.rawValue, code: fix.code,
                members: Remedy.members(fix.code, in: fix.wrapper).map(\.name))
    }
}

extension Remedy {
    /// Every remedy the catalog can put on a finding, named by the probe or cause that
    /// carries it: the probes' own, then every known cause's.
    public static func named(_ catalog: Catalog = .standard) -> [(name: String, remedy: Remedy)] {
        catalog.probes.compactMap { probe in probe.remedy.map { (probe.id.rawValue, $0) } }
            + Catalog.symptoms.flatMap { $0.causes.compactMap { cause in cause.remedy.map { (cause.id, $0) } } }
    }

    /// A set of remedies one finding can carry at once: a symptom's probes' own remedy with
    /// the remedies of the symptom's causes the evidence can leave standing together
    /// (`Diff.diagnosed`, `Diff.stalledFinding`). Every pair, distinct by code, is listed.
    public struct Cooccurrence: Sendable {
        public let symptom: String
        public let remedies: [(name: String, remedy: Remedy)]
    }

    public static func cooccurring(_ catalog: Catalog = .standard) -> [Cooccurrence] {
        var groups: [Cooccurrence] = []
        for symptom in Catalog.symptoms {
            var members: [(name: String, remedy: Remedy)] = symptom.probes.compactMap { id in
                catalog.probe(id: id)?.remedy.map { (id.rawValue, $0) }
            }
            members += symptom.causes.compactMap { cause in cause.remedy.map { (cause.id, $0) } }
            var distinct: [(name: String, remedy: Remedy)] = []
            for member in members where !distinct.contains(where: { $0.remedy == member.remedy }) { distinct.append(member) }
            for i in distinct.indices {
                for j in distinct.indices where j > i {
                    groups.append(Cooccurrence(symptom: symptom.id, remedies: [distinct[i], distinct[j]]))
                }
            }
            // The camera's three Android handlers can all stand at once: their merge too.
            if distinct.count > 2 {
                groups.append(Cooccurrence(symptom: symptom.id, remedies: distinct))
            }
        }
        return groups
    }
}
