/// A finding can carry the fixes of several causes (`Remedy.combined`). Two fixes that declare
/// the same callback cannot be pasted one after the other: Kotlin rejects two
/// `override fun onPermissionRequest` in one class as conflicting overloads, Swift two
/// `webView(_:requestMediaCapturePermissionFor:…)` as an invalid redeclaration, and deleting
/// one loses what only it did (the origin check). So such a pair has one merged fix, written by
/// hand here, that does what both do; `combined` uses it in place of the two.
extension Remedy {
    /// One line of a remedy: the code is in that line's language.
    public enum Line: String, Sendable, Codable, CaseIterable {
        case iosSwift, androidKotlin, reactNative

        public func code(_ remedy: Remedy) -> String? {
            switch self {
            case .iosSwift: return remedy.iosSwift
            case .androidKotlin: return remedy.androidKotlin
            case .reactNative: return remedy.reactNative
            }
        }
    }

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

    /// The members the line declares at its outermost level: Kotlin `override fun`, `fun`,
    /// `val` and `var` (with their modifiers), Swift `func` by its full selector. Lines inside
    /// a body (indented) are the body's, not declarations of the class.
    public static func members(_ code: String, line: Line) -> [Member] {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [Member] = []
        switch line {
        case .androidKotlin:
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
        case .iosSwift:
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
                    parameters += " " + lines[index].trimmingCharacters(in: .whitespaces)
                }
                for parameter in parameters.prefix(while: { $0 != ")" }).split(separator: ",") {
                    let label = parameter.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
                    let bare = label.hasSuffix(":") ? String(label.dropLast()) : label
                    if !bare.isEmpty { labels.append(bare + ":") }
                }
                found.append(Member("\(name)(\(labels.joined()))"))
                index += 1
            }
        case .reactNative:
            break
        }
        return found
    }

    /// Two fixes of one line that declare the same member, and the one fix that replaces them.
    public struct Merge: Sendable {
        public let id: String
        public let line: Line
        /// The fixes' code, as the catalog states it (each a `Line.code` of a catalog remedy).
        public let parts: [String]
        public let merged: String
        public let docs: String?
    }

    /// Every pair of fixes that a finding can carry together (`Remedy.cooccurring`) and that
    /// declares one member twice. A test fails when a co-occurring pair has none.
    public static let merges: [Merge] = [
        // camera.denied on Android: no permission handler, or no CAMERA runtime permission.
        Merge(id: "android.camera.grant+runtime", line: .androidKotlin,
              parts: [Remedy.cameraGrant.androidKotlin!, Symptom.androidRuntimeCamera.androidKotlin!],
              merged: androidGrantWithRuntimeCamera, docs: PlatformSource.androidOnPermissionRequest),
        // camera.reacquire's own line is a part of onPermissionRequest: the merged handler has it.
        Merge(id: "android.camera.grant+reacquire", line: .androidKotlin,
              parts: [Remedy.cameraGrant.androidKotlin!, Remedy.cameraReacquire.androidKotlin!],
              merged: androidGrantWithRuntimeCamera, docs: PlatformSource.androidOnPermissionRequest),
        Merge(id: "android.camera.runtime+reacquire", line: .androidKotlin,
              parts: [Symptom.androidRuntimeCamera.androidKotlin!, Remedy.cameraReacquire.androidKotlin!],
              merged: androidGrantWithRuntimeCamera, docs: PlatformSource.androidOnPermissionRequest),
        Merge(id: "android.camera.grant+runtime+reacquire", line: .androidKotlin,
              parts: [Remedy.cameraGrant.androidKotlin!, Symptom.androidRuntimeCamera.androidKotlin!, Remedy.cameraReacquire.androidKotlin!],
              merged: androidGrantWithRuntimeCamera, docs: PlatformSource.androidOnPermissionRequest),
        // file.accept, file.capture and file.cancel on Android: one chooser, one callback.
        Merge(id: "android.file.chooser+cancel", line: .androidKotlin,
              parts: [Remedy.fileChooser.androidKotlin!, Remedy.fileCallbackOnCancel.androidKotlin!],
              merged: androidFileChooser(capture: false), docs: PlatformSource.androidFileChooser),
        Merge(id: "android.file.chooser+capture", line: .androidKotlin,
              parts: [Remedy.fileChooser.androidKotlin!, Remedy.captureAttribute.androidKotlin!],
              merged: androidFileChooser(capture: true), docs: PlatformSource.androidFileChooser),
        Merge(id: "android.file.capture+cancel", line: .androidKotlin,
              parts: [Remedy.captureAttribute.androidKotlin!, Remedy.fileCallbackOnCancel.androidKotlin!],
              merged: androidFileChooser(capture: true), docs: PlatformSource.androidFileChooser),
        Merge(id: "android.file.chooser+capture+cancel", line: .androidKotlin,
              parts: [Remedy.fileChooser.androidKotlin!, Remedy.captureAttribute.androidKotlin!, Remedy.fileCallbackOnCancel.androidKotlin!],
              merged: androidFileChooser(capture: true), docs: PlatformSource.androidFileChooser),
        Merge(id: "ios.camera.grant+reacquire", line: .iosSwift,
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
        private var waiting: PermissionRequest? = null
        private val askCamera = registerForActivityResult(
            ActivityResultContracts.RequestPermission()
        ) { granted ->
            val request = waiting ?: return@registerForActivityResult
            val camera = PermissionRequest.RESOURCE_VIDEO_CAPTURE
            if (granted) request.grant(arrayOf(camera)) else request.deny()
            waiting = null
        }

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
        let launch = capture ? """
                val file = File(context.cacheDir, "capture.jpg")
                val authority = "${context.packageName}.files"
                val photo = FileProvider.getUriForFile(context, authority, file)
                val intent = if (fileChooserParams.isCaptureEnabled &&
                    fileChooserParams.acceptTypes.any { it.startsWith("image/") }) {
                    Intent(MediaStore.ACTION_IMAGE_CAPTURE)
                        .putExtra(MediaStore.EXTRA_OUTPUT, photo)
                } else {
                    fileChooserParams.createIntent()
                }
                chooser.launch(intent)
            """ : """
                chooser.launch(fileChooserParams.createIntent())
            """
        return """
            // WebChromeClient (inner class of the Activity): answer the
            // ValueCallback exactly once, with null on RESULT_CANCELED\(capture ? ";\n// with capture set, open the camera (a FileProvider content:// Uri)" : "")
            private var pending: ValueCallback<Array<Uri>>? = null
            private val chooser = registerForActivityResult(
                ActivityResultContracts.StartActivityForResult()
            ) { result ->
                if (result.resultCode == Activity.RESULT_CANCELED) {
                    pending?.onReceiveValue(null)
                } else {
                    val code = result.resultCode
                    val uris = FileChooserParams.parseResult(code, result.data)
                    pending?.onReceiveValue(uris)
                }
                pending = null
            }

            override fun onShowFileChooser(
                webView: WebView,
                filePathCallback: ValueCallback<Array<Uri>>,
                fileChooserParams: FileChooserParams
            ): Boolean {
                pending?.onReceiveValue(null)
                pending = filePathCallback
            \(launch)
                return true
            }
            """
    }

    /// The code of one line for several fixes: each once, and every merge whose parts are all
    /// there (the one with the most parts first) in place of its parts, where the first of them
    /// stood. Fixes that no merge joins stay one block each.
    static func joined(_ texts: [String], line: Line) -> (code: String, mergedDocs: String?)? {
        var seen: [String] = []
        for text in texts where !seen.contains(text) { seen.append(text) }
        guard !seen.isEmpty else { return nil }
        var docs: String?
        let candidates = merges.filter { $0.line == line }.sorted { $0.parts.count > $1.parts.count }
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
        // Each fix is code: one block after the other, a blank line between them.
        return (seen.joined(separator: "\n\n"), docs)
    }
}
