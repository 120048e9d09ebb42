import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ProbeHTTP
@testable import probe_server
@testable import ProbeHTTPTesting

/// One CA per user, installed once: every data folder of the user issues its leaf from the
/// CA in the user's CA folder (docs/tls.md, "Where the CA lives"). Each test's CA folder is
/// a temporary one, never the real home's.
@Suite struct AuthorityFolderTests {
    static let host = "probebox"
    static let lan = ["192.168.1.23"]

    private func openssl(_ arguments: [String]) throws -> TLSTestSupport.Output {
        try TLSTestSupport.run("openssl", arguments)
    }

    @Test func TwoDataFolders_OfOneUser_ShareOneCA_WhoseKeyStaysInTheCAFolder() throws {
        let base = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(base) }
        let folder = AuthorityFolder(path: base + "/home/.local/share/probe-server/ca")
        let first = try CertificateDirectory(path: base + "/checkout-a/probe-data")
            .prepare(hostName: Self.host, addresses: Self.lan, authority: folder)
        let second = try CertificateDirectory(path: base + "/checkout-b/probe-data")
            .prepare(hostName: Self.host, addresses: Self.lan, authority: folder)
        #expect(first.createdAuthority)
        #expect(!second.createdAuthority, "the second data folder made a CA of its own")
        #expect(first.authorityFingerprint == second.authorityFingerprint)
        #expect(PEMFile.exists(folder.keyFile))
        for data in [first, second] {
            #expect(!PEMFile.exists(data.directory.authorityKeyFile), "a CA key in \(data.directory.path)")
            let verify = try openssl(["verify", "-CAfile", folder.certificateFile, data.certificateChainFile])
            #expect(verify.status == 0, "\(verify.combined)")
        }
    }

    @Test func ADataFolderWithItsOwnCA_KeepsIt_AndSaysOnceHowToMoveToTheUserCA() throws {
        let base = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(base) }
        let data = CertificateDirectory(path: base + "/data")
        // What an older version left: the CA in the data folder itself.
        let old = try data.prepare(hostName: Self.host, addresses: Self.lan, authority: AuthorityFolder(path: data.path))
        let folder = AuthorityFolder(path: base + "/ca")
        let again = try data.prepare(hostName: Self.host, addresses: Self.lan, authority: folder)
        #expect(again.authorityFingerprint == old.authorityFingerprint, "devices trust the data folder's CA: it stays")
        #expect(again.authorityIsDataFolders)
        #expect(!again.leafWasIssued)
        #expect(!folder.holdsAuthority, "a user CA was made beside the data folder's")
        let notice = try #require(again.ownAuthorityNotice)
        #expect(notice.contains("probe-server ca adopt --data-dir \(data.path)"))
    }

    @Test func Adopt_MakesADataFoldersHealthyCATheUsersCA_SoItsDevicesKeepTrustingIt() throws {
        let base = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(base) }
        let data = CertificateDirectory(path: base + "/data")
        let old = try data.prepare(hostName: Self.host, addresses: Self.lan, authority: AuthorityFolder(path: data.path))
        let folder = AuthorityFolder(path: base + "/ca")
        let said = try CACommand.adopt(data, into: folder)
        #expect(said.contains("is now your CA"), "\(said)")
        #expect(!PEMFile.exists(data.authorityKeyFile))
        let after = try data.prepare(hostName: Self.host, addresses: Self.lan, authority: folder)
        #expect(after.authorityFingerprint == old.authorityFingerprint)
        #expect(!after.authorityIsDataFolders)
        #expect(!after.leafWasIssued, "the leaf of the same CA was reissued")
        // A second data folder with a CA of its own: the user has one now, so its CA is retired.
        let other = CertificateDirectory(path: base + "/other")
        _ = try other.prepare(hostName: Self.host, addresses: Self.lan, authority: AuthorityFolder(path: other.path))
        let retired = try CACommand.adopt(other, into: folder)
        #expect(retired.contains("now uses your CA"), "\(retired)")
        #expect(!PEMFile.exists(other.authorityKeyFile))
        let moved = try other.prepare(hostName: Self.host, addresses: Self.lan, authority: folder)
        #expect(moved.authorityFingerprint == old.authorityFingerprint)
        #expect(moved.reissueReason == "cert.pem was not issued by ca.pem")
    }

    @Test func Rotate_MakesANewCA_KeepsTheOldCertificate_DeletesItsKey_AndLeavesAreReissued() throws {
        let base = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(base) }
        let folder = AuthorityFolder(path: base + "/ca")
        let data = CertificateDirectory(path: base + "/data")
        let first = try data.prepare(hostName: Self.host, addresses: Self.lan, authority: folder)
        let oldPEM = try String(contentsOfFile: folder.certificateFile, encoding: .utf8)
        let (made, retired) = try folder.rotate(hostName: Self.host, addresses: Self.lan, advertised: nil)
        let kept = try #require(retired)
        #expect(kept.hasPrefix(folder.path + "/ca-old-") && kept.hasSuffix(".pem"), "\(kept)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == oldPEM)
        #expect(made.fingerprint != first.authorityFingerprint)
        #expect(try folder.describe()?.fingerprint == made.fingerprint)
        let after = try data.prepare(hostName: Self.host, addresses: Self.lan, authority: folder)
        #expect(after.authorityFingerprint == made.fingerprint)
        #expect(after.reissueReason == "cert.pem was not issued by ca.pem")
        #expect(try String(contentsOfFile: data.authorityCertificateFile, encoding: .utf8)
            == String(contentsOfFile: folder.certificateFile, encoding: .utf8), "the data folder's copy is the new CA")
        // A second rotation the same day keeps both old certificates.
        let (_, again) = try folder.rotate(hostName: Self.host, addresses: Self.lan, advertised: nil)
        #expect(again != nil && again != kept)
    }

    @Test func Describe_SummarisesTheNameConstraintsAsPrefixes() throws {
        let base = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(base) }
        let folder = AuthorityFolder(path: base + "/ca")
        #expect(try folder.describe() == nil)
        _ = try CertificateDirectory(path: base + "/data").prepare(hostName: Self.host, addresses: Self.lan, authority: folder)
        let described = try #require(try folder.describe())
        #expect(described.commonName == "probe-server local CA (probebox)")
        let permitted = try #require(described.permitted)
        for entry in ["DNS:localhost", "DNS:local", "DNS:probebox", "IP:127.0.0.0/8", "IP:192.168.0.0/16", "IP:fc00::/7"] {
            #expect(permitted.contains(entry), "\(entry) not in \(permitted)")
        }
        let lines = CACommand.describe(described)
        #expect(lines.allSatisfy { $0.split(separator: "\n").allSatisfy { $0.count <= 80 } }, "\(lines)")
        let fingerprint = try openssl(["x509", "-in", folder.certificateFile, "-noout", "-fingerprint", "-sha256"]).stdout
        #expect(fingerprint.contains(described.fingerprint))
    }

    @Test func Locate_TakesTheOptionThenPROBE_CA_DIRThenXDG_DATA_HOMEThenHOME() throws {
        let everything = ["PROBE_CA_DIR": "/p", "XDG_DATA_HOME": "/x", "HOME": "/h"]
        #expect(try AuthorityFolder.locate(explicit: "/o", environment: everything).path == "/o")
        #expect(try AuthorityFolder.locate(explicit: nil, environment: everything).path == "/p")
        #expect(try AuthorityFolder.locate(explicit: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).path
            == "/x/probe-server/ca")
        // The XDG Base Directory Specification ignores a relative XDG_DATA_HOME.
        #expect(try AuthorityFolder.locate(explicit: nil, environment: ["XDG_DATA_HOME": "x", "HOME": "/h"]).path
            == "/h/.local/share/probe-server/ca")
        #expect(throws: AuthorityFolder.Unlocatable.self) { try AuthorityFolder.locate(explicit: nil, environment: [:]) }
        #expect(AuthorityFolder.Unlocatable().description.contains("PROBE_CA_DIR"))
    }

    @Test func ACAFolderOthersCanWriteInto_IsRefused_WithTheChmodThatFixesIt() throws {
        let base = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(base) }
        let folder = AuthorityFolder(path: base + "/ca")
        try PEMFile.makeDirectory(folder.path)
        chmod(folder.path, 0o777)
        #expect {
            _ = try CertificateDirectory(path: base + "/data").prepare(hostName: Self.host, addresses: Self.lan, authority: folder)
        } throws: { error in
            "\(error)".contains("chmod 700") && !PEMFile.exists(folder.keyFile)
        }
    }

    @Test func Try_StartsItsServerWithTheUsersCA_AndMakesNoneOfItsOwn() throws {
        let base = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(base) }
        let folder = AuthorityFolder(path: base + "/ca")
        let served = try CertificateDirectory(path: base + "/serve-data").prepare(hostName: Self.host, addresses: Self.lan, authority: folder)
        try FileManager.default.createDirectory(atPath: base + "/Public", withIntermediateDirectories: true)
        try "<!doctype html><title>probe</title>\n".write(toFile: base + "/Public/index.html", atomically: true, encoding: .utf8)
        let args = try Arguments(options: TryCommand.allOptions, arguments: [
            "--port", "0", "--second-port", "off", "--setup-port", "off", "--public", base + "/Public",
            "--data-dir", base + "/try-data", "--ca-dir", folder.path])
        let trial = try TrialServer.start(args, port: 0)
        defer { trial.stop() }
        #expect(!PEMFile.exists(base + "/try-data/ca-key.pem"))
        #expect(try String(contentsOfFile: base + "/try-data/ca.pem", encoding: .utf8)
            == String(contentsOfFile: served.authorityCertificateFile, encoding: .utf8))
        // The CLI trusts the data folder's copy of the user's CA, and the handshake verifies.
        #expect(try trial.api.http.get("/api/health").isSuccess)
    }
}
