import Foundation
import Testing
@testable import ProbeCatalog

/// A remedy is code a developer pastes (the reports show it in a code block with a Copy
/// button), its explanation in comments, and a link to the platform's documentation.
@Suite struct RemedyCodeTests {
    /// Every remedy the catalog can put on a finding: the probes' own and every known cause's.
    static var allRemedies: [(name: String, remedy: Remedy)] {
        Catalog.standard.probes.compactMap { probe in probe.remedy.map { (probe.id, $0) } }
            + Catalog.symptoms.flatMap { $0.causes.compactMap { cause in cause.remedy.map { (cause.id, $0) } } }
    }

    static func lines(_ remedy: Remedy) -> [(wrapper: String, code: String)] {
        [("iosSwift", remedy.iosSwift), ("androidKotlin", remedy.androidKotlin), ("reactNative", remedy.reactNative)]
            .compactMap { wrapper, code in code.map { (wrapper, $0) } }
    }

    /// The lines of `code` that are not comments (`//`, `<!-- … -->`, `{/* … */}`).
    static func codeLines(_ code: String) -> [String] {
        var inXMLComment = false
        var out: [String] = []
        for raw in code.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if inXMLComment {
                if line.contains("-->") { inXMLComment = false }
                continue
            }
            if line.hasPrefix("<!--") {
                inXMLComment = !line.contains("-->")
                continue
            }
            if line.isEmpty || line.hasPrefix("//") || line.hasPrefix("{/*") { continue }
            out.append(line)
        }
        return out
    }

    /// Prose, not code: four lowercase words in a row ("uploads work by default"), which no
    /// line of Swift, Kotlin, JSX or plist the catalog names has outside a comment or string.
    static func looksLikeCode(_ line: String) -> Bool {
        if line.hasPrefix("<string>") { return true }
        var run = 0
        let outsideStrings = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
        for token in outsideStrings.split(separator: " ") {
            run = token.allSatisfy({ $0.isLowercase && $0.isLetter }) ? run + 1 : 0
            if run >= 4 { return false }
        }
        return true
    }

    @Test func EveryRemedyLine_IsCodeOrAComment_WithinTheLineLimit() {
        #expect(Self.allRemedies.count > 30)
        for (name, remedy) in Self.allRemedies {
            for (wrapper, code) in Self.lines(remedy) {
                for line in code.split(separator: "\n") {
                    #expect(line.count <= Remedy.lineLimit, "\(name) \(wrapper): \(line.count) columns: \(line)")
                }
                for line in Self.codeLines(code) {
                    #expect(Self.looksLikeCode(line), "\(name) \(wrapper): prose outside a comment: \(line)")
                }
            }
        }
    }

    @Test func EveryRemedyLine_NamesTheDocumentationOfItsAPI() {
        for (name, remedy) in Self.allRemedies {
            let docs = remedy.docs
            let pairs: [(String?, String?, String)] = [
                (remedy.iosSwift, docs?.ios, "ios"), (remedy.androidKotlin, docs?.android, "android"),
                (remedy.reactNative, docs?.reactNative, "reactNative"),
            ]
            for (code, url, wrapper) in pairs where code != nil {
                #expect(url?.hasPrefix("https://") == true, "\(name): no documentation for the \(wrapper) line")
            }
        }
    }

    @Test func PermissionRemedies_CheckTheOriginAndGrantOnlyTheCamera() {
        let kotlin = Remedy.strictOrigin.androidKotlin ?? ""
        #expect(kotlin.contains("request.origin.scheme == \"https\""))
        #expect(kotlin.contains("request.origin.host == \"id.example.com\""))
        #expect(kotlin.contains("port == 443") && kotlin.contains("-1"))
        #expect(kotlin.contains("request.deny()"))
        let swift = Remedy.strictOrigin.iosSwift ?? ""
        #expect(swift.contains("origin.protocol == \"https\"") && swift.contains("origin.port == 0 ? 443"))
        #expect(swift.contains("decisionHandler:") && swift.contains(".deny"))
        let videoOnly = Remedy.videoOnlyGrant.androidKotlin ?? ""
        #expect(videoOnly.contains("val camera = PermissionRequest.RESOURCE_VIDEO_CAPTURE"))
        #expect(videoOnly.contains("request.grant(arrayOf(camera))") && !videoOnly.contains("grant(request.resources)\n"))
        #expect(Remedy.fileChooser.androidKotlin?.contains("registerForActivityResult") == true)
        #expect(Remedy.fileChooser.androidKotlin?.contains("return true") == true)
    }

    @Test func RelevantLines_KeepTheirDocumentation() {
        let android = Remedy.autoplay.relevant(to: .androidWebView)
        #expect(android.iosSwift == nil)
        #expect(android.docs?.android == PlatformSource.androidMediaGesture)
    }
}
