import Foundation
import Testing
@testable import ProbeCatalog

/// A remedy is one list of fixes keyed by the catalog's `Wrapper`: the lines the catalog
/// declares are the native wrappers' fixes, and a wrapper judgement adds the others' to the
/// same list, so every reader (reports, the end screen, the JSON) has one model of a fix.
@Suite struct RemedyFixesTests {
    /// Every remedy a finding can carry: the catalog's own, every combination of them one
    /// finding carries, and the remedies of findings judged against each wrapper on each platform.
    static var remedies: [(name: String, remedy: Remedy)] {
        let combined = Remedy.cooccurring().compactMap { group -> (String, Remedy)? in
            Remedy.combined(group.remedies.map(\.remedy)).map { ("combined:" + group.remedies.map(\.name).joined(separator: "+"), $0) }
        }
        let judged = Wrapper.allCases.flatMap { wrapper in
            [(WrapperDetectorTests.androidWebViewUA, Platform.androidWebView), (WrapperDetectorTests.iosWebViewUA, .iosWKWebView)]
                .flatMap { ua, platform -> [(String, Remedy)] in
                    let report = WrapperDetectorTests.run(ua, ["override": .string(wrapper.rawValue)], replacing: "camera.foreignOrigin",
                                                          with: WrapperDetectorTests.foreignGranted, platform: platform)
                    return report.findings.compactMap { finding in
                        finding.remedy.map { ("\(wrapper.rawValue) on \(platform.rawValue): \(finding.probe.rawValue)", $0) }
                    }
                }
        }
        return Remedy.named() + combined + judged
    }

    @Test func ARemedysFixes_AreKeyedByTheCatalogsWrappers_NoWrapperTwiceForOneFamily() throws {
        let remedies = Self.remedies
        #expect(remedies.count > 100)
        #expect(remedies.contains { $0.remedy.fixes.contains { !Remedy.lineWrappers.contains($0.wrapper) } }, "a judged finding carries other wrappers' fixes")
        for (name, remedy) in remedies {
            // On the wire each fix names its wrapper by the catalog's spelling.
            let json = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(remedy)) as? [String: Any])
            let wrappers = (json["fixes"] as? [[String: Any]] ?? []).map { $0["wrapper"] as? String }
            #expect(wrappers.count == remedy.fixes.count && wrappers.allSatisfy { $0.flatMap(Wrapper.init(rawValue:)) != nil }, "\(name): \(wrappers)")
            for family in [Platform.Family.ios, .android] {
                let keyed = remedy.fixes.filter { $0.family == nil || $0.family == family }.map(\.wrapper)
                #expect(Set(keyed).count == keyed.count, "\(name): a wrapper twice on \(family.rawValue): \(keyed.map(\.rawValue))")
            }
        }
    }

    @Test func TheDeclaredLines_AreTheNativeWrappersFixes_WithTheirPages() {
        let remedy = Remedy(iosSwift: "a()", androidKotlin: "b()", reactNative: "<WebView c />",
                            docs: Remedy.Docs(ios: "https://i.example", android: "https://a.example", reactNative: "https://r.example"))
        #expect(remedy.fixes.map(\.wrapper) == [.nativeIOS, .nativeAndroid, .reactNativeWebView])
        #expect(remedy.fixes.map(\.family) == [.ios, .android, nil])
        #expect(remedy.fixes.map(\.language) == ["Swift", "Kotlin", "JSX"])
        #expect(remedy.fixes.map(\.docs) == ["https://i.example", "https://a.example", "https://r.example"])
        #expect(remedy.iosSwift == "a()" && remedy.androidKotlin == "b()" && remedy.reactNative == "<WebView c />")
    }

    @Test func OnTheWire_ARemedyIsOneListOfFixes() throws {
        let json = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(Remedy.domStorage)) as? [String: Any])
        #expect(Array(json.keys) == ["fixes"])
        let first = try #require((json["fixes"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["wrapper", "family", "language", "code", "docs"])
        #expect(first["wrapper"] as? String == "native-ios" && first["language"] as? String == "Swift")
        #expect(try JSONDecoder().decode(Remedy.self, from: JSONEncoder().encode(Remedy.domStorage)) == Remedy.domStorage)
    }
}

extension RemedyFixesTests {
    /// A report.json an earlier build wrote spells a remedy as columns; it still reads, each
    /// column the fix of its wrapper and a judged finding's wrapper fixes first.
    @Test func AnEarlierBuildsColumns_ReadAsTheFixesOfTheirWrappers() throws {
        let columns = #"{"iosSwift":"a()","androidKotlin":"b()","docs":{"ios":"https://i.example"}}"#
        let remedy = try JSONDecoder().decode(Remedy.self, from: Data(columns.utf8))
        #expect(remedy == Remedy(iosSwift: "a()", androidKotlin: "b()", docs: Remedy.Docs(ios: "https://i.example")))
        let judged = #"{"androidKotlin":"b()","reactNative":"<WebView />","wrappers":[{"wrapper":"cordova","family":"android","language":"Java","code":"c()","docs":"https://c.example"},{"wrapper":"react-native-webview","family":"android","language":"Kotlin","code":"r()","docs":"https://r.example"}]}"#
        let fixes = try JSONDecoder().decode(Remedy.self, from: Data(judged.utf8)).fixes
        #expect(fixes.map(\.code) == ["c()", "r()", "b()"])
    }
}
