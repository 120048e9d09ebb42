#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeHTTP

/// Why a request from the CLI failed, worded as what to do next.
public enum HTTPClientError: LocalizedError, Equatable, Sendable {
    case invalidURL(String)
    case cannotResolve(host: String, reason: String)
    case cannotConnect(server: String, reason: String)
    case timedOut(server: String, seconds: Double, during: String)
    /// The server's certificate did not verify against the trusted CAs.
    case certificateNotTrusted(server: String, reason: String, caFile: String?)
    /// The certificate is trusted but names another host.
    case hostNameMismatch(server: String, host: String)
    case tlsFailed(server: String, reason: String)
    case cannotReadCAFile(path: String, reason: String)
    case connectionClosed(server: String, during: String)
    case malformedResponse(server: String, reason: String)
    case responseTooLarge(server: String, limit: Int)

    public var errorDescription: String? {
        switch self {
        case .invalidURL(let message):
            return "invalid --server: \(message)"
        case .cannotResolve(let host, let reason):
            return "cannot resolve \(host): \(reason); check the host name in --server"
        case .cannotConnect(let server, let reason):
            return "cannot connect to \(server): \(reason); is `probe-server serve` running there, and is the port right?"
        case .timedOut(let server, let seconds, let during):
            return "\(server) did not answer within \(Self.seconds(seconds)) s (\(during)); check that it is reachable, or raise --timeout"
        case .certificateNotTrusted(let server, let reason, let caFile):
            let advice = caFile.map { "the CA in \($0) did not sign it; pass the right one with --cacert FILE" }
                ?? "pass --cacert DATA_DIR/ca.pem (the CA probe-server created in its data directory), or install that CA in the system store"
            return "the certificate of \(server) is not trusted (\(reason)): \(advice)"
        case .hostNameMismatch(let server, let host):
            return "the certificate of \(server) is not valid for \(host): use a --server name the certificate lists (probe-server's own certificate lists localhost, the machine's name and its addresses)"
        case .tlsFailed(let server, let reason):
            return "TLS with \(server) failed: \(reason); if the server speaks plain HTTP, use http:// in --server"
        case .cannotReadCAFile(let path, let reason):
            return "cannot read the CA file \(path): \(reason); pass a PEM file with --cacert"
        case .connectionClosed(let server, let during):
            return "\(server) closed the connection \(during); if it serves HTTPS, use https:// in --server"
        case .malformedResponse(let server, let reason):
            return "\(server) sent a response this client cannot read (\(reason)); is --server a probe-server?"
        case .responseTooLarge(let server, let limit):
            return "\(server) sent more than \(limit) bytes; a report is far smaller, so --server is probably not a probe-server"
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(printf: "%.1f", value)
    }
}
