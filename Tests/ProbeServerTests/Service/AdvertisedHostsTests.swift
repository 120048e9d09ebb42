import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeHTTPTesting
@testable import ProbeServerTesting

/// `--advertise`: the names a container's server is reached by, in its certificate, URLs,
/// QR code and setup page, in place of the container's own interface addresses.
@Suite struct AdvertisedHostsTests {
    @Test func Advertise_ParsesAddressesAndNames_InOrder_WithoutDuplicates() throws {
        let hosts = try AdvertisedHosts(parsing: " 192.168.1.23, Probe.LAN ,[fd00::5],probe.lan")
        #expect(hosts.hosts == ["192.168.1.23", "probe.lan", "fd00::5"])
        #expect(hosts.addresses == ["192.168.1.23", "fd00::5"])
    }

    @Test func Advertise_RefusesWhatNoCertificateOrURLCanName() {
        for text in ["", " , ", "bad name", "under_score.lan", "-lead.lan", "fe80::1%eth0", "http://x",
                     (1...(AdvertisedHosts.maxHosts + 1)).map { "h\($0)" }.joined(separator: ",")] {
            #expect(throws: AdvertisedHosts.Invalid.self, "\(text)") { try AdvertisedHosts(parsing: text) }
        }
    }

    @Test func Advertise_CertificateNamesAreLoopbackAndTheAdvertised_NotTheMachine() throws {
        let names = try AdvertisedHosts(parsing: "192.168.1.23,probe.lan").subjectAlternativeNames.map(\.description)
        #expect(names == ["DNS:localhost", "DNS:probe.lan", "IP:127.0.0.1", "IP:192.168.1.23", "IP:::1"])
    }

    @Test func Advertise_URLsKeepTheGivenOrder_ThenLocalhost() throws {
        let hosts = try AdvertisedHosts(parsing: "192.168.1.23,fd00::5,localhost")
        #expect(hosts.urls(scheme: "https", port: 8443)
            == ["https://192.168.1.23:8443/", "https://[fd00::5]:8443/", "https://localhost:8443/"])
    }

    @Test func Advertise_IssuesTheLeafForTheAdvertisedNames_AndReissuesWhenTheyChange() throws {
        let path = TLSTestSupport.temporaryDirectory() + "/data"
        defer { TLSTestSupport.remove(path) }
        let directory = CertificateDirectory(path: path)
        let machine = ["172.17.0.2"]
        let first = try directory.prepare(hostName: "a1b2c3", addresses: machine,
                                          advertised: try AdvertisedHosts(parsing: "192.168.1.23"))
        var text = try TLSTestSupport.run("openssl", ["x509", "-in", first.certificateChainFile, "-noout", "-ext", "subjectAltName"]).stdout
        #expect(text.contains("IP Address:192.168.1.23"))
        #expect(!text.contains("172.17.0.2"), "the container's bridge address is not how devices reach it")
        #expect(!text.contains("a1b2c3"))

        let same = try directory.prepare(hostName: "d4e5f6", addresses: ["172.17.0.3"],
                                         advertised: try AdvertisedHosts(parsing: "192.168.1.23"))
        #expect(!same.leafWasIssued, "a new container on the same volume keeps the leaf: \(same.reissueReason ?? "")")

        let moved = try directory.prepare(hostName: "d4e5f6", addresses: machine,
                                          advertised: try AdvertisedHosts(parsing: "192.168.1.40,probe.lan"))
        #expect(moved.reissueReason == "the host names or addresses changed")
        #expect(moved.authorityFingerprintSHA256 == first.authorityFingerprintSHA256, "devices keep trusting the CA")
        text = try TLSTestSupport.run("openssl", ["x509", "-in", moved.certificateChainFile, "-noout", "-ext", "subjectAltName"]).stdout
        #expect(text.contains("IP Address:192.168.1.40") && text.contains("DNS:probe.lan"))
        #expect(!text.contains("192.168.1.23"))

        let unadvertised = try directory.prepare(hostName: "d4e5f6", addresses: machine)
        #expect(unadvertised.leafWasIssued, "dropping --advertise names the machine again")
    }

    @Test func Advertise_SecondHostOrigin_IsAnotherAdvertisedName_NeverTheSameOne() {
        let plan = OriginPlan(hostName: "", addresses: ["192.168.1.23", "probe.lan"])
        #expect(plan.otherName(for: "192.168.1.23") == "probe.lan")
        #expect(plan.otherName(for: "probe.lan") == "192.168.1.23")
        #expect(OriginPlan(hostName: "", addresses: ["192.168.1.23"]).otherName(for: "192.168.1.23") == nil)
        #expect(plan.knownHosts.contains("probe.lan"))
    }

    @Test func Advertise_ReplacesTheInterfaceAddresses_InTheURLsAndTheSetupPage() throws {
        let service = try TestService { o in
            o.host = "::"
            o.advertised = try? AdvertisedHosts(parsing: "192.0.2.7,probe.example")
        }
        #expect(service.service.probeURLs == ["http://192.0.2.7:\(service.port)/", "http://probe.example:\(service.port)/",
                                              "http://localhost:\(service.port)/"])
        #expect(service.service.qrTarget == "http://192.0.2.7:\(service.port)/")
        let setup = try service.request("GET", "/setup")
        #expect(setup.text.contains("http://192.0.2.7:\(service.port)/"))
        for address in InterfaceAddresses.current() {
            #expect(!setup.text.contains("://\(address.contains(":") ? "[\(address)]" : address):"), "\(address) still printed")
        }
    }

    @Test func Banner_LoopbackOnlyHint_NamesAdvertise() {
        let banner = Banner(version: "1", listening: ["[::]:8443"], probeURLs: ["https://127.0.0.1:8443/"],
                            qrTarget: "https://127.0.0.1:8443/", runsURL: "https://127.0.0.1:8443/runs")
        #expect(banner.render(qr: nil).contains("--advertise"))
    }
}
