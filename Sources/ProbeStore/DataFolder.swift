import BeyondEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The data folder (`--data-dir`) holds the CA key, the access token and the database:
/// whoever can write into it can make devices trust their CA (through /setup) or read every
/// run. So it trusts nothing it did not make: a new folder is created 0700; an existing one
/// must belong to this user and be writable by nobody else (else the server exits 73 with
/// the command that fixes it); a secret file that is a symbolic link or another user's is
/// refused, never followed; secrets are written 0600 to a new temporary name (O_EXCL,
/// O_NOFOLLOW: open(2)) and renamed into place (rename(2) replaces the link, not its target).
public struct DataFolder: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// Owner only: the folder holds the CA key and the token.
    static let folderPermissions: mode_t = 0o700
    /// Secrets and state: read and written by the server's user only.
    public static let privateFilePermissions: mode_t = 0o600
    /// Files holding secrets or everything the runs hold; tightened to 0600 when looser.
    static let privateFiles = ["token", "tokens.json", "ca-key.pem", "key.pem", "probe.sqlite", "probe.sqlite-wal", "probe.sqlite-shm"]
    /// Certificates are public, but a planted one is as bad as a planted key.
    static let publicFiles = ["ca.pem", "cert.pem"]

    public struct Untrusted: Error, CustomStringConvertible, Equatable {
        public let path: String
        public let reason: String
        public let fix: String
        public var description: String { "refusing the data folder: \(path) \(reason); \(fix)" }
    }

    /// Creates the folder (0700) or checks the one there, then every file of `privateFiles`
    /// and `publicFiles` that exists; creates an empty database file 0600 so SQLite (which
    /// gives its WAL and shared-memory files the database's mode) never creates one 0644.
    public func prepare() throws(Untrusted) {
        if mkdir(path, Self.folderPermissions) != 0 {
            guard errno == EEXIST else {
                throw Untrusted(path: path, reason: "cannot be created: \(String(cString: strerror(errno)))",
                                fix: "create its parent folder, or pass --data-dir DIR")
            }
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw Untrusted(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))", fix: "pass --data-dir DIR")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw Untrusted(path: path, reason: "is not a folder", fix: "remove it, or pass --data-dir DIR")
        }
        try Self.checkOwner(path, info, what: "folder")
        if info.st_mode & 0o022 != 0 {
            throw Untrusted(path: path,
                            reason: "is writable by \(info.st_mode & 0o002 != 0 ? "every user" : "its group") (mode \(Self.octal(info.st_mode))): "
                                + "anyone who can write there can plant a CA, key or token",
                            fix: "check what it holds, then run: chmod 700 \(Self.quoted(path))")
        }
        for name in Self.privateFiles + Self.publicFiles {
            try checkFile(name, isPrivate: Self.privateFiles.contains(name))
        }
        let database = path + "/probe.sqlite"
        let fd = open(database, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, Self.privateFilePermissions)
        if fd >= 0 { close(fd) }
    }

    private func checkFile(_ name: String, isPrivate: Bool) throws(Untrusted) {
        let file = path + "/" + name
        var info = stat()
        guard lstat(file, &info) == 0 else { return }  // absent: made later, by the server
        if info.st_mode & S_IFMT == S_IFLNK {
            throw Untrusted(path: file, reason: "is a symbolic link: it is never followed (its target would be read or overwritten)",
                            fix: "remove it: rm \(Self.quoted(file))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Untrusted(path: file, reason: "is not a regular file", fix: "remove it")
        }
        try Self.checkOwner(file, info, what: "file")
        if info.st_mode & 0o022 != 0 {
            throw Untrusted(path: file, reason: "is writable by others (mode \(Self.octal(info.st_mode)))",
                            fix: "check it, then run: chmod \(isPrivate ? "600" : "644") \(Self.quoted(file))")
        }
        if isPrivate && info.st_mode & 0o077 != 0 {
            // Ours and not writable by others, only readable: an older version's 0644 database.
            chmod(file, Self.privateFilePermissions)
        }
    }

    private static func checkOwner(_ path: String, _ info: stat, what: String) throws(Untrusted) {
        let me = geteuid()
        guard info.st_uid == me else {
            throw Untrusted(path: path, reason: "belongs to user \(info.st_uid), not to this server's user (\(me))",
                            fix: "run the server as its owner, or take it over: chown \(me) \(quoted(path)), or pass --data-dir DIR")
        }
    }

    /// Writes a secret so that it is never readable by others and never written through a
    /// link: a new file `permissions` (O_CREAT|O_EXCL|O_NOFOLLOW), synced, renamed over `file`.
    public static func writePrivateFile(_ bytes: [UInt8], to file: String, permissions: mode_t = privateFilePermissions) throws(Untrusted) {
        let temporary = "\(file).\(getpid()).tmp"
        // A leftover from an earlier process with the same pid would make O_EXCL fail forever.
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw writeFailure(file) }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let error = writeFailure(file)
                close(fd)
                unlink(temporary)
                throw error
            }
            written += n
        }
        guard fsync(fd) == 0 else {
            let error = writeFailure(file)
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, file) == 0 else {
            let error = writeFailure(file)
            unlink(temporary)
            throw error
        }
    }

    private static func writeFailure(_ file: String) -> Untrusted {
        Untrusted(path: file, reason: "cannot be written: \(String(cString: strerror(errno)))",
                  fix: "check the data folder's free space and permissions, or pass --data-dir DIR")
    }

    static func octal(_ mode: mode_t) -> String { "0" + String(mode & 0o7777, radix: 8) }

    /// Quoted for a shell when it needs to be.
    static func quoted(_ path: String) -> String {
        path.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) } ? path : "'" + path.replacingEach("'", with: "'\\''") + "'"
    }
}
