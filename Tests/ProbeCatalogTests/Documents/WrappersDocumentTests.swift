import Foundation
import Testing
@testable import ProbeCatalog

/// docs/wrappers.md is generated from the wrapper catalog; this test fails when the committed
/// file is stale, and rewrites it when run with UPDATE_DOCS=1.
@Suite struct WrappersDocumentTests {
    static let root = CitationTests.root

    @Test func WrappersDoc_IsUpToDate() throws {
        let url = Self.root.appendingPathComponent("docs/wrappers.md")
        let generated = WrappersDocument.render()
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let committed = try? String(contentsOf: url, encoding: .utf8)
        #expect(committed == generated, "docs/wrappers.md is stale: run `\(WrappersDocument.regenerateCommand)` and commit it")
    }

    @Test func WrappersDoc_HasEverySettingTimesEveryWrapper() {
        let text = WrappersDocument.render()
        let header = "| Setting | " + Wrapper.allCases.map(\.rawValue).joined(separator: " | ") + " |"
        #expect(text.contains(header))
        for setting in WrapperSetting.allCases { #expect(text.contains("| **\(setting.title)**")) }
    }

    @Test func Catalog_HasEveryWrapper_WithADefaultAndAFixForEverySetting() {
        #expect(WrapperCatalog.all.map(\.wrapper) == Wrapper.allCases)
        for profile in WrapperCatalog.all {
            for setting in WrapperSetting.allCases {
                #expect(!profile.defaults.filter { $0.setting == setting }.isEmpty, "\(profile.wrapper.rawValue) has no default for \(setting.rawValue)")
                #expect(!profile.fixes.filter { $0.setting == setting }.isEmpty, "\(profile.wrapper.rawValue) has no fix for \(setting.rawValue)")
            }
            for fix in profile.fixes {
                #expect(!fix.code.isEmpty, "\(fix.label) \(fix.setting?.rawValue ?? "row") has no code")
                #expect(fix.docs.hasPrefix("https://"), "\(fix.label) \(fix.setting?.rawValue ?? "row") cites no page")
            }
            for value in profile.defaults { #expect(value.source.hasPrefix("https://"), "\(profile.wrapper.rawValue) \(value.setting.rawValue) cites no source") }
            for mapping in profile.checklistMapping {
                #expect(Checklist.liveform.contains { $0.id == mapping.item }, "\(profile.wrapper.rawValue) maps unknown checklist item \(mapping.item)")
            }
        }
    }

    /// The README's wrapper list is the catalog's.
    @Test func Readme_ListsTheCatalogsWrappers() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let line = "Wrappers: " + Wrapper.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + "."
        #expect(readme.contains(line), "README.md should carry the line: \(line)")
    }
}
