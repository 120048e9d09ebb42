#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ProbeServer
@testable import ProbeHTTP
@testable import ProbeHTTPTesting
@testable import ProbeServerTesting

/// `http://` typed for the HTTPS port gets a word and the https:// address, not an empty reply.
@Suite struct PlainHTTPOnTLSPortTests {
    @Test func FirstBytes_OfAnHTTPRequest_AreToldFromATLSRecord() {
        for method in ["GET ", "POST /x", "HEAD", "OPTIONS ", "G"] { #expect(PlainHTTPOnTLSPort.isPlainHTTP(Array(method.utf8)), "\(method)") }
        #expect(!PlainHTTPOnTLSPort.isPlainHTTP([0x16, 0x03, 0x01, 0x02, 0x00]))  // a TLS handshake record
        #expect(!PlainHTTPOnTLSPort.isPlainHTTP([0x80, 0x2E, 0x01]))  // an SSLv2-style hello
        #expect(!PlainHTTPOnTLSPort.isPlainHTTP(Array("get /".utf8)))
        #expect(!PlainHTTPOnTLSPort.isPlainHTTP([UInt8]()))
    }

    @Test func TheHint_NamesTheSameHostPortAndPath_WithHTTPS() {
        let request = Array("GET /runs/abc?x=1 HTTP/1.1\r\nHost: 192.168.1.20:8443\r\nAccept: */*\r\n\r\n".utf8)
        #expect(PlainHTTPOnTLSPort.httpsURL(request: request) == "https://192.168.1.20:8443/runs/abc?x=1")
        let hostile = Array("GET /<script> HTTP/1.1\r\nHost: evil\"><b>\r\n\r\n".utf8)
        #expect(PlainHTTPOnTLSPort.httpsURL(request: hostile) == nil)
        let text = String(decoding: PlainHTTPOnTLSPort.response(request: hostile), as: UTF8.self)
        #expect(!text.contains("<script>") && !text.contains("<b>"))
        #expect(text.contains("https://"))
    }

    static func service() throws -> TestService {
        try TestService { o in
            o.plainHTTP = false
            o.setupPort = 0
        }
    }

    @Test func PlainHTTP_ToTheHTTPSPort_Gets400_NamingTheHTTPSAddress_ThenClose() throws {
        let s = try Self.service()
        let c = try RawClient(port: s.port, receiveTimeout: 20)
        c.send("GET /setup HTTP/1.1\r\nHost: localhost:\(s.port)\r\nUser-Agent: curl/8\r\nAccept: */*\r\n\r\n")
        let text = String(decoding: c.readToEnd(), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(text)")
        #expect(text.contains("Content-Type: text/plain"))
        #expect(text.contains("Open https://localhost:\(s.port)/setup instead."), "\(text)")
        #expect(c.sawEOF)
    }

    @Test func ABrowser_GetsTheHintAsAPage_WithALink() throws {
        let s = try Self.service()
        let c = try RawClient(port: s.port, receiveTimeout: 20)
        c.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(s.port)\r\nAccept: text/html,application/xhtml+xml\r\n\r\n")
        let text = String(decoding: c.readToEnd(), as: UTF8.self)
        #expect(text.contains("Content-Type: text/html"), "\(text)")
        #expect(text.contains("<a href=\"https://127.0.0.1:\(s.port)/\">"), "\(text)")
    }

    @Test func Curl_OverHTTP_ToTheHTTPSPort_PrintsTheHint_AndHTTPSStillWorks() throws {
        let s = try Self.service()
        func curl(_ arguments: [String]) throws -> (Int32, String) {
            let out = Pipe()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            process.arguments = ["-sS"] + arguments
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let (plainStatus, plain) = try curl(["-w", "%{http_code}", "http://localhost:\(s.port)/api/health"])
        #expect(plainStatus == 0)
        #expect(plain.contains("Open https://localhost:\(s.port)/api/health instead."), "\(plain)")
        #expect(plain.hasSuffix("400"))
        let (secureStatus, secure) = try curl(["--cacert", s.dataDirectory + "/ca.pem", "-w", "%{http_code}", "-o", "/dev/null",
                                               "https://localhost:\(s.port)/api/health"])
        #expect(secureStatus == 0)
        #expect(secure == "200")
    }
}
