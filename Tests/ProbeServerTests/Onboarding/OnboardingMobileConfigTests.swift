import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

@Suite struct OnboardingMobileConfigTests {
    static let certificates: LocalCertificates = {
        try! CertificateDirectory(path: TLSTestSupport.temporaryDirectory()).prepare(hostName: "probebox", addresses: [])
    }()

    private func parse(_ profile: MobileConfig) throws -> [String: Any] {
        let plist = try PropertyListSerialization.propertyList(from: Data(profile.data), options: [], format: nil)
        return try #require(plist as? [String: Any])
    }

    @Test func MobileConfig_CarriesTheCAAsARootPayload() throws {
        let profile = MobileConfig(certificates: Self.certificates)
        let top = try parse(profile)
        #expect(top["PayloadType"] as? String == "Configuration")
        #expect(top["PayloadVersion"] as? Int == 1)
        #expect(top["PayloadDisplayName"] as? String == "probe-server local CA (probebox)")
        let payloads = try #require(top["PayloadContent"] as? [[String: Any]])
        #expect(payloads.count == 1)
        let root = try #require(payloads.first)
        #expect(root["PayloadType"] as? String == "com.apple.security.root")
        #expect((root["PayloadContent"] as? Data).map(Array.init) == Self.certificates.authorityDER)
        #expect(root["PayloadUUID"] as? String == profile.payloadUUID)
        #expect(top["PayloadUUID"] as? String == profile.profileUUID)
        #expect((top["PayloadIdentifier"] as? String)?.hasPrefix(MobileConfig.identifierPrefix) == true)
        #expect(MobileConfig.contentType == "application/x-apple-aspen-config")
    }

    @Test func MobileConfig_CertificatePayloadIsTheCAOpenSSLReads() throws {
        let directory = TLSTestSupport.temporaryDirectory()
        defer { TLSTestSupport.remove(directory) }
        let payloads = try parse(MobileConfig(certificates: Self.certificates))["PayloadContent"] as? [[String: Any]]
        let der = try #require(payloads?.first?["PayloadContent"] as? Data)
        try der.write(to: URL(fileURLWithPath: "\(directory)/ca.cer"))
        let text = try TLSTestSupport.run("openssl", ["x509", "-inform", "DER", "-in", "\(directory)/ca.cer",
                                                      "-noout", "-fingerprint", "-sha256"])
        #expect(text.stdout.contains(Self.certificates.authorityFingerprint))
    }

    @Test func MobileConfig_UUIDsAreStableForOneCAAndDifferForAnother() throws {
        let first = MobileConfig(certificates: Self.certificates)
        let again = MobileConfig(certificates: Self.certificates)
        #expect(first.profileUUID == again.profileUUID)
        #expect(first.payloadUUID == again.payloadUUID)
        #expect(first.profileUUID != first.payloadUUID)
        for uuid in [first.profileUUID, first.payloadUUID] {
            #expect(UUID(uuidString: uuid) != nil, "\(uuid)")
            #expect(Array(uuid)[14] == "8", "RFC 9562 version 8")
            #expect("89AB".contains(Array(uuid)[19]), "RFC 9562 variant")
        }
        let other = MobileConfig(authorityDER: [1], authorityFingerprintSHA256: Array(repeating: 7, count: 32),
                                 authorityName: "x")
        #expect(other.profileUUID != first.profileUUID)
    }

    @Test func MobileConfig_EscapesTheNameForXML() throws {
        let profile = MobileConfig(authorityDER: [0x30, 0x00], authorityFingerprintSHA256: Array(0..<32),
                                   authorityName: "probe-server local CA (a&b<c>)")
        #expect(try parse(profile)["PayloadDisplayName"] as? String == "probe-server local CA (a&b<c>)")
    }
}
