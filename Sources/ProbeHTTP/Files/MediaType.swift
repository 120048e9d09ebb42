/// Media types of the files the page ships, by extension.
public enum MediaType {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "webmanifest": "application/manifest+json",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "xml": "application/xml",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "heic": "image/heic",
        "heif": "image/heif",
        "ico": "image/x-icon",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "mp3": "audio/mpeg",
        "wav": "audio/wav",
        "woff2": "font/woff2",
        "wasm": "application/wasm",
        "pdf": "application/pdf",
        "pem": "application/x-pem-file",
        "crt": "application/x-x509-ca-cert",
        "mobileconfig": "application/x-apple-aspen-config",
    ]

    /// The type for a file name; unknown types are served as opaque bytes (with nosniff).
    public static func forPath(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        return byExtension[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// Types worth gzipping: text compresses 3–5×, images and video are already compressed.
    public static func isCompressible(_ type: String) -> Bool {
        type.hasPrefix("text/") || type.hasPrefix("application/json") || type.hasPrefix("application/manifest+json")
            || type.hasPrefix("application/xml") || type.hasPrefix("image/svg+xml") || type.hasPrefix("application/x-pem-file")
    }
}
