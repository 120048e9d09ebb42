import COpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One OpenSSL `SSL_CTX` configured for serving: protocol versions, suites, ALPN, SNI,
/// session resumption, and one certificate chain with its key.
///
/// Immutable once built. OpenSSL locks what it mutates inside (the session cache, reference
/// counts), so any loop thread may call `SSL_new` on it at the same time.
final class SSLContext: @unchecked Sendable {
    let pointer: OpaquePointer
    let certificateChainFile: String
    let privateKeyFile: String

    init(certificateChainFile: String, privateKeyFile: String) throws {
        OpenSSLErrorQueue.clear()
        guard let pointer = SSL_CTX_new(TLS_server_method()) else {
            throw TLSError.configurationFailed(step: "SSL_CTX_new", reason: OpenSSLErrorQueue.drain())
        }
        self.pointer = pointer
        self.certificateChainFile = certificateChainFile
        self.privateKeyFile = privateKeyFile
        // From here a throw still runs deinit, which frees the context.
        try configureProtocols()
        try configureResumption()
        installCallbacks()
        try loadCredentials()
    }

    deinit { SSL_CTX_free(pointer) }

    private func configureProtocols() throws {
        try check("SSL_CTX_set_min_proto_version",
                  probe_SSL_CTX_set_min_proto_version(pointer, TLSPolicy.minimumVersion))
        try check("SSL_CTX_set_max_proto_version",
                  probe_SSL_CTX_set_max_proto_version(pointer, TLSPolicy.maximumVersion))
        try check("SSL_CTX_set_cipher_list", SSL_CTX_set_cipher_list(pointer, TLSPolicy.tls12CipherList))
        try check("SSL_CTX_set_ciphersuites", SSL_CTX_set_ciphersuites(pointer, TLSPolicy.tls13CipherSuites))
        try check("SSL_CTX_set1_groups_list", probe_SSL_CTX_set1_groups_list(pointer, TLSPolicy.groups))
        SSL_CTX_set_options(
            pointer,
            // Client-initiated TLS 1.2 renegotiation only costs us CPU (a known DoS lever);
            // no browser needs it.
            probe_SSL_OP_NO_RENEGOTIATION()
                // Browsers routinely drop the TCP connection without close_notify; HTTP/1.1
                // frames its own messages, so truncation is detected above TLS. This makes
                // such an EOF read as SSL_ERROR_ZERO_RETURN (→ `.closed`), not as an error.
                | probe_SSL_OP_IGNORE_UNEXPECTED_EOF()
                // CRIME (CVE-2012-4929); already OpenSSL 3's default, stated for the reader.
                | probe_SSL_OP_NO_COMPRESSION())
        _ = probe_SSL_CTX_set_mode(
            pointer,
            // Non-blocking writes: report the records already sent instead of holding the
            // caller until the whole buffer is out (maps onto `TransportResult.bytes(n)`).
            probe_SSL_MODE_ENABLE_PARTIAL_WRITE()
                // The event loop may retry a write from a reallocated buffer holding the same bytes.
                | probe_SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER()
                // Idle keep-alive connections give back their read and write record buffers
                // (about 17 KiB each, one maximum TLS record).
                | probe_SSL_MODE_RELEASE_BUFFERS())
        // Read what the socket holds in one system call, not a record's 5-byte header and then
        // its body in two (SSL_CTX_set_read_ahead(3)): a keep-alive request cost two reads.
        // Bytes read ahead stay inside OpenSSL where epoll cannot see them, which the
        // connection already allows for: it reads until the session asks for the socket, and
        // resumes a paused read without waiting for readiness (`Connection.settle`).
        probe_SSL_CTX_set_read_ahead(pointer, 1)
    }

    private func configureResumption() throws {
        // Server cache for TLS 1.2 session ids; TLS 1.2 and 1.3 tickets stay on (OpenSSL's
        // default), encrypted with a key this context generates. A reload makes a new context,
        // so tickets issued before a SIGHUP fall back to a full handshake: harmless.
        _ = probe_SSL_CTX_set_session_cache_mode(pointer, Int(SSL_SESS_CACHE_SERVER))
        _ = probe_SSL_CTX_sess_set_cache_size(pointer, TLSPolicy.sessionCacheSize)
        _ = SSL_CTX_set_timeout(pointer, TLSPolicy.sessionTimeoutSeconds)
        try check("SSL_CTX_set_num_tickets", SSL_CTX_set_num_tickets(pointer, TLSPolicy.ticketsPerHandshake))
        try TLSPolicy.sessionIDContext.withUnsafeBufferPointer { context in
            try check("SSL_CTX_set_session_id_context",
                      SSL_CTX_set_session_id_context(pointer, context.baseAddress, UInt32(context.count)))
        }
    }

    private func installCallbacks() {
        // RFC 7301 §3.2: with no protocol in common the server may either fail with
        // no_application_protocol or go on without ALPN. We go on: an HTTP/1.1 server can
        // still talk to a client that offered only h2 plus a fallback we failed to parse.
        SSL_CTX_set_alpn_select_cb(pointer, { _, out, outLength, offered, offeredLength, _ in
            guard let out, let outLength, let offered else { return SSL_TLSEXT_ERR_NOACK }
            let wire = UnsafeRawBufferPointer(start: offered, count: Int(offeredLength))
            guard let range = ALPNProtocolList.range(of: Array(TLSPolicy.applicationProtocol.utf8), in: wire)
            else { return SSL_TLSEXT_ERR_NOACK }
            // Points into the client's list, which OpenSSL keeps alive for the handshake.
            out.pointee = offered + range.lowerBound
            outLength.pointee = UInt8(range.count)
            return SSL_TLSEXT_ERR_OK
        }, nil)

        // RFC 6066 §3: we serve one certificate whatever the name (devices reach us by IP,
        // `localhost` or `NAME.local`), so the callback only records what the client asked for.
        _ = probe_SSL_CTX_set_tlsext_servername_callback(pointer) { ssl, _, _ in
            guard let ssl, let session = TLSSession.owning(ssl) else { return SSL_TLSEXT_ERR_OK }
            if let name = SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name) {
                session.recordServerName(String(cString: name))
            }
            return SSL_TLSEXT_ERR_OK
        }
    }

    private func loadCredentials() throws {
        guard SSL_CTX_use_certificate_chain_file(pointer, certificateChainFile) == 1 else {
            throw TLSError.unreadableFile(path: certificateChainFile, reason: OpenSSLErrorQueue.drain())
        }
        let key = try PrivateKey(pemFile: privateKeyFile)
        // SSL_CTX_use_PrivateKey compares the key with the certificate loaded above.
        guard SSL_CTX_use_PrivateKey(pointer, key.pointer) == 1, SSL_CTX_check_private_key(pointer) == 1 else {
            throw TLSError.keyDoesNotMatchCertificate(
                certificatePath: certificateChainFile, keyPath: privateKeyFile, reason: OpenSSLErrorQueue.drain())
        }
    }

    private func check(_ step: String, _ status: Int32) throws {
        guard status == 1 else {
            throw TLSError.configurationFailed(step: step, reason: OpenSSLErrorQueue.drain())
        }
    }
}
