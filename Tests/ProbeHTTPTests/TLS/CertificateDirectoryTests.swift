import Foundation
import Glibc
import Testing
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

@Suite struct CertificateDirectoryTests {
    static let host = "probebox"
    static let lan = ["192.168.1.23", "fd00::23"]

    private func prepared(_ addresses: [String] = lan, now: Date = Date()) throws -> (String, LocalCertificates) {
        let path = TLSTestSupport.temporaryDirectory() + "/data"
        return (path, try CertificateDirectory(path: path).prepare(hostName: Self.host, addresses: addresses, now: now))
    }

    private func openssl(_ arguments: [String]) throws -> TLSTestSupport.Output {
        try TLSTestSupport.run("openssl", arguments)
    }

    @Test func LocalCertificates_AreCreatedOnFirstStart_TheCAKeyOnlyInTheUserCAFolder() throws {
        let (path, result) = try prepared()
        defer { TLSTestSupport.remove(path) }
        #expect(result.createdAuthority)
        #expect(result.leafWasIssued)
        for file in ["ca.pem", "cert.pem", "key.pem"] {
            #expect(PEMFile.exists("\(path)/\(file)"), "\(file) missing")
        }
        #expect(!PEMFile.exists("\(path)/ca-key.pem"), "the CA key was copied into the data folder")
        #expect(PEMFile.exists(result.directory.testAuthority.keyFile))
        #expect(result.authorityFolder == result.directory.testAuthority.path)
        #expect(try String(contentsOfFile: "\(path)/ca.pem", encoding: .utf8)
            == String(contentsOfFile: result.directory.testAuthority.certificateFile, encoding: .utf8))
    }

    @Test func PrivateKeys_AreWrittenOwnerOnly() throws {
        let (path, result) = try prepared()
        defer { TLSTestSupport.remove(path) }
        func mode(_ file: String) -> mode_t {
            var info = stat()
            stat(file, &info)
            return info.st_mode & 0o777
        }
        #expect(mode(result.directory.testAuthority.keyFile) == 0o600)
        #expect(mode(result.directory.testAuthority.path) == 0o700)
        #expect(mode(result.privateKeyFile) == 0o600)
        #expect(mode(result.authorityCertificateFile) == 0o644)
        #expect(mode(path) == 0o700)
        // A key file someone loosened is replaced by a new owner-only file, not rewritten in place.
        chmod(result.privateKeyFile, 0o644)
        _ = try CertificateDirectory(path: path).prepare(hostName: Self.host, addresses: ["10.0.0.9"])
        #expect(mode(result.privateKeyFile) == 0o600)
    }

    @Test func CertificateAuthority_IsReusedAcrossRestarts() throws {
        let (path, first) = try prepared()
        defer { TLSTestSupport.remove(path) }
        let leafBefore = try String(contentsOfFile: first.certificateChainFile, encoding: .utf8)
        let second = try CertificateDirectory(path: path).prepare(hostName: Self.host, addresses: Self.lan.reversed())
        #expect(!second.createdAuthority)
        #expect(!second.leafWasIssued, "reissued: \(second.reissueReason ?? "")")
        #expect(second.authorityFingerprintSHA256 == first.authorityFingerprintSHA256)
        #expect(try String(contentsOfFile: second.certificateChainFile, encoding: .utf8) == leafBefore)
    }

    @Test func LeafCertificate_IsReissuedWhenAddressesChange() throws {
        let (path, first) = try prepared()
        defer { TLSTestSupport.remove(path) }
        let second = try CertificateDirectory(path: path).prepare(hostName: Self.host, addresses: ["192.168.1.24"])
        #expect(second.reissueReason == "the host names or addresses changed")
        #expect(second.authorityFingerprintSHA256 == first.authorityFingerprintSHA256)
        let text = try openssl(["x509", "-in", second.certificateChainFile, "-noout", "-ext", "subjectAltName"]).stdout
        #expect(text.contains("IP Address:192.168.1.24"))
        #expect(!text.contains("192.168.1.23"))
    }

    @Test func LeafCertificate_IsReissuedWithin30DaysOfExpiry() throws {
        let start = Date()
        let (path, first) = try prepared(now: start)
        defer { TLSTestSupport.remove(path) }
        let directory = CertificateDirectory(path: path)
        let beforeWindow = first.leafNotAfter - 31 * 86_400
        #expect(try !directory.prepare(hostName: Self.host, addresses: Self.lan, now: beforeWindow).leafWasIssued)
        let inWindow = first.leafNotAfter - 29 * 86_400
        let renewed = try directory.prepare(hostName: Self.host, addresses: Self.lan, now: inWindow)
        #expect(renewed.reissueReason == "it expires within 30 days")
        // Never beyond its CA, which lives as long as a leaf (CertificateAuthority.validityDays).
        #expect(renewed.leafNotAfter >= first.leafNotAfter)
        let authorityEnd = try openssl(["x509", "-in", renewed.authorityCertificateFile, "-noout", "-checkend",
                                        "\(Int(renewed.leafNotAfter.timeIntervalSince(inWindow)) - 1)"])
        #expect(authorityEnd.status == 0, "the leaf outlives its CA")
    }

    @Test func LeafCertificate_IsReissuedWhenKeyNoLongerMatches() throws {
        let (path, first) = try prepared()
        defer { TLSTestSupport.remove(path) }
        try PEMFile.write(PrivateKey.generateP256().pemBytes(), to: first.privateKeyFile, permissions: 0o600)
        let second = try CertificateDirectory(path: path).prepare(hostName: Self.host, addresses: Self.lan)
        #expect(second.reissueReason == "key.pem does not match cert.pem")
        _ = try TLSContext(certificateChainFile: second.certificateChainFile, privateKeyFile: second.privateKeyFile)
    }

    @Test func LeafCertificate_IsReissuedWhenTheCAIsReplaced() throws {
        let (path, first) = try prepared()
        defer { TLSTestSupport.remove(path) }
        unlink(first.directory.testAuthority.certificateFile)
        unlink(first.directory.testAuthority.keyFile)
        let second = try CertificateDirectory(path: path).prepare(hostName: Self.host, addresses: Self.lan)
        #expect(second.createdAuthority)
        #expect(second.reissueReason == "cert.pem was not issued by ca.pem")
        #expect(second.authorityFingerprintSHA256 != first.authorityFingerprintSHA256)
        let verify = try openssl(["verify", "-CAfile", second.authorityCertificateFile, second.certificateChainFile])
        #expect(verify.status == 0, "\(verify.combined)")
    }

    @Test func LeafCertificate_VerifiesAgainstTheCAForEveryName() throws {
        let (path, result) = try prepared()
        defer { TLSTestSupport.remove(path) }
        let ca = result.authorityCertificateFile
        let leaf = result.certificateChainFile
        for check in [["-verify_hostname", "localhost"], ["-verify_hostname", "probebox"],
                      ["-verify_hostname", "probebox.local"], ["-verify_ip", "127.0.0.1"],
                      ["-verify_ip", "::1"], ["-verify_ip", "192.168.1.23"], ["-verify_ip", "fd00::23"]] {
            let output = try openssl(["verify", "-x509_strict", "-purpose", "sslserver", "-CAfile", ca] + check + [leaf])
            #expect(output.status == 0, "\(check): \(output.combined)")
        }
        let wrong = try openssl(["verify", "-CAfile", ca, "-verify_hostname", "example.com", leaf])
        #expect(wrong.status != 0)
    }

    @Test func LeafCertificate_HasServerAuthP256AndAtMost825Days() throws {
        let (path, result) = try prepared()
        defer { TLSTestSupport.remove(path) }
        let text = try openssl(["x509", "-in", result.certificateChainFile, "-noout", "-text"]).stdout
        #expect(text.contains("CA:FALSE"))
        #expect(text.contains("TLS Web Server Authentication"))
        #expect(text.contains("Digital Signature"))
        #expect(text.contains("ASN1 OID: prime256v1"))
        #expect(text.contains("ecdsa-with-SHA256"))
        #expect(text.contains("DNS:localhost"))
        #expect(text.contains("IP Address:0:0:0:0:0:0:0:1"))
        let days = try openssl(["x509", "-in", result.certificateChainFile, "-noout", "-checkend", "\(825 * 86_400)"])
        #expect(days.status != 0, "valid for more than 825 days")
        #expect(result.leafNotAfter.timeIntervalSinceNow > 824 * 86_400)
        // The chain file carries the leaf, then the CA.
        let chain = try String(contentsOfFile: result.certificateChainFile, encoding: .utf8)
        #expect(chain.components(separatedBy: "BEGIN CERTIFICATE").count == 3)
    }

    @Test func CertificateAuthority_IsAnECDSARootNamedAfterTheHost() throws {
        let (path, result) = try prepared()
        defer { TLSTestSupport.remove(path) }
        let text = try openssl(["x509", "-in", result.authorityCertificateFile, "-noout", "-text"]).stdout
        #expect(text.contains("CA:TRUE"))
        #expect(text.contains("Certificate Sign, CRL Sign"))
        #expect(text.contains("CN = probe-server local CA (probebox)"))
        #expect(text.contains("ASN1 OID: prime256v1"))
        // Its life is bounded (AuthorityNameConstraintTests.NewAuthority_LivesAtMost825Days).
        #expect(try openssl(["x509", "-in", result.authorityCertificateFile, "-noout", "-checkend",
                             "\(800 * 86_400)"]).status == 0)
    }

    @Test func CertificateAuthority_FingerprintAndDERMatchOpenSSL() throws {
        let (path, result) = try prepared()
        defer { TLSTestSupport.remove(path) }
        let line = try openssl(["x509", "-in", result.authorityCertificateFile, "-noout", "-fingerprint", "-sha256"])
        #expect(line.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            == "sha256 Fingerprint=\(result.authorityFingerprint)")
        let der = "\(path)/ca.der"
        _ = try openssl(["x509", "-in", result.authorityCertificateFile, "-outform", "DER", "-out", der])
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: der))) == result.authorityDER)
    }

    @Test func Certificates_HaveDistinct128BitRandomSerials() throws {
        let (path, result) = try prepared()
        defer { TLSTestSupport.remove(path) }
        func serial(_ file: String) throws -> String {
            try openssl(["x509", "-in", file, "-noout", "-serial"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "serial=", with: "")
        }
        let ca = try serial(result.authorityCertificateFile)
        let leaf = try serial(result.certificateChainFile)
        #expect(ca != leaf)
        // 16 random bytes: 32 hex digits, fewer only when the top bytes happen to be zero.
        #expect(ca.count <= 32 && ca.count >= 24)
        #expect(leaf.count <= 32 && leaf.count >= 24)
    }

    @Test func CertificateAuthority_MissingKeyIsAnErrorSayingWhatToDo() throws {
        let (path, result) = try prepared()
        defer { TLSTestSupport.remove(path) }
        unlink(result.directory.testAuthority.keyFile)
        #expect {
            _ = try CertificateDirectory(path: path).prepare(hostName: Self.host, addresses: [])
        } throws: { error in
            let text = (error as? TLSError)?.errorDescription ?? ""
            return text.contains("ca-key.pem is missing") && text.contains("delete both")
        }
    }

    @Test func SubjectAlternativeNames_CoverLoopbackHostMDNSAndAddresses() throws {
        let names = try LeafCertificate.names(hostName: "ProbeBox.lan", addresses: ["10.1.2.3", "fe80::1%eth0"])
            .map(\.description)
        #expect(names == ["DNS:localhost", "DNS:probebox.lan", "DNS:probebox.local",
                          "IP:10.1.2.3", "IP:127.0.0.1", "IP:::1", "IP:fe80::1"])
        #expect(throws: TLSError.self) { try LeafCertificate.names(hostName: "h", addresses: ["not-an-ip"]) }
        #expect(try LeafCertificate.names(hostName: "bad name", addresses: []).map(\.description)
            == ["DNS:localhost", "IP:127.0.0.1", "IP:::1"])
    }

    @Test func InterfaceAddresses_ExcludeLoopbackAndLinkLocal() {
        let addresses = InterfaceAddresses.current()
        #expect(!addresses.contains("127.0.0.1"))
        #expect(!addresses.contains("::1"))
        #expect(!addresses.contains { $0.hasPrefix("fe80") })
        for address in addresses { #expect(SubjectAlternativeName(ipAddress: address) != nil) }
    }
}

@Suite struct InterfaceAddressesTests {
    @Test func IPv6PrivacyAndDeprecatedAddresses_AreNotNamed_SoRestartsDoNotReissue() {
        // /proc/net/if_inet6 as a laptop on a SLAAC network shows it: the stable address
        // (flags 00), a privacy address (01: temporary), an old one (21: temporary, deprecated).
        let proc = """
        20010db8000000001a2b3c4d5e6f7081 02 40 00 00    wlan0
        20010db800000000b1c2d3e4f5061728 02 40 00 01    wlan0
        20010db800000000aaaabbbbccccdddd 02 40 00 21    wlan0
        fe80000000000000021122fffe334455 02 40 20 80    wlan0
        00000000000000000000000000000001 01 80 10 80       lo
        """
        let transient = InterfaceAddresses.transientIPv6(procNetIfInet6: proc)
        #expect(transient == ["2001:db8::b1c2:d3e4:f506:1728", "2001:db8::aaaa:bbbb:cccc:dddd"])
        #expect(!transient.contains("2001:db8::1a2b:3c4d:5e6f:7081"))
        #expect(InterfaceAddresses.transientIPv6(procNetIfInet6: "garbage\nzz 1 2 3 xx eth0\n").isEmpty)
    }
}
