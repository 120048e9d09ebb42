import Foundation
import Testing
@testable import ProbeCatalog

/// A remedy is code a developer pastes (the reports show it in a code block with a Copy
/// button), its explanation in comments, and a link to the platform's documentation.
@Suite struct RemedyCodeTests {
    /// Every remedy the catalog can put on a finding: the probes' own and every known cause's.
    /// And every merged fix, as a remedy of its one line.
    static var allRemedies: [(name: String, remedy: Remedy)] {
        Remedy.named() + Remedy.merges.map { merge in
            ("merge:" + merge.id, Remedy(fixes: [Remedy.line(merge.wrapper, code: merge.merged, docs: merge.docs)]))
        }
    }

    static func lines(_ remedy: Remedy) -> [(wrapper: String, code: String)] {
        remedy.fixes.map { ($0.wrapper.rawValue, $0.code) }
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
            for fix in remedy.fixes {
                #expect(fix.docs.hasPrefix("https://"), "\(name): no documentation for the \(fix.wrapper.rawValue) fix")
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
        #expect(android.fix(.nativeIOS) == nil)
        #expect(android.fix(.nativeAndroid)?.docs == PlatformSource.androidMediaGesture)
    }

    /// The members a line declares are read from its code: the handler fixes declare theirs.
    @Test func Members_AreTheOutermostDeclarations_OfEachLine() {
        #expect(Remedy.members(Remedy.cameraGrant.androidKotlin!, in: .nativeAndroid) == [.onPermissionRequest])
        #expect(Remedy.members(Symptom.androidRuntimeCamera.androidKotlin!, in: .nativeAndroid).map(\.name) == ["waiting", "askCamera", "onPermissionRequest"])
        #expect(Remedy.members(Remedy.cameraGrant.iosSwift!, in: .nativeIOS) == [.mediaCapture])
        #expect(Remedy.members(Remedy.fileChooser.androidKotlin!, in: .nativeAndroid).map(\.name) == ["pending", "chooser", "onShowFileChooser"])
        #expect(Remedy.members(Remedy.cameraReacquire.androidKotlin!, in: .nativeAndroid).isEmpty)
    }

    /// Fixes that one finding can carry together and that declare the same member have a
    /// merged form: their combination declares each member once, on every line.
    @Test func EveryCooccurringPair_DeclaringOneMemberTwice_HasAMergedForm() {
        let groups = Remedy.cooccurring()
        #expect(groups.count > 20)
        for group in groups {
            let combined = Remedy.combined(group.remedies.map(\.remedy))
            for fix in combined?.fixes ?? [] {
                let members = Remedy.members(fix.code, in: fix.wrapper)
                let twice = Set(members.filter { member in members.filter { $0 == member }.count > 1 })
                #expect(twice.isEmpty, "\(group.symptom): \(group.remedies.map(\.name).joined(separator: " + ")) \(fix.wrapper.rawValue) declares \(twice.sorted()) twice: add a Remedy.Merge")
            }
        }
    }

    /// Every merge is used: its parts are remedies one finding can carry together.
    @Test func EveryMerge_JoinsFixesThatCooccur() {
        let groups = Remedy.cooccurring()
        for merge in Remedy.merges {
            let used = groups.contains { group in
                Set(merge.parts).isSubset(of: Set(group.remedies.compactMap { $0.remedy.fix(merge.wrapper)?.code }))
            }
            #expect(used, "\(merge.id) joins fixes no finding carries together")
        }
    }

    /// Camera denied fast on a native Android app: the handler and the CAMERA runtime
    /// permission are both left standing. The app's fix is one onPermissionRequest that checks
    /// the origin and the CAMERA permission, not two overloads (the second granting any origin).
    @Test func DeniedCamera_OnNativeAndroid_IsOneOnPermissionRequest_WithTheOriginCheck() throws {
        let denied: [String: JSONValue] = ["outcome": "error", "errorName": "NotAllowedError", "elapsedMs": 15, "promptShown": false, "permissionStateBefore": "prompt"]
        let report = WrapperDetectorTests.run(WrapperDetectorTests.androidWebViewUA, [:], replacing: "camera.getUserMedia", with: denied)
        let finding = try #require(report.finding("camera.getUserMedia"))
        #expect(finding.causes.leading.map(\.id) == ["android.camera.no-permission-handler", "android.camera.no-runtime-permission"])
        let fix = try #require(finding.remedy?.fixes.first)
        #expect(fix.wrapper == .nativeAndroid && fix.language == "Kotlin")
        for code in [fix.code, finding.remedy?.fix(.nativeAndroid)?.code ?? ""] {
            #expect(code.components(separatedBy: "override fun onPermissionRequest").count - 1 == 1, "\(code)")
            #expect(code.contains("request.origin.host == \"id.example.com\""))
            #expect(code.contains("request.origin.scheme == \"https\""))
            #expect(code.contains("Manifest.permission.CAMERA") && code.contains("checkSelfPermission"))
            #expect(code.contains("request.deny()"))
        }
    }

    /// React Native fixes that are each a `<WebView … />` element combine into ONE element with
    /// every prop once: two elements one after the other are not one JSX expression, and one
    /// prop twice is a TypeScript error. A prop two fixes set differently keeps the first value
    /// and names the other in a comment.
    @Test func CombinedReactNativeFix_IsOneWebViewElementWithEveryProp() throws {
        let combined = try #require(Remedy.combined([.inlineMedia, .cameraGrant, .autoplay, .strictOrigin]))
        #expect(combined.reactNative == """
            // Request the camera permission in the app first
            // Never "grant"; ElseDeny refuses other hosts (iOS 15+);
            // check the port in a native patch if you need it
            // or: mediaCapturePermissionGrantType="grantIfSameHostElseDeny"
            <WebView
              allowsInlineMediaPlayback
              mediaPlaybackRequiresUserAction={false}
              mediaCapturePermissionGrantType="grantIfSameHostElsePrompt"
              originWhitelist={['https://id.example.com']}
            />
            """, "\(combined.reactNative ?? "nil")")
        // A multi-line prop value keeps its lines; statements that are no element stay blocks of their own.
        let withNavigation = try #require(Remedy.combined([.customSchemes, .cookies, .osCameraPermission]))
        let code = try #require(withNavigation.reactNative)
        #expect(code.components(separatedBy: "<WebView").count - 1 == 1, "\(code)")
        #expect(code.contains("  onShouldStartLoadWithRequest={({ url }) => {\n    if (") && code.contains("\n  }}\n  sharedCookiesEnabled\n/>"), "\(code)")
        #expect(code.contains("const status = await request(camera);"), "\(code)")
    }

    /// Every combination a finding can carry has at most one `<WebView>` element in its React Native fix.
    @Test func EveryCooccurringReactNativeFix_HasOneWebViewElement() {
        for group in Remedy.cooccurring() {
            guard let code = Remedy.combined(group.remedies.map(\.remedy))?.reactNative else { continue }
            let elements = code.split(separator: "\n").filter { $0.hasPrefix("<WebView") }.count
            #expect(elements <= 1, "\(group.remedies.map(\.name).joined(separator: " + ")):\n\(code)")
        }
    }
}
