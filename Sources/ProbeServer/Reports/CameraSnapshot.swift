#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeStore

/// The camera preview's first frame, which the page sends as an upload of `camera.frames`
/// (`Public/probes/camera.js`, unless the page was opened with `?snapshot=off`): evidence for
/// a submission that the preview showed a picture, shown inline in the report as a `data:`
/// image (the report's Content-Security-Policy allows `img-src data:`), so the HTML and its
/// printed PDF carry it without a second request.
enum CameraSnapshot {
    /// The probe whose uploads are snapshots.
    static let probe = ProbeID.cameraFrames.rawValue
    /// A snapshot larger than this is listed, not shown: the page sends a JPEG at most 320
    /// pixels wide (about 15–30 KB), so anything larger is no snapshot of this page.
    static let maxInlineBytes: Int64 = 256 * 1024
    /// Only formats every browser shows; the type is the server's sniff, never the device's word.
    static let inlineTypes: Set<String> = ["image/jpeg", "image/png"]

    /// Upload id → `data:` URI of each snapshot; `read` gives a stored path's bytes.
    static func previews(_ uploads: [UploadRecord], read: (String) -> [UInt8]?) -> [String: String] {
        var out: [String: String] = [:]
        for upload in uploads where upload.probe == probe && upload.size <= maxInlineBytes {
            guard let type = upload.sniffedType, inlineTypes.contains(type), let bytes = read(upload.storedPath),
                  bytes.count <= maxInlineBytes else { continue }
            out[upload.id] = "data:\(type);base64," + Data(bytes).base64EncodedString()
        }
        return out
    }
}
