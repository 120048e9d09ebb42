import Foundation
import Glibc
import Testing
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

/// A device that installed the local CA trusts whatever it signs: the CA is constrained to
/// the local names and networks its leaves use (RFC 5280 §4.2.1.10), lives no longer than a
/// TLS certificate Apple accepts, and an older, unconstrained or expiring CA is warned about.
/// Checked with the real `openssl x509 -text` and `openssl verify`.
@Suite struct AuthorityNameConstraintTests {
    static let host = "probebox"
    static let lan = ["192.168.1.23", "fd00::23"]
    /// A public address the machine has when the CA is made (a global IPv6 address of the LAN).
    static let publicAddress = "2001:db8:5:6::23"

    private func prepared(_ addresses: [String] = lan + [publicAddress], now: Date = Date()) throws -> (String, LocalCertificates) {
        let path = TLSTestSupport.temporaryDirectory() + "/data"
        return (path, try CertificateDirectory(path: path).prepare(hostName: Self.host, addresses: addresses, now: now))
    }

    private func openssl(_ arguments: [String]) throws -> TLSTestSupport.Output {
        try TLSTestSupport.run("openssl", arguments)
    }

    /// A leaf for `name` signed with the CA's own key by the openssl CLI: what a thief of
    /// ca-key.pem would make.
    private func forgedLeaf(_ name: String, in path: String) throws -> String {
        let file = "\(path)/forged-\(name.filter { $0.isLetter || $0.isNumber }).pem"
        let made = try openssl(["req", "-new", "-CA", "\(path)/ca.pem", "-CAkey", "\(path)/user-ca/ca-key.pem",
                                "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "\(path)/forged-key.pem",
                                "-subj", "/CN=forged", "-addext", "subjectAltName=\(name)", "-days", "30", "-out", file])
        #expect(made.status == 0, "\(made.combined)")
        return file
    }

    @Test func NewAuthority_IsCriticallyNameConstrained_ToLocalNamesAndTheAddressesItServes() throws {
        let (path, result) = try prepared()
        defer { TLSTestSupport.remove(path) }
        let text = try openssl(["x509", "-in", result.authorityCertificateFile, "-noout", "-text"]).stdout
        #expect(text.contains("X509v3 Name Constraints: critical"), "\(text)")
        #expect(text.contains("Permitted:"))
        #expect(!text.contains("Excluded:"))
        for subtree in ["DNS:localhost", "DNS:local", "DNS:lan", "DNS:home.arpa", "DNS:internal", "DNS:probebox",
                        "IP:127.0.0.0/255.0.0.0", "IP:10.0.0.0/255.0.0.0", "IP:172.16.0.0/255.240.0.0",
                        "IP:192.168.0.0/255.255.0.0", "IP:0:0:0:0:0:0:0:1/FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF",
                        "IP:FC00:0:0:0:0:0:0:0/FE00:0:0:0:0:0:0:0",
                        // The public address's /64, where SLAAC and privacy addresses come and go.
                        "IP:2001:DB8:5:6:0:0:0:0/FFFF:FFFF:FFFF:FFFF:0:0:0:0"] {
            #expect(text.contains(subtree), "\(subtree) missing from:\n\(text)")
        }
        // Every name of the server's own leaf verifies under the constraint.
        for check in [["-verify_hostname", "localhost"], ["-verify_hostname", "probebox"], ["-verify_hostname", "probebox.local"],
                      ["-verify_ip", "127.0.0.1"], ["-verify_ip", "::1"], ["-verify_ip", "192.168.1.23"],
                      ["-verify_ip", "fd00::23"], ["-verify_ip", Self.publicAddress]] {
            let output = try openssl(["verify", "-x509_strict", "-purpose", "sslserver", "-CAfile", result.authorityCertificateFile]
                + check + [result.certificateChainFile])
            #expect(output.status == 0, "\(check): \(output.combined)")
        }
    }

    @Test func LeafSignedWithTheCAKey_ForANameOutsideItsConstraints_FailsVerification() throws {
        let (path, result) = try prepared()
        defer { TLSTestSupport.remove(path) }
        // The control: a local name signed the same way verifies.
        let local = try openssl(["verify", "-CAfile", result.authorityCertificateFile, try forgedLeaf("DNS:printer.local", in: path)])
        #expect(local.status == 0, "\(local.combined)")
        for name in ["DNS:www.google.com", "DNS:accounts.example.com", "IP:8.8.8.8", "IP:2606:4700::1111", "DNS:local.example.com"] {
            let output = try openssl(["verify", "-CAfile", result.authorityCertificateFile, try forgedLeaf(name, in: path)])
            #expect(output.status != 0, "\(name) verified:\n\(output.combined)")
            #expect(output.combined.contains("permitted subtree violation"), "\(name): \(output.combined)")
        }
    }

    @Test func NewAuthority_LivesAtMost825Days() throws {
        let (path, result) = try prepared()
        defer { TLSTestSupport.remove(path) }
        let ca = result.authorityCertificateFile
        #expect(try openssl(["x509", "-in", ca, "-noout", "-checkend", "\(825 * 86_400)"]).status != 0, "valid beyond 825 days")
        #expect(try openssl(["x509", "-in", ca, "-noout", "-checkend", "\(820 * 86_400)"]).status == 0)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test func NameOutsideTheConstraints_IsLeftOutOfTheLeaf_AndSaid() throws {
        let (path, _) = try prepared()
        defer { TLSTestSupport.remove(path) }
        // Later the machine has a public IPv4 address the CA was not made for.
        let later = try CertificateDirectory(path: path).prepare(hostName: Self.host, addresses: Self.lan + ["203.0.113.9"])
        #expect(!later.subjectAlternativeNames.contains("IP:203.0.113.9"))
        #expect(later.subjectAlternativeNames.contains("IP:192.168.1.23"))
        #expect(later.warnings.contains { $0.contains("leaves out IP:203.0.113.9") && $0.contains("Rotating the CA") }, "\(later.warnings)")
        let verify = try openssl(["verify", "-CAfile", later.authorityCertificateFile, later.certificateChainFile])
        #expect(verify.status == 0, "\(verify.combined)")
    }

    @Test func ExistingUnconstrainedAuthority_IsKept_AndWarnedWithHowToRotate() throws {
        let path = TLSTestSupport.temporaryDirectory() + "/data"
        defer { TLSTestSupport.remove(path) }
        try PEMFile.makeDirectory(path)
        // A CA as older versions made it: no name constraints, ten years.
        let made = try openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                "-keyout", "\(path)/ca-key.pem", "-out", "\(path)/ca.pem", "-days", "3650",
                                "-subj", "/CN=probe-server local CA (old)",
                                "-addext", "basicConstraints=critical,CA:TRUE,pathlen:0", "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
        #expect(made.status == 0, "\(made.combined)")
        chmod("\(path)/ca-key.pem", 0o600)
        let before = try String(contentsOfFile: "\(path)/ca.pem", encoding: .utf8)
        let result = try CertificateDirectory(path: path).prepare(hostName: Self.host, addresses: Self.lan)
        #expect(!result.createdAuthority)
        #expect(try String(contentsOfFile: "\(path)/ca.pem", encoding: .utf8) == before, "devices trust the old CA: it stays")
        #expect(result.warnings.contains { $0.contains("has no name constraints") && $0.contains("probe-server ca adopt --data-dir \(path)") },
                "\(result.warnings)")
        #expect(!PEMFile.exists(result.directory.testAuthority.keyFile), "a data folder with its own CA makes no user CA")
    }

    @Test func AuthorityNearItsEnd_IsWarnedAhead_WithHowToRotate() throws {
        let start = Date()
        let (path, _) = try prepared(now: start)
        defer { TLSTestSupport.remove(path) }
        let directory = CertificateDirectory(path: path)
        let end = start - CertificateTemplate.clockSkewAllowance + TimeInterval(CertificateAuthority.validityDays) * 86_400
        let early = try directory.prepare(hostName: Self.host, addresses: Self.lan + [Self.publicAddress], now: end - 61 * 86_400)
        #expect(early.warnings.isEmpty, "\(early.warnings)")
        let near = try directory.prepare(hostName: Self.host, addresses: Self.lan + [Self.publicAddress], now: end - 59 * 86_400)
        #expect(near.warnings.contains { $0.contains("expires in 59 days") && $0.contains("Rotating the CA") }, "\(near.warnings)")
    }
}
