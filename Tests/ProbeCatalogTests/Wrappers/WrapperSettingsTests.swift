import Foundation
import Testing
@testable import ProbeCatalog

/// Every wrapper's settings table is knowledge read from the wrapper's source: each row names
/// the cause the diagnosis reports, a fix in the wrapper's own API, and a source pinned to a
/// release (never a moving branch).
@Suite struct WrapperSettingsTests {
    /// Fewer rows than this and the table covers only what a thread happened to mention.
    static let minimumRows = 10
    /// Branch names that move: a link at one of them stops proving the default it cites.
    static let movingRefs: Set<String> = ["main", "master", "HEAD", "develop", "trunk"]
    /// The platforms' own pages, cited for native rows and platform defaults: Apple's, Android's and WebKit's, WebKit's bug tracker (where
    /// an engine change is recorded) and MDN, the web platform's reference the known causes cite.
    static let platformDocs = ["https://developer.apple.com/", "https://developer.android.com/", "https://webkit.org/",
                               "https://bugs.webkit.org/", "https://developer.mozilla.org/"]

    static var knownCauseIDs: Set<String> {
        Set(Catalog.symptoms.flatMap { $0.causes.map(\.id) })
    }

    /// The ref of a GitHub blob link (`/blob/<ref>/path`), nil for any other link: the first
    /// segment after /blob/ (for the tag `rel/15.0.0` that is `rel`, which is no branch).
    static func ref(_ url: String) -> String? {
        guard url.hasPrefix("https://github.com/"), let range = url.range(of: "/blob/") else { return nil }
        return String(url[range.upperBound...].split(separator: "/").first ?? "")
    }

    /// True for a GitHub commit (its full hash), pull request or issue: the record of when a
    /// behaviour changed and of the maintainers confirming it, which a row for some releases
    /// (`versions`) cites beside the tags either side.
    static func isChange(_ url: String) -> Bool {
        guard url.hasPrefix("https://github.com/") else { return false }
        let parts = url.dropFirst("https://github.com/".count).split(separator: "/")
        guard parts.count >= 4 else { return false }
        switch parts[2] {
        case "commit": return parts[3].count == 40 && parts[3].allSatisfy(\.isHexDigit)
        case "pull", "issues": return Int(parts[3].prefix { $0.isNumber }) != nil
        default: return false
        }
    }

    @Test func EveryWrapper_HasAtLeastTenSettingsRows() {
        for profile in WrapperCatalog.all {
            #expect(profile.settings.count >= Self.minimumRows, "\(profile.wrapper.rawValue) has \(profile.settings.count) settings rows")
            let ids = profile.settings.map(\.id)
            #expect(Set(ids).count == ids.count, "\(profile.wrapper.rawValue) repeats a row id")
        }
    }

    @Test func EveryRow_NamesACauseTheDiagnosisKnows() {
        let known = Self.knownCauseIDs
        let probes = Set(Catalog.standard.probes.map(\.id))
        for profile in WrapperCatalog.all {
            for row in profile.settings {
                let label = "\(profile.wrapper.rawValue) \(row.id)"
                switch row.cause {
                case .known(let id): #expect(known.contains(id), "\(label): no known cause \(id)")
                case .setting: break
                case .probe(let id): #expect(probes.contains(id), "\(label): no probe \(id)")
                }
                #expect(!row.probes.isEmpty, "\(label) names no probe")
                for probe in row.probes { #expect(probes.contains(probe), "\(label): no probe \(probe)") }
                #expect(!row.whenWrong.isEmpty && !row.nativeCall.isEmpty && !row.current.value.isEmpty, "\(label) is incomplete")
            }
        }
    }

    @Test func EveryRow_HasAFixInTheWrappersOwnAPI() {
        for profile in WrapperCatalog.all {
            for row in profile.settings {
                let label = "\(profile.wrapper.rawValue) \(row.id)"
                let code = profile.code(row)
                #expect(code != nil, "\(label): its fix points at nothing")
                guard let code else { continue }
                #expect(!code.code.isEmpty && !code.language.isEmpty, "\(label): empty fix")
                #expect(code.language != "none", "\(label): prose is no fix")
                if case .code = row.fix {
                    // "comment": the wrapper's API has no way to the fix, and the comment says so
                    // and where one is (check.py's kind for the fix tables' same case).
                    #expect(code.kind?.contains(".") == true || code.kind == "comment", "\(label): own code without a check.py kind")
                }
            }
        }
    }

    /// A web content or renderer process may end in any step that can end the app, so each
    /// wrapper's row for it judges a run that stopped in any of them, and the stopped-step
    /// symptom is about exactly those steps.
    @Test func AnEndedWebProcess_IsJudgedInEveryStepThatMarksItsStart() {
        let marked = Set(Catalog.standard.probes.filter(\.marksStart).map(\.id))
        #expect(Set(Symptom.stalled.probes) == marked)
        var rows = 0
        for profile in WrapperCatalog.all {
            for row in profile.settings {
                guard case .known(let id) = row.cause, ["ios.web-content-terminated", "android.renderer-gone"].contains(id) else { continue }
                rows += 1
                #expect(Set(row.when.probes) == marked, "\(profile.wrapper.rawValue) \(row.id)")
                #expect(row.when.probes.allSatisfy { row.when.byProbe[$0]!.stalled }, "\(profile.wrapper.rawValue) \(row.id)")
            }
        }
        #expect(rows >= 14)
    }

    @Test func EveryRow_CitesASourcePinnedToAReleaseOrThePlatformsDocs() {
        for profile in WrapperCatalog.all {
            for row in profile.settings {
                let label = "\(profile.wrapper.rawValue) \(row.id)"
                #expect(!row.sources.isEmpty, "\(label) cites no source")
                for url in row.sources {
                    if let ref = Self.ref(url) {
                        #expect(!ref.isEmpty && !Self.movingRefs.contains(ref), "\(label): \(url) is not at a tag")
                    } else if Self.isChange(url) {
                        #expect(row.versions != nil, "\(label): \(url) is a change; only a row for some releases cites one")
                    } else {
                        #expect(profile.wrapper.isNative || url.hasPrefix("https://developer.android.com/"),
                                "\(label): \(url) is no GitHub permalink (docs only for native platforms)")
                        #expect(Self.platformDocs.contains { url.hasPrefix($0) }, "\(label): \(url) is neither a permalink nor platform docs")
                    }
                }
                // A wrapper's row cites the wrapper's own source at least once.
                if !profile.wrapper.isNative {
                    #expect(row.sources.contains { Self.ref($0) != nil }, "\(label) cites no wrapper source")
                }
            }
        }
    }

    /// The short defaults the diagnosis names cite the same pinned sources.
    @Test func EveryDefault_CitesNoMovingBranch() {
        for profile in WrapperCatalog.all {
            for value in profile.defaults {
                if let ref = Self.ref(value.source) {
                    #expect(!Self.movingRefs.contains(ref), "\(profile.wrapper.rawValue) \(value.setting.rawValue): \(value.source) is not at a tag")
                }
            }
        }
    }

    /// The check itself: a link at a branch fails, a link at a tag passes.
    @Test func SourceCheck_RefusesBranchesAndTakesTags() {
        #expect(Self.ref("https://github.com/apache/cordova-ios/blob/master/CordovaLib/x.m#L1") == "master")
        #expect(Self.ref("https://github.com/ionic-team/capacitor/blob/8.4.2/ios/x.swift#L2") == "8.4.2")
        #expect(Self.ref("https://github.com/apache/cordova-android/blob/rel/15.0.0/framework/x.java") == "rel")
        #expect(Self.ref("https://developer.android.com/reference/android/webkit/WebSettings") == nil)
    }

    @Test func CatalogExport_CarriesEveryWrappersSettings() throws {
        let json = try JSONSerialization.jsonObject(with: Data(Catalog.standard.exportJSON().utf8)) as? [String: Any]
        let wrappers = try #require(json?["wrappers"] as? [[String: Any]])
        #expect(wrappers.compactMap { $0["id"] as? String } == Wrapper.allCases.map(\.rawValue))
        for (export, profile) in zip(wrappers, WrapperCatalog.all) {
            let settings = export["settings"] as? [[String: Any]] ?? []
            #expect(settings.count == profile.settings.count)
            #expect(settings.allSatisfy { ($0["fix"] as? [String: Any])?["code"] is String })
            #expect(export["defaults"] is [[String: Any]])
            #expect(export["detection"] is [[String: Any]])
        }
    }

    @Test func CatalogExport_ListsEveryRowsOwnCodeForTheCompileCheck() throws {
        let json = try JSONSerialization.jsonObject(with: Data(Catalog.standard.exportJSON().utf8)) as? [String: Any]
        let fixes = try #require((json?["remedies"] as? [String: Any])?["wrapperFixes"] as? [[String: Any]])
        let exported = Set(fixes.compactMap { $0["kind"] != nil ? $0["id"] as? String : nil })
        for profile in WrapperCatalog.all {
            for row in profile.settings {
                guard case .code = row.fix else { continue }
                #expect(exported.contains("\(profile.wrapper.rawValue)/setting:\(row.id)"), "\(profile.wrapper.rawValue) \(row.id) is not compile-checked")
            }
        }
    }

    @Test func WrappersDoc_HasASettingsTablePerWrapper() {
        let text = WrappersDocument.render()
        for profile in WrapperCatalog.all {
            #expect(text.contains("### \(profile.wrapper.title): settings"))
            for row in profile.settings { #expect(text.contains("`\(WrappersDocument.escape(row.name))`")) }
        }
    }
}
