#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An upload's bytes, beside its record (`UploadRecord`): a file of its own under
/// `DATA/uploads/RUN/`, created 0600 with O_EXCL (never over another file) and synced before
/// the record that names it is written, so a record never names bytes the disk may not hold;
/// removed when the store releases the record (a deleted or purged run). The record keeps the
/// path relative to the data folder; the client's file name is data, never part of a path.
public struct UploadFiles: Sendable {
    /// libc's write(2), which this type's own `write` hides.
    private enum SystemCall {
        #if canImport(Glibc)
        static let write = Glibc.write
        #elseif canImport(Darwin)
        static let write = Darwin.write
        #endif
    }

    public let dataDirectory: String

    public init(dataDirectory: String) { self.dataDirectory = dataDirectory }

    /// Writes `bytes` as upload `upload` of run `run` and returns the path the record keeps.
    /// Nothing is left behind when it throws: a full disk is `uploadFile(ENOSPC)`.
    public func write(run: String, upload: String, bytes: [UInt8]) throws(StoreError) -> String {
        let relative = "uploads/\(run)/\(upload)"
        for folder in [dataDirectory + "/uploads", dataDirectory + "/uploads/" + run] where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw .uploadFile(errno: errno, what: "create the upload folder")
        }
        let path = dataDirectory + "/" + relative
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .uploadFile(errno: errno, what: "write the upload") }
        var offset = 0
        var failed: Int32 = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { SystemCall.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 { if errno == EINTR { continue }; failed = errno; break }
            offset += n
        }
        if failed == 0 && fsync(fd) != 0 { failed = errno }
        close(fd)
        if failed != 0 {
            unlink(path)
            throw .uploadFile(errno: failed, what: "write the upload")
        }
        return relative
    }

    /// Deletes files the store released. Paths are relative and `..`-free (the store checks
    /// that when they are recorded, and this again), so nothing outside the data folder is touched.
    public func remove(_ paths: [String]) {
        for path in paths where !path.hasPrefix("/") && !path.split(separator: "/").contains("..") {
            unlink(dataDirectory + "/" + path)
        }
    }
}
