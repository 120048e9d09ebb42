import Foundation
import Testing
import ProbeCatalog
@testable import ProbeServer

/// The serve command's banner and its line per judged run, as a person reads them at 80 columns.
@Suite struct BannerTests {
    static func banner(urls: [String] = ["https://192.168.1.20:8443/", "https://localhost:8443/"]) -> Banner {
        var banner = Banner(version: "0.2.0", listening: ["[::]:8443"], probeURLs: urls, qrTarget: "http://192.168.1.20:8080/setup",
                            runsURL: urls[0] + "runs")
        banner.secondPort = 8444
        banner.setupPort = 8080
        banner.movedPorts = [(name: "setup", asked: 8080, bound: 8081, option: "--setup-port")]
        banner.authority = (file: "/home/someone/projects/probe-server/probe-data/ca.pem",
                            fingerprint: (0..<32).map { String(format: "%02X", $0 * 7 % 256) }.joined(separator: ":"))
        banner.token = .generated(value: String(repeating: "k", count: 43), file: "/home/someone/projects/probe-server/probe-data/token")
        return banner
    }

    @Test func Banner_FitsEightyColumns_BreakingOnlyBetweenWords() {
        let text = Self.banner().render(qr: nil)
        for line in text.split(separator: "\n") {
            // A longer line may only be one unbreakable word (a URL) after its indent.
            let words = line.split(separator: " ")
            #expect(line.count <= 80 || words.count == 1, "\(line.count) columns: \(line)")
        }
        #expect(text.contains("  00:07:0E"))
        #expect(text.contains("(port 8080 was taken, so the setup port is :8081; --setup-port chooses one)"))
    }

    @Test func Banner_NamesTheRunsURL_AndTheTokenOnItsOwnLine() {
        let text = Self.banner().render(qr: .lightOnDark)
        #expect(text.contains("  https://192.168.1.20:8443/runs\n"))
        #expect(text.contains("\n  " + String(repeating: "k", count: 43) + "\n"))
        #expect(text.contains("scan: http://192.168.1.20:8080/setup"))
    }

    @Test func Banner_FirstStart_FitsOneScreenOfEightyByTwentyFour_WithTheCodeBesideItsLines() {
        // The default data folder (./probe-data), three probe URLs and a port that was taken.
        var banner = Self.banner(urls: ["https://192.168.1.20:8443/", "https://[fd00::20]:8443/", "https://localhost:8443/"])
        banner.authority?.file = "probe-data/ca.pem"
        banner.token = .generated(value: String(repeating: "k", count: 64), file: "probe-data/token")
        let text = banner.render(qr: .lightOnDark)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // 23, not 24: the cursor waits on the row after the last line.
        #expect(lines.count <= 23, "\(lines.count) lines:\n\(text)")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(text)")
        #expect(lines.contains { $0.hasPrefix("█") && $0.hasSuffix("scan: http://192.168.1.20:8080/setup") })
    }

    @Test func Banner_LaterStart_SaysWhereTheTokenIs_WithoutTheToken() {
        var banner = Self.banner()
        banner.token = .kept(file: "/data/token")
        let text = banner.render(qr: .lightOnDark)
        #expect(text.contains("access token: kept in /data/token\n"))
        banner.token = .given
        #expect(banner.render(qr: nil).contains("access token: the one given with --token or PROBE_TOKEN"))
    }

    @Test func Banner_WithAnAddressTooLongToStandBeside_PrintsTheCodeLast() {
        let long = "https://[2001:db8:aaaa:bbbb:cccc:dddd:eeee:ffff]:8443/"
        let text = Self.banner(urls: [long, "https://localhost:8443/"]).render(qr: .lightOnDark)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.last == "  scan: http://192.168.1.20:8080/setup")
        #expect(lines.contains("  " + long))
    }

    @Test func Banner_IntoALog_SaysWhereTheTokenIsAndHowToReadIt_NeverTheToken() {
        var banner = Self.banner()
        banner.audience = .log
        let text = banner.render(qr: nil)
        #expect(!text.contains(String(repeating: "k", count: 43)))
        #expect(text.contains("\n  cat /home/someone/projects/probe-server/probe-data/token\n"), "\(text)")
    }

    @Test func Banner_IntoAContainersLog_GivesTheCommandThatReadsTheTokenFromTheHost_NeverTheToken() {
        var banner = Self.banner()
        banner.token = .generated(value: String(repeating: "k", count: 43), file: "/data/token")
        banner.audience = .containerLog
        let text = banner.render(qr: nil)
        #expect(!text.contains(String(repeating: "k", count: 43)))
        #expect(text.contains("\n  docker exec NAME cat /data/token\n  podman exec NAME cat /data/token\n"), "\(text)")
    }

    @Test func BannerAudience_IsAPersonOnlyAtATerminal_AndAContainersLogWhereAnEngineMarkedIt() {
        #expect(Banner.Audience.detect(isTerminal: true, fileExists: { _ in true }) == .terminal)
        #expect(Banner.Audience.detect(isTerminal: false, fileExists: { _ in false }) == .log)
        #expect(Banner.Audience.detect(isTerminal: false, fileExists: { $0 == "/run/.containerenv" }) == .containerLog)
        #expect(Banner.Audience.detect(isTerminal: false, fileExists: { $0 == "/.dockerenv" }) == .containerLog)
    }

    @Test func Banner_OnLoopbackOnly_ShowsNoQRCode_AndSaysHowToReachAPhone() {
        let text = Self.banner(urls: ["https://127.0.0.1:8443/", "https://localhost:8443/"]).render(qr: .lightOnDark)
        #expect(!text.contains("scan:"))
        #expect(!text.contains("▀"))
        #expect(text.contains("--host ::"))
        #expect(Self.banner(urls: ["https://[::1]:8443/"]).servesOnlyLoopback)
        #expect(!Self.banner(urls: ["https://[fe80::1]:8443/", "https://localhost:8443/"]).servesOnlyLoopback)
    }

    @Test func Banner_WithQROff_PrintsNoCode() {
        let text = Self.banner().render(qr: nil)
        #expect(!text.contains("scan:") && !text.contains("▀"))
        #expect(text.contains("trust the CA and open the app: http://192.168.1.20:8080/setup"))
    }

    @Test func TerminalText_BreaksAtSpaces_WithAHangingIndent_AndKeepsAURLWhole() {
        let url = "https://example.test/" + String(repeating: "a", count: 90)
        let text = TerminalText.wrap("one two three four five six seven eight nine ten " + url + " end", width: 30, indent: "    ")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "one two three four five six")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") })
        #expect(lines.contains("    " + url))
        #expect(lines.allSatisfy { $0.count <= 30 || $0.hasSuffix(url) })
        #expect(TerminalText.wrap("a\n  b c", width: 3) == "a\n  b\n    c")
    }

    @Test func JudgedRunLine_NamesTheVerdictItsReasonAndTheReport_AndEscapesTheDevicesLabel() {
        let run = JudgedRun(id: "r7Kp2", label: "Pixel\u{1B}[2J\nverdict: READY", platform: "Android 14",
                            verdict: .notReady, reason: "camera.getUserMedia failed: NotAllowedError")
        let line = run.line(reportURL: "https://192.168.1.20:8443/runs/r7Kp2")
        #expect(!line.contains("\u{1B}"))
        #expect(!line.contains("\nverdict"))
        let flat = line.replacingOccurrences(of: "\n    ", with: " ")
        #expect(flat.hasPrefix("run r7Kp2 \"Pixel\\u{1B}[2J\\nverdict: READY\" (Android 14): NOT READY: camera.getUserMedia"))
        #expect(line.hasSuffix("\n    →\u{A0}https://192.168.1.20:8443/runs/r7Kp2"))
        #expect(line.split(separator: "\n").allSatisfy { $0.count <= 80 })
        let ready = JudgedRun(id: "r1", label: nil, platform: nil, verdict: .ready, reason: "all required probes passed")
        #expect(ready.line(reportURL: "https://h/runs/r1") == "run r1: READY →\u{A0}https://h/runs/r1")
    }
}
