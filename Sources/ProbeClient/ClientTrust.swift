#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeHTTP

/// Which certificate authorities the CLI trusts for `https://` servers.
public enum ClientTrust: Sendable, Equatable {
    /// A PEM file of CA certificates (`--cacert`, or the data directory's `ca.pem`).
    case caFile(String)
    /// The system store (`SSL_CTX_set_default_verify_paths`: Debian's /etc/ssl/certs).
    case system

    /// `--cacert` when given; else `DATA_DIR/ca.pem` when it exists (the CLI runs next to a
    /// local server whose CA the system does not know); else the system store.
    public static func resolve(caFile: String?, dataDirectory: String) -> ClientTrust {
        if let caFile { return .caFile(caFile) }
        let local = dataDirectory + "/ca.pem"
        if FileManager.default.isReadableFile(atPath: local) { return .caFile(local) }
        return .system
    }

    var caFilePath: String? {
        if case .caFile(let path) = self { return path }
        return nil
    }
}
