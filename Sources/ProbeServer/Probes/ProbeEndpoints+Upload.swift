import ProbeHTTP

extension ProbeEndpoints {
    /// Formats the server accepts from the file probes: what phone cameras and galleries
    /// produce (docs/requirements.md#file-input: HEIC must be accepted, or converted by the platform).
    static let acceptedFormats: Set<ImageFormat> = [.jpeg, .png, .gif, .webp, .heic, .heif]

    /// `POST /probe/upload`: parses the multipart body, sniffs and hashes each file. Nothing
    /// is written to disk; the file name is echoed back as text and never used as a path.
    static func upload(_ request: Request, _ config: ProbeEndpointsConfig) throws -> Response {
        // Kept uploads change a run: the same cross-site rule as the run API. Only the page's
        // own origin uploads (Public/probes/files.js posts same-origin).
        if let refusal = CrossSiteWrites.refusal(origin: request.headers["origin"], fetchSite: request.headers["sec-fetch-site"],
                                                 isOwn: { config.isPrimary($0, for: request) }) {
            throw refusal
        }
        try CrossSiteWrites.requireBodyType(request, CrossSiteWrites.multipartType, evenWhenEmpty: true)
        let contentType = request.headers["content-type"] ?? ""
        let files: [UploadedFile]
        let keptBodies: [[UInt8]]
        var fields: [String: String] = [:]
        do {
            var parser = try MultipartParser(boundary: MultipartParser.boundary(fromContentType: contentType))
            var events = try parser.feed(request.body)
            try parser.finish()
            events.append(.finished)
            var collected: [UploadedFile] = []
            var kept: [[UInt8]] = []
            var head: MultipartParser.PartHead?
            var body: [UInt8] = []
            for event in events {
                switch event {
                case .partBegan(let h):
                    head = h
                    body = []
                case .body(let chunk):
                    body.append(contentsOf: chunk)
                case .partEnded:
                    guard let h = head else { continue }
                    if h.filename != nil {
                        collected.append(UploadedFile(head: h, body: body))
                        kept.append(body)
                    } else if let name = h.name {
                        fields[String(name.prefix(maxEchoedValue))] = String(decoding: body.prefix(maxEchoedValue), as: UTF8.self)
                    }
                    head = nil
                case .finished:
                    break
                }
            }
            files = collected
            keptBodies = kept
        } catch {
            throw error.httpError
        }
        guard !files.isEmpty else {
            throw HTTPError(.badRequest, code: "no_file", "the upload has no file part; send a part with a filename (an <input type=file> in FormData)", field: "file")
        }
        // Files of a run are kept with it (the report lists them); a bare upload is only answered.
        if let save = config.saveUpload, let run = fields["run"], let probe = fields["probe"] {
            for (file, bytes) in zip(files, keptBodies) {
                try save(ProbeUpload(run: run, probe: probe, fileName: file.name, declaredType: file.declaredType,
                                     sniffedType: file.sniffedType, bytes: bytes, sha256: file.sha256,
                                     key: fields[RunKey.queryName] ?? RunKey.presented(in: request), request: request))
            }
        }
        return .json(UploadReport(files: files, fields: fields))
    }

    struct UploadReport: Encodable {
        let files: [UploadedFile]
        /// Plain form fields that came along (the page sends the run and probe ids).
        let fields: [String: String]
    }

    struct UploadedFile: Encodable {
        /// The form field name.
        let field: String?
        /// The client's file name, as text (cut to 255 characters).
        let name: String
        /// The part's Content-Type as declared by the client.
        let declaredType: String?
        /// The format from the magic bytes: jpeg, png, gif, webp, heic, heif or other.
        let format: ImageFormat
        /// The media type of `format`, or nil for other.
        let sniffedType: String?
        let size: Int
        let sha256: String
        /// True when the format is one the server takes.
        let accepted: Bool

        init(head: MultipartParser.PartHead, body: [UInt8]) {
            field = head.name
            name = String((head.filename ?? "").prefix(ProbeEndpoints.maxEchoedFileName))
            declaredType = head.contentType
            format = ImageFormat.sniff(body)
            sniffedType = format.mediaType
            size = body.count
            sha256 = Digest.hex(Digest.sha256(body))
            accepted = ProbeEndpoints.acceptedFormats.contains(format)
        }
    }
}
