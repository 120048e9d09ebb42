#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import COpenSSL

/// Writes certificate and key files so that a key is never readable by others, not even
/// for an instant, and a crash never leaves half a file.
enum PEMFile {
    /// Private keys: owner read/write only.
    static let privateKeyPermissions: mode_t = 0o600
    /// Certificates are public; devices download the CA.
    static let certificatePermissions: mode_t = 0o644
    /// The data directory holds the CA key: owner only.
    static let directoryPermissions: mode_t = 0o700

    /// Creates a new file with `permissions` next to `path` (O_EXCL: never an existing file,
    /// whose mode O_TRUNC would keep), writes and syncs it, then renames it over `path`.
    static func write(_ bytes: [UInt8], to path: String, permissions: mode_t) throws {
        let temporary = "\(path).\(getpid()).tmp"
        // A leftover from a crash of an earlier process with the same pid (pid 1 in a
        // container, every time) would otherwise make O_EXCL fail forever.
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, permissions)
        guard descriptor >= 0 else { throw failure(path: temporary) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { LibC.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = failure(path: temporary)
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let error = failure(path: temporary)
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure(path: path)
            unlink(temporary)
            throw error
        }
    }

    /// Creates the directory (and parents) owner-only if it does not exist.
    static func makeDirectory(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/\(component)"
            if mkdir(prefix, directoryPermissions) != 0 && errno != EEXIST { throw failure(path: prefix) }
        }
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    private static func failure(path: String) -> TLSError {
        let code = errno
        return .writeFailed(path: path, reason: "\(String(cString: strerror(code))) (errno \(code))")
    }
}

extension PEMFile {
    /// Reads the first object of a PEM file with an OpenSSL `PEM_read_bio_*` call:
    /// `read` gets the file's BIO and returns the object it parsed, or nil; `missing`
    /// names what was looked for in the error (`no PEM certificate found`).
    static func readFirst(
        _ path: String, missing: String, _ read: (OpaquePointer) -> OpaquePointer?
    ) throws -> OpaquePointer {
        OpenSSLErrorQueue.clear()
        guard let bio = BIO_new_file(path, "r") else {
            throw TLSError.unreadableFile(path: path, reason: OpenSSLErrorQueue.drain())
        }
        defer { BIO_free(bio) }
        guard let object = read(bio) else {
            throw TLSError.unreadableFile(path: path, reason: "\(missing) (\(OpenSSLErrorQueue.drain()))")
        }
        return object
    }
}
