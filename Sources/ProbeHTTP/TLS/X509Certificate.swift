import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An OpenSSL certificate (`X509`), owned: freed with this object.
final class X509Certificate {
    let pointer: OpaquePointer

    init(taking pointer: OpaquePointer) { self.pointer = pointer }

    deinit { X509_free(pointer) }

    /// Reads the first certificate of a PEM file (the leaf, in a chain file).
    convenience init(pemFile path: String) throws {
        self.init(taking: try PEMFile.readFirst(path, missing: "no PEM certificate found") {
            PEM_read_bio_X509($0, nil, nil, nil)
        })
    }

    func pemBytes() throws -> [UInt8] {
        try MemoryBIO.collect(step: "PEM_write_bio_X509") { PEM_write_bio_X509($0, pointer) }
    }

    /// The DER encoding, as an iOS configuration profile carries it.
    func derBytes() -> [UInt8] {
        let length = i2d_X509(pointer, nil)
        guard length > 0 else { OpenSSLErrorQueue.clear(); return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_X509(pointer, &cursor)
        }
        return bytes
    }

    /// SHA-256 over the DER encoding: what Safari and iOS Settings show as the fingerprint.
    func sha256Fingerprint() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard X509_digest(pointer, EVP_sha256(), &digest, &length) == 1 else {
            OpenSSLErrorQueue.clear()
            return []
        }
        return Array(digest.prefix(Int(length)))
    }

    /// The subject's common name, for display.
    var commonName: String? {
        guard let subject = X509_get_subject_name(pointer) else { return nil }
        let index = X509_NAME_get_index_by_NID(subject, NID_commonName, -1)
        guard index >= 0, let entry = X509_NAME_get_entry(subject, index),
              let data = X509_NAME_ENTRY_get_data(entry), let bytes = ASN1_STRING_get0_data(data)
        else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(ASN1_STRING_length(data))), as: UTF8.self)
    }

    var notAfter: Date? { Self.date(X509_get0_notAfter(pointer)) }
    var notBefore: Date? { Self.date(X509_get0_notBefore(pointer)) }

    private static func date(_ time: UnsafePointer<ASN1_TIME>?) -> Date? {
        var parts = tm()
        guard let time, ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    /// The subject alternative names, DNS and IP only (the only kinds we issue).
    var subjectAlternativeNames: Set<SubjectAlternativeName> {
        guard let raw = X509_get_ext_d2i(pointer, NID_subject_alt_name, nil, nil) else {
            OpenSSLErrorQueue.clear()
            return []
        }
        let names = OpaquePointer(raw)
        defer { probe_GENERAL_NAMES_free(names) }
        var result: Set<SubjectAlternativeName> = []
        for index in 0..<probe_GENERAL_NAMES_count(names) {
            var kind: Int32 = 0
            guard let name = probe_GENERAL_NAMES_value(names, index),
                  let value = GENERAL_NAME_get0_value(name, &kind)
            else { continue }
            let string = value.assumingMemoryBound(to: ASN1_STRING.self)
            guard let data = ASN1_STRING_get0_data(string) else { continue }
            let bytes = Array(UnsafeBufferPointer(start: data, count: Int(ASN1_STRING_length(string))))
            switch kind {
            case GEN_DNS: result.insert(.dns(String(decoding: bytes, as: UTF8.self).lowercased()))
            case GEN_IPADD: result.insert(.ipAddress(bytes))
            default: continue
            }
        }
        return result
    }

    /// True when `issuer` names this certificate's issuer and its key verifies the signature.
    func isSigned(by issuer: X509Certificate) -> Bool {
        defer { OpenSSLErrorQueue.clear() }
        guard X509_check_issued(issuer.pointer, pointer) == X509_V_OK,
              let issuerKey = X509_get0_pubkey(issuer.pointer)
        else { return false }
        return X509_verify(pointer, issuerKey) == 1
    }

    func matches(_ key: PrivateKey) -> Bool {
        defer { OpenSSLErrorQueue.clear() }
        return X509_check_private_key(pointer, key.pointer) == 1
    }
}
