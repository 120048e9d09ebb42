import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What goes into a certificate we issue; `sign` turns it into an `X509Certificate`.
struct CertificateTemplate {
    /// RFC 5280 §4.1.2.2 allows up to 20 octets; 128 random bits make serials unguessable
    /// and unique without a counter to persist (CA/Browser Forum asks for ≥ 64 bits).
    static let serialNumberBytes = 16

    /// Devices with a clock a little behind would otherwise reject a certificate issued
    /// seconds ago as "not yet valid".
    static let clockSkewAllowance: TimeInterval = 3600

    var commonName: String
    var notBefore: Date
    var notAfter: Date
    /// (extension NID, `X509V3_EXT_conf` value) in order. Subject key id must come before
    /// authority key id on a self-signed certificate, which reads its own.
    var extensions: [(nid: Int32, value: String)]

    /// Signs the template with `issuerKey` (ECDSA with SHA-256). `issuer` nil means self-signed.
    func sign(subjectKey: PrivateKey, issuer: X509Certificate?, issuerKey: PrivateKey) throws -> X509Certificate {
        OpenSSLErrorQueue.clear()
        guard let raw = X509_new() else {
            throw TLSError.issuanceFailed(step: "X509_new", reason: OpenSSLErrorQueue.drain())
        }
        let certificate = X509Certificate(taking: raw)
        let x509 = certificate.pointer
        try check("X509_set_version", X509_set_version(x509, Int(X509_VERSION_3)))
        try setRandomSerial(x509)
        try setTime(X509_getm_notBefore(x509), notBefore)
        try setTime(X509_getm_notAfter(x509), notAfter)

        guard let name = X509_NAME_new() else {
            throw TLSError.issuanceFailed(step: "X509_NAME_new", reason: OpenSSLErrorQueue.drain())
        }
        defer { X509_NAME_free(name) }
        try check("X509_NAME_add_entry_by_txt(CN)",
                  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, commonName, -1, -1, 0))
        try check("X509_NAME_add_entry_by_txt(O)",
                  X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8, "probe-server", -1, -1, 0))
        try check("X509_set_subject_name", X509_set_subject_name(x509, name))
        try check("X509_set_issuer_name",
                  X509_set_issuer_name(x509, issuer.map { X509_get_subject_name($0.pointer) } ?? name))
        try check("X509_set_pubkey", X509_set_pubkey(x509, subjectKey.pointer))

        var context = X509V3_CTX()
        X509V3_set_ctx(&context, issuer?.pointer ?? x509, x509, nil, nil, 0)
        for (nid, value) in extensions {
            guard let ext = X509V3_EXT_conf_nid(nil, &context, nid, value) else {
                throw TLSError.issuanceFailed(
                    step: "extension \(String(cString: OBJ_nid2sn(nid))) = \(value)", reason: OpenSSLErrorQueue.drain())
            }
            defer { X509_EXTENSION_free(ext) }
            try check("X509_add_ext", X509_add_ext(x509, ext, -1))
        }
        guard X509_sign(x509, issuerKey.pointer, EVP_sha256()) > 0 else {
            throw TLSError.issuanceFailed(step: "X509_sign", reason: OpenSSLErrorQueue.drain())
        }
        return certificate
    }

    private func setRandomSerial(_ x509: OpaquePointer) throws {
        var bytes = [UInt8](repeating: 0, count: Self.serialNumberBytes)
        try check("RAND_bytes", RAND_bytes(&bytes, Int32(bytes.count)))
        // Zero is not a valid serial (RFC 5280 §4.1.2.2: positive); 2^-128 odds, but free to rule out.
        if bytes.allSatisfy({ $0 == 0 }) { bytes[bytes.count - 1] = 1 }
        // BN_bin2bn reads the bytes as an unsigned magnitude, so the serial is positive; DER
        // adds a leading zero octet when the top bit is set (17 octets at most).
        guard let number = BN_bin2bn(bytes, Int32(bytes.count), nil) else {
            throw TLSError.issuanceFailed(step: "BN_bin2bn", reason: OpenSSLErrorQueue.drain())
        }
        defer { BN_free(number) }
        guard let serial = BN_to_ASN1_INTEGER(number, nil) else {
            throw TLSError.issuanceFailed(step: "BN_to_ASN1_INTEGER", reason: OpenSSLErrorQueue.drain())
        }
        defer { ASN1_INTEGER_free(serial) }
        try check("X509_set_serialNumber", X509_set_serialNumber(x509, serial))
    }

    private func setTime(_ field: UnsafeMutablePointer<ASN1_TIME>?, _ date: Date) throws {
        guard let field, ASN1_TIME_set(field, time_t(date.timeIntervalSince1970)) != nil else {
            throw TLSError.issuanceFailed(step: "ASN1_TIME_set", reason: OpenSSLErrorQueue.drain())
        }
    }

    private func check(_ step: String, _ status: Int32) throws {
        guard status == 1 else { throw TLSError.issuanceFailed(step: step, reason: OpenSSLErrorQueue.drain()) }
    }
}
