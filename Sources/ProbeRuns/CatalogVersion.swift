#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeCatalog
import Synchronization

/// What a stored judgement was judged against: the SHA-256 of the catalog's export
/// (`Catalog.exportJSON`: probes, profiles, causes, diagnoses, remedies, wrappers), of the
/// server's version and of the build that judges (`BuildIdentity`). The evaluators are code,
/// not export: a change to one alone leaves the export as it was, and the version string is
/// not bumped for it, so only the build's own bytes tell that it judges otherwise. Every new
/// build therefore judges each stored run once more, on its first read. Computed once per
/// process, on first use: the export takes tens of milliseconds, which no start should wait for.
public final class CatalogVersion: Sendable {
    private let source: @Sendable () -> String
    private let computed = Mutex<String?>(nil)
    /// The server's version string, which the key holds with the build.
    public let serverVersion: String

    /// `export`: the catalog's export (`Catalog.exportJSON`), asked on first use; the server
    /// passes the one it already built for `/api/catalog` and `/api/config`, rather than
    /// encoding the whole catalog a second time.
    public init(export: @escaping @Sendable () -> String, serverVersion: String) {
        source = { export() + "\nserver " + serverVersion + "\nbuild " + BuildIdentity.current }
        self.serverVersion = serverVersion
    }

    /// What a report says of its judge: this version, this build, this key.
    public var judgedBy: DiffReport.JudgedBy { .init(version: serverVersion, build: BuildIdentity.current, key: value) }

    public convenience init(catalog: Catalog, serverVersion: String) {
        self.init(export: { catalog.exportJSON() }, serverVersion: serverVersion)
    }

    public var value: String {
        computed.withLock { value in
            if let value { return value }
            let made = String(Digest.hex(Digest.sha256(Array(source().utf8))).prefix(32))
            value = made
            return made
        }
    }
}

/// The running executable's SHA-256 (hex, 32 characters): what distinguishes two builds of
/// the same version, the judging code included. The file is mapped, not read, and hashed
/// once per process; where it cannot be read, the version alone stands (a judgement is then
/// kept across builds, as before).
public enum BuildIdentity {
    public static let current: String = {
        let path = RunningExecutable.path()
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return "unknown" }
        return String(Digest.hex(data.withUnsafeBytes { Digest.sha256($0) }).prefix(32))
    }()
}
