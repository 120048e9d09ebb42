import COpenSSL

/// An OpenSSL private key (`EVP_PKEY`), owned: freed with this object.
final class PrivateKey {
    let pointer: OpaquePointer

    private init(taking pointer: OpaquePointer) { self.pointer = pointer }

    deinit { EVP_PKEY_free(pointer) }

    /// Reads the first private key of a PEM file. Encrypted keys are refused rather than
    /// prompting on the terminal (OpenSSL's default) from inside a server.
    convenience init(pemFile path: String) throws {
        self.init(taking: try PEMFile.readFirst(path, missing: "no unencrypted PEM private key found") {
            PEM_read_bio_PrivateKey($0, nil, { _, _, _, _ in 0 }, nil)
        })
    }

    /// A new ECDSA key on P-256 (secp256r1): accepted by every TLS client we serve, and the
    /// curve Apple lists first for certificates it trusts.
    static func generateP256() throws -> PrivateKey {
        OpenSSLErrorQueue.clear()
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
            throw TLSError.issuanceFailed(step: "EVP_PKEY_CTX_new_from_name", reason: OpenSSLErrorQueue.drain())
        }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1,
              EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
              EVP_PKEY_generate(context, &key) == 1, let key
        else {
            throw TLSError.issuanceFailed(step: "generating a P-256 key", reason: OpenSSLErrorQueue.drain())
        }
        return PrivateKey(taking: key)
    }

    /// PKCS #8 PEM (`BEGIN PRIVATE KEY`), unencrypted: the server must start unattended.
    func pemBytes() throws -> [UInt8] {
        try MemoryBIO.collect(step: "PEM_write_bio_PrivateKey") { bio in
            PEM_write_bio_PrivateKey(bio, pointer, nil, nil, 0, nil, nil)
        }
    }
}
