import BeyondEssentials

/// A finding can carry the fixes of several causes (`Remedy.combined`). Two fixes that declare
/// the same callback cannot be pasted one after the other: Kotlin rejects two
/// `override fun onPermissionRequest` in one class as conflicting overloads, Swift two
/// `webView(_:requestMediaCapturePermissionFor:…)` as an invalid redeclaration, and deleting
/// one loses what only it did (the origin check). So such a pair has one merged fix, written by
/// hand here, that does what both do; `combined` uses it in place of the two.
extension Remedy {
    /// A callback, method or property a line declares. Read from the code's outermost
    /// declarations (`members(_:)`), so a remedy cannot claim one and declare another.
    public struct Member: Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }
        public static func < (lhs: Member, rhs: Member) -> Bool { lhs.name < rhs.name }

        public static let onPermissionRequest = Member("onPermissionRequest")
        public static let mediaCapture = Member("webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)")
        public static let onShowFileChooser = Member("onShowFileChooser")
    }

    /// The members a native fix declares at its outermost level: Kotlin `override fun`, `fun`,
    /// `val` and `var` (with their modifiers), Swift `func` by its full selector. Lines inside
    /// a body (indented) are the body's, not declarations of the class. Another wrapper's fix
    /// declares none the merges know.
    public static func members(_ code: String, in wrapper: Wrapper) -> [Member] {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [Member] = []
        switch wrapper {
        case .nativeAndroid:
            let modifiers: Set<String> = ["override", "private", "public", "internal", "protected", "open", "lateinit"]
            for text in lines where !text.hasPrefix(" ") && !text.hasPrefix("//") {
                let words = text.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" }).map(String.init)
                guard let keyword = words.firstIndex(where: { !modifiers.contains($0) }), keyword + 1 < words.count else { continue }
                // A `val` or `var` without a modifier is a statement's local (`val held = …`
                // in a body fragment); a member property carries its visibility.
                let declares = words[keyword] == "fun" || (["val", "var"].contains(words[keyword]) && keyword > 0)
                guard declares else { continue }
                found.append(Member(words[keyword + 1]))
            }
        case .nativeIOS:
            // `func webView(` then one labelled parameter per line: the selector is the labels.
            var index = 0
            while index < lines.count {
                let text = lines[index]
                guard !text.hasPrefix(" "), text.hasPrefix("func "),
                      let name = text.dropFirst(5).split(separator: "(").first else { index += 1; continue }
                var labels: [String] = []
                var parameters = String(text.drop(while: { $0 != "(" }).dropFirst())
                while !parameters.contains(")") || parameters.hasSuffix("->") {
                    index += 1
                    guard index < lines.count else { break }
                    parameters += " " + lines[index].trimming(.whitespaces)
                }
                for parameter in parameters.prefix(while: { $0 != ")" }).split(separator: ",") {
                    let label = parameter.trimming(.whitespaces).split(separator: " ").first.map(String.init) ?? ""
                    let bare = label.hasSuffix(":") ? String(label.dropLast()) : label
                    if !bare.isEmpty { labels.append(bare + ":") }
                }
                found.append(Member("\(name)(\(labels.joined()))"))
                index += 1
            }
        default:
            break
        }
        return found
    }

    /// Two fixes of one wrapper that declare the same member, and the one fix that replaces them.
    public struct Merge: Sendable {
        public let id: String
        public let wrapper: Wrapper
        /// The fixes' code, as the catalog states it (each the code of a catalog remedy's fix).
        public let parts: [String]
        public let merged: String
        public let docs: String?
    }

    /// Every pair of fixes that a finding can carry together (`Remedy.cooccurring`) and that
    /// declares one member twice. A test fails when a co-occurring pair has none.
    public static let merges: [Merge] = [
        // camera.denied on Android: no permission handler, or no CAMERA runtime permission.
        Merge(id: "android.camera.grant+runtime", wrapper: .nativeAndroid,
              parts: [Remedy.cameraGrant.androidKotlin!, Symptom.androidRuntimeCamera.androidKotlin!],
              merged: androidGrantWithRuntimeCamera, docs: PlatformSource.androidOnPermissionRequest),
        // camera.reacquire's own line is a part of onPermissionRequest: the merged handler has it.
        Merge(id: "android.camera.grant+reacquire", wrapper: .nativeAndroid,
              parts: [Remedy.cameraGrant.androidKotlin!, Remedy.cameraReacquire.androidKotlin!],
              merged: androidGrantWithRuntimeCamera, docs: PlatformSource.androidOnPermissionRequest),
        Merge(id: "android.camera.runtime+reacquire", wrapper: .nativeAndroid,
              parts: [Symptom.androidRuntimeCamera.androidKotlin!, Remedy.cameraReacquire.androidKotlin!],
              merged: androidGrantWithRuntimeCamera, docs: PlatformSource.androidOnPermissionRequest),
        Merge(id: "android.camera.grant+runtime+reacquire", wrapper: .nativeAndroid,
              parts: [Remedy.cameraGrant.androidKotlin!, Symptom.androidRuntimeCamera.androidKotlin!, Remedy.cameraReacquire.androidKotlin!],
              merged: androidGrantWithRuntimeCamera, docs: PlatformSource.androidOnPermissionRequest),
        // file.accept, file.capture and file.cancel on Android: one chooser, one callback.
        Merge(id: "android.file.chooser+cancel", wrapper: .nativeAndroid,
              parts: [Remedy.fileChooser.androidKotlin!, Remedy.fileCallbackOnCancel.androidKotlin!],
              merged: androidFileChooser(capture: false), docs: PlatformSource.androidFileChooser),
        Merge(id: "android.file.chooser+capture", wrapper: .nativeAndroid,
              parts: [Remedy.fileChooser.androidKotlin!, Remedy.captureAttribute.androidKotlin!],
              merged: androidFileChooser(capture: true), docs: PlatformSource.androidFileChooser),
        Merge(id: "android.file.capture+cancel", wrapper: .nativeAndroid,
              parts: [Remedy.captureAttribute.androidKotlin!, Remedy.fileCallbackOnCancel.androidKotlin!],
              merged: androidFileChooser(capture: true), docs: PlatformSource.androidFileChooser),
        Merge(id: "android.file.chooser+capture+cancel", wrapper: .nativeAndroid,
              parts: [Remedy.fileChooser.androidKotlin!, Remedy.captureAttribute.androidKotlin!, Remedy.fileCallbackOnCancel.androidKotlin!],
              merged: androidFileChooser(capture: true), docs: PlatformSource.androidFileChooser),
        Merge(id: "ios.camera.grant+reacquire", wrapper: .nativeIOS,
              parts: [Remedy.cameraGrant.iosSwift!, Remedy.cameraReacquire.iosSwift!],
              merged: Remedy.cameraGrant.iosSwift!, docs: PlatformSource.wkMediaCaptureDelegate),
    ]

    /// One onPermissionRequest that does what the grant, the runtime-permission and the
    /// re-acquire fixes each do: the origin check and camera-only grant of `cameraGrant`, the
    /// CAMERA check and request of `androidRuntimeCamera`, a grant without a dialog of its own
    /// once CAMERA is held (`cameraReacquire`). Members of an inner WebChromeClient subclass of
    /// the Activity, which owns `webView`, `context` and `registerForActivityResult`.
    static let androidGrantWithRuntimeCamera = """
        // AndroidManifest.xml:
        // <uses-permission android:name="android.permission.CAMERA" />
        // WebChromeClient (inner class of the Activity): for your origin only,
        // grant the camera once the app holds CAMERA, else ask for it first
        \(askCameraLauncherKotlin)

        override fun onPermissionRequest(request: PermissionRequest) {
            val camera = PermissionRequest.RESOURCE_VIDEO_CAPTURE
            val ours = request.origin.scheme == "https" &&
                request.origin.host == "id.example.com"
            if (!ours || camera !in request.resources) return request.deny()
            val held = ContextCompat.checkSelfPermission(
                context, Manifest.permission.CAMERA
            ) == PackageManager.PERMISSION_GRANTED
            webView.post {
                if (held) {
                    request.grant(arrayOf(camera))
                } else {
                    waiting = request
                    askCamera.launch(Manifest.permission.CAMERA)
                }
            }
        }
        """

    /// One onShowFileChooser and one launcher that does what the chooser, the cancel and the
    /// capture fixes each do: the callback answered exactly once (null on cancel, and before a
    /// new call replaces it), and with `capture` the camera for an image input with capture set.
    static func androidFileChooser(capture: Bool) -> String {
        // At the override's body indent: the launch follows its opening lines.
        let launch = (capture ? captureLaunchKotlin : "chooser.launch(fileChooserParams.createIntent())")
            .split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        return """
            // WebChromeClient (inner class of the Activity): answer the
            // ValueCallback exactly once, with null on RESULT_CANCELED\(capture ? ";\n// with capture set, open the camera (a FileProvider content:// Uri)" : "")
            \(fileChooserLauncherAnsweringCancel)

            \(onShowFileChooserHead)
            \(launch)
                return true
            }
            """
    }

    /// The code of one wrapper's fix for several fixes: each once, and every merge whose parts are all
    /// there (the one with the most parts first) in place of its parts, where the first of them
    /// stood. Fixes that no merge joins stay one block each.
    static func joined(_ texts: [String], wrapper: Wrapper) -> (code: String, mergedDocs: String?)? {
        var seen: [String] = []
        for text in texts where !seen.contains(text) { seen.append(text) }
        guard !seen.isEmpty else { return nil }
        var docs: String?
        let candidates = merges.filter { $0.wrapper == wrapper }.sorted { $0.parts.count > $1.parts.count }
        var applied: Set<String> = []
        while let merge = candidates.first(where: { !applied.contains($0.id) && Set($0.parts).isSubset(of: seen) }) {
            applied.insert(merge.id)
            let first = seen.firstIndex { merge.parts.contains($0) }!
            seen = seen.enumerated().compactMap { index, text in
                index == first ? merge.merged : (merge.parts.contains(text) ? nil : text)
            }
            seen = seen.enumerated().filter { index, text in seen.firstIndex(of: text) == index }.map(\.element)
            docs = docs ?? merge.docs
        }
        if wrapper == .reactNativeWebView { seen = WebViewElement.merged(seen) }
        // Each fix is code: one block after the other, a blank line between them.
        return (seen.joined(separator: "\n\n"), docs)
    }
}

/// A React Native fix that is one `<WebView … />` element, with the comments above it. A
/// screen renders one WebView, so several such fixes are one element that carries every
/// prop: two elements one after the other are not one expression (TypeScript rejects
/// adjacent JSX elements without a parent, TS2657), and two props of one name on one element
/// are an error too (TS17001). https://www.typescriptlang.org/docs/handbook/jsx.html
struct WebViewElement: Equatable {
    var comments: [String]
    /// Each prop as written, `name` or `name=value`, in order.
    var props: [(name: String, text: String)]

    static func == (a: WebViewElement, b: WebViewElement) -> Bool {
        a.comments == b.comments && a.props.map(\.text) == b.props.map(\.text)
    }

    /// The element of a block whose code is exactly one self-closing `<WebView … />`; nil otherwise.
    init?(_ block: String) {
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        comments = Array(lines.prefix { $0.hasPrefix("//") })
        let code = lines.dropFirst(comments.count).joined(separator: "\n").trimming(.whitespacesAndNewlines)
        guard code.hasPrefix("<WebView"), code.hasSuffix("/>") else { return nil }
        var rest = Substring(code.dropFirst("<WebView".count).dropLast(2))
        guard rest.first.map({ $0 == " " || $0 == "\n" }) ?? true else { return nil }
        props = []
        while true {
            rest = rest.drop { $0 == " " || $0 == "\n" }
            guard !rest.isEmpty else { break }
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !name.isEmpty else { return nil }
            rest = rest.dropFirst(name.count)
            guard rest.first == "=" else { props.append((String(name), String(name))); continue }
            guard let value = Self.value(rest.dropFirst()) else { return nil }
            props.append((String(name), "\(name)=\(value)"))
            rest = rest.dropFirst(1 + value.count)
        }
    }

    /// A prop's value at the start of `text`: a quoted string, or a `{…}` expression up to its
    /// closing brace (quoted strings inside it skipped, so a brace in a string does not count).
    static func value(_ text: Substring) -> Substring? {
        guard let open = text.first else { return nil }
        if open == "\"" || open == "'" {
            guard let close = text.dropFirst().firstIndex(of: open) else { return nil }
            return text[...close]
        }
        guard open == "{" else { return nil }
        var depth = 0
        var quote: Character?
        for index in text.indices {
            let char = text[index]
            if let q = quote { if char == q { quote = nil }; continue }
            switch char {
            case "\"", "'", "`": quote = char
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return text[...index] }
            default: break
            }
        }
        return nil
    }

    /// The element as code: its comments, then `<WebView />` with one prop, or one prop a line.
    var code: String {
        var lines = comments
        if props.count == 1, !props[0].text.contains("\n") {
            lines.append("<WebView \(props[0].text) />")
        } else {
            lines.append("<WebView")
            for prop in props {
                lines += prop.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
                    // A value's own further lines keep their indent under the prop's.
                    $0.offset == 0 ? "  " + $0.element : String($0.element)
                }
            }
            lines.append("/>")
        }
        return lines.joined(separator: "\n")
    }

    /// Blocks with every `<WebView>` element folded into the first one, where it stood: the
    /// comments of each, each prop once. Where two give one prop different values, the first
    /// (the likelier cause's) is kept and the other is said in a comment, not dropped.
    static func merged(_ blocks: [String]) -> [String] {
        let elements = blocks.map(WebViewElement.init)
        guard elements.compactMap({ $0 }).count > 1, let first = elements.firstIndex(where: { $0 != nil }) else { return blocks }
        var merged = WebViewElement(comments: [], props: [])
        for element in elements.compactMap({ $0 }) {
            for comment in element.comments where !merged.comments.contains(comment) { merged.comments.append(comment) }
            for prop in element.props {
                guard let same = merged.props.first(where: { $0.name == prop.name }) else { merged.props.append(prop); continue }
                let aside = "// or: " + prop.text
                if same.text != prop.text, !prop.text.contains("\n"), !merged.comments.contains(aside) { merged.comments.append(aside) }
            }
        }
        return blocks.indices.compactMap { index in
            index == first ? merged.code : (elements[index] == nil ? blocks[index] : nil)
        }
    }

    init(comments: [String], props: [(name: String, text: String)]) {
        self.comments = comments
        self.props = props
    }
}
