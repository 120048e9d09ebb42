#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A file a probe uploaded (file.accept, file.heic), as stored. The bytes live in a file
/// under the data directory; the store keeps where and what.
public struct UploadRecord: Equatable, Sendable {
    public var id: String
    public var runID: String
    public var probe: String
    /// The name the device reported.
    public var fileName: String
    /// The Content-Type of the multipart part, as the device declared it.
    public var declaredType: String?
    /// The type the server recognised from the leading bytes.
    public var sniffedType: String?
    public var size: Int64
    /// Lowercase hex SHA-256 of the bytes, as the server computed it.
    public var sha256: String
    /// Path relative to the data directory; never absolute and never with `..`, so a
    /// deleted run cannot make the server delete files outside it.
    public var storedPath: String
    public var receivedAt: Date

    public init(
        id: String = RunID.generate(), runID: String, probe: String, fileName: String,
        declaredType: String? = nil, sniffedType: String? = nil, size: Int64, sha256: String,
        storedPath: String, receivedAt: Date
    ) {
        self.id = id
        self.runID = runID
        self.probe = probe
        self.fileName = fileName
        self.declaredType = declaredType
        self.sniffedType = sniffedType
        self.size = size
        self.sha256 = sha256
        self.storedPath = storedPath
        self.receivedAt = receivedAt
    }
}

extension UploadRecord {
    /// Checks the record against `StoreLimits`; any store calls this before writing.
    public func validate() throws(StoreError) {
        guard RunID.isWellFormed(id) else { throw .invalid("upload id is malformed") }
        try StoreCheck.runID(runID)
        try StoreCheck.text(probe, "probe id", max: StoreLimits.maxProbeIDBytes)
        try StoreCheck.text(fileName, "file name", max: StoreLimits.maxFileNameBytes)
        try StoreCheck.text(declaredType, "declared type", max: StoreLimits.maxShortTextBytes)
        try StoreCheck.text(sniffedType, "sniffed type", max: StoreLimits.maxShortTextBytes)
        if size < 0 { throw .invalid("upload size is negative") }
        let hexDigits = sha256.utf8.allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
        guard sha256.utf8.count == 64, hexDigits else {
            throw .invalid("sha256 must be 64 lowercase hex digits")
        }
        try StoreCheck.text(storedPath, "stored path", max: StoreLimits.maxFileNameBytes)
        let components = storedPath.split(separator: "/", omittingEmptySubsequences: false)
        guard !storedPath.isEmpty, !storedPath.hasPrefix("/"),
            !components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
        else {
            throw .invalid("stored path must be relative to the data directory, without . or ..")
        }
    }
}
