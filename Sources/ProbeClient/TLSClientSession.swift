import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeHTTP

/// An OpenSSL client context: TLS 1.2+, peer verification on, trust from `ClientTrust`.
final class ClientTLSContext: @unchecked Sendable {
    let pointer: OpaquePointer
    let trust: ClientTrust

    init(trust: ClientTrust) throws(HTTPClientError) {
        OpenSSLErrorQueue.clear()
        guard let pointer = SSL_CTX_new(TLS_client_method()) else {
            throw .tlsFailed(server: "-", reason: "SSL_CTX_new: \(OpenSSLErrorQueue.drain())")
        }
        self.pointer = pointer
        self.trust = trust
        // The same floor as the server (TLSPolicy): nothing this CLI talks to needs less.
        _ = probe_SSL_CTX_set_min_proto_version(pointer, TLSPolicy.minimumVersion)
        // Verify the chain during the handshake; the host name is set per connection.
        SSL_CTX_set_verify(pointer, SSL_VERIFY_PEER, nil)
        switch trust {
        case .caFile(let path):
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw .cannotReadCAFile(path: path, reason: "no such readable file")
            }
            guard SSL_CTX_load_verify_locations(pointer, path, nil) == 1 else {
                throw .cannotReadCAFile(path: path, reason: OpenSSLErrorQueue.drain())
            }
        case .system:
            guard SSL_CTX_set_default_verify_paths(pointer) == 1 else {
                throw .tlsFailed(server: "-", reason: "cannot load the system CA store: \(OpenSSLErrorQueue.drain())")
            }
        }
        OpenSSLErrorQueue.clear()
    }

    deinit { SSL_CTX_free(pointer) }
}

/// A client-side TLS session over a connected, non-blocking socket, checking the server's
/// certificate chain and its name. Driven like the server's `TLSSession`: call again on
/// `wantRead`/`wantWrite` once the socket is ready for what was asked.
final class TLSClientSession: Transport {
    private let context: ClientTLSContext
    private let ssl: OpaquePointer
    private var hasFailed = false

    /// `host`: the name (or IP literal) the user typed, checked against the certificate.
    init(context: ClientTLSContext, fileDescriptor: Int32, host: String, hostIsIPAddress: Bool) throws(HTTPClientError) {
        self.context = context
        OpenSSLErrorQueue.clear()
        guard let ssl = SSL_new(context.pointer) else {
            throw .tlsFailed(server: host, reason: "SSL_new: \(OpenSSLErrorQueue.drain())")
        }
        self.ssl = ssl
        guard SSL_set_fd(ssl, fileDescriptor) == 1 else {
            throw .tlsFailed(server: host, reason: "SSL_set_fd: \(OpenSSLErrorQueue.drain())")
        }
        if hostIsIPAddress {
            // RFC 6066 §3: no SNI for an IP literal; match the certificate's IP SANs instead.
            guard X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host) == 1 else {
                throw .tlsFailed(server: host, reason: "cannot check the IP address \(host): \(OpenSSLErrorQueue.drain())")
            }
        } else {
            guard probe_SSL_set_tlsext_host_name(ssl, host) == 1, SSL_set1_host(ssl, host) == 1 else {
                throw .tlsFailed(server: host, reason: "cannot set the host name \(host): \(OpenSSLErrorQueue.drain())")
            }
        }
        // ALPN: say we speak HTTP/1.1 (the server chooses it; RFC 7301 §3.1 wire format).
        let protocols: [UInt8] = [8] + Array("http/1.1".utf8)
        _ = SSL_set_alpn_protos(ssl, protocols, UInt32(protocols.count))
        SSL_set_connect_state(ssl)
    }

    deinit { SSL_free(ssl) }

    /// The verification result after a failed handshake: X509_V_OK (0) or the reason code.
    var verifyResult: Int { Int(SSL_get_verify_result(ssl)) }

    var verifyResultText: String { String(cString: X509_verify_cert_error_string(SSL_get_verify_result(ssl))) }

    func handshake() -> TransportResult { settle(SSLIO.handshake(ssl)) }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult { settle(SSLIO.read(ssl, into: buffer)) }

    func write(from buffer: UnsafeRawBufferPointer) -> TransportResult { settle(SSLIO.write(ssl, from: buffer)) }

    func write(vectored head: UnsafeRawBufferPointer, _ body: UnsafeRawBufferPointer) -> TransportResult {
        writeInTurn(head, body)
    }

    func shutdown() {
        guard !hasFailed, SSL_is_init_finished(ssl) == 1 else { return }
        OpenSSLErrorQueue.clear()
        _ = SSL_shutdown(ssl)
        OpenSSLErrorQueue.clear()
    }

    var negotiatedProtocol: String? { SSLIO.negotiatedProtocol(ssl) }

    var holdsReadBytes: Bool { SSL_has_pending(ssl) == 1 }

    /// SHA-256 of the DER SubjectPublicKeyInfo of the certificate the server presented (after
    /// a handshake that verified it): the pin Chromium's `--ignore-certificate-errors-spki-list`
    /// takes, base64-encoded (https://peter.sh/experiments/chromium-command-line-switches/).
    var peerPublicKeySHA256: [UInt8]? {
        guard let certificate = SSL_get1_peer_certificate(ssl) else { return nil }
        defer { X509_free(certificate) }
        guard let key = X509_get_X509_PUBKEY(certificate) else { return nil }
        let length = i2d_X509_PUBKEY(key, nil)
        guard length > 0 else { OpenSSLErrorQueue.clear(); return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_X509_PUBKEY(key, &cursor)
        }
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = SHA256(der, der.count, &digest)
        return digest
    }

    /// Remembers a fatal outcome: no close_notify after it.
    private func settle(_ outcome: SSLIO.Outcome) -> TransportResult {
        if outcome.fatal { hasFailed = true }
        return outcome.result
    }
}
