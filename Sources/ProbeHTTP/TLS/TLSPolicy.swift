import COpenSSL

/// The server's TLS settings, each with its reason. One place, so a reviewer can check
/// them against the Mozilla guideline in one read.
package enum TLSPolicy {
    /// Mozilla "intermediate" (Server Side TLS guideline v5.7): TLS 1.2 and 1.3 only.
    /// TLS 1.0/1.1 are deprecated by RFC 8996, and every WebView we support (iOS 15+,
    /// Android 9+) speaks TLS 1.2 or later.
    package static let minimumVersion = TLS1_2_VERSION
    static let maximumVersion = TLS1_3_VERSION

    /// Mozilla intermediate TLS 1.2 suites, forward-secret AEAD only: ECDHE with AES-GCM and
    /// ChaCha20-Poly1305. The DHE suites of the guideline are left out: they need our own
    /// DH parameters and no client we support lacks ECDHE. Our local leaf is ECDSA; the RSA
    /// variants stay for operators who bring an RSA certificate.
    static let tls12CipherList = [
        "ECDHE-ECDSA-AES128-GCM-SHA256",
        "ECDHE-RSA-AES128-GCM-SHA256",
        "ECDHE-ECDSA-AES256-GCM-SHA384",
        "ECDHE-RSA-AES256-GCM-SHA384",
        "ECDHE-ECDSA-CHACHA20-POLY1305",
        "ECDHE-RSA-CHACHA20-POLY1305",
    ].joined(separator: ":")

    /// The TLS 1.3 suites Mozilla lists, which are OpenSSL's defaults; set explicitly so a
    /// system openssl.cnf cannot narrow or widen them behind our back.
    static let tls13CipherSuites = [
        "TLS_AES_128_GCM_SHA256",
        "TLS_AES_256_GCM_SHA384",
        "TLS_CHACHA20_POLY1305_SHA256",
    ].joined(separator: ":")

    /// Mozilla intermediate key-exchange groups, in its order.
    static let groups = "X25519:prime256v1:secp384r1"

    /// The only application protocol we speak (RFC 7301 ALPN id). No h2: the server is HTTP/1.1.
    static let applicationProtocol = "http/1.1"

    /// Server-side session cache entries per context. Each is about 1 KiB; a device running
    /// the probe page opens a handful of connections, so 1024 covers hundreds of devices.
    static let sessionCacheSize = 1024

    /// Session lifetime for both the cache and tickets. Mozilla recommends 1 day
    /// (`ssl_session_timeout 1d`); a probe run lasts minutes.
    static let sessionTimeoutSeconds = 86_400

    /// TLS 1.3 tickets sent after each full handshake (OpenSSL's default, RFC 8446 §4.6.1).
    /// Two lets a browser open two parallel connections that both resume.
    static let ticketsPerHandshake = 2

    /// Scopes cached sessions to this server (OpenSSL refuses to resume a session whose id
    /// context differs), at most SSL_MAX_SID_CTX_LENGTH (32) bytes.
    static let sessionIDContext = Array("probe-server".utf8)
}
