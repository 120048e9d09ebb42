import Foundation
import Glibc
import Testing
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

@Suite struct TLSContextTests {
    private func certificates(_ host: String) throws -> LocalCertificates {
        try CertificateDirectory(path: TLSTestSupport.temporaryDirectory()).prepare(hostName: host, addresses: [])
    }

    @Test func TLSContext_ReloadServesNewCertificateToNewConnectionsOnly() async throws {
        let old = try certificates("oldbox")
        let new = try certificates("newbox")
        defer {
            TLSTestSupport.remove(old.directory.path)
            TLSTestSupport.remove(new.directory.path)
        }
        let context = try TLSContext(certificateChainFile: old.certificateChainFile, privateKeyFile: old.privateKeyFile)
        let (first, second, firstClient, secondClient) = try await TLSTestSupport.onThread {
            let server = try TLSTestServer()
            let deadline = Date() + TLSTestServer.deadlineSeconds
            func client(_ ca: String) throws -> RunningProcess {
                try RunningProcess("openssl", ["s_client", "-connect", "127.0.0.1:\(server.port)", "-ign_eof",
                                               "-CAfile", ca, "-verify_return_error", "-verify_hostname", "localhost"],
                                   input: Array("ping\n".utf8))
            }
            // A connection accepted before the reload...
            let firstClient = try client(old.authorityCertificateFile)
            let firstSocket = server.accept(deadline: deadline)
            defer { close(firstSocket) }
            let firstSession = try context.makeSession(fileDescriptor: firstSocket)
            try context.reload(certificateChainFile: new.certificateChainFile, privateKeyFile: new.privateKeyFile)
            // ...handshakes after it, still with the certificate it started with.
            let first = server.serveEcho(session: firstSession, descriptor: firstSocket, echoBytes: 5, deadline: deadline)
            let secondClient = try client(new.authorityCertificateFile)
            let second = server.serveEcho(context: context, echoBytes: 5)
            return (first, second, firstClient.finish(), secondClient.finish())
        }
        #expect(first.received == Array("ping\n".utf8))
        #expect(second.received == Array("ping\n".utf8))
        #expect(firstClient.stdout.contains("CN = probe-server local CA (oldbox)"))
        #expect(firstClient.stdout.contains("Verify return code: 0 (ok)"))
        #expect(secondClient.stdout.contains("CN = probe-server local CA (newbox)"))
        #expect(secondClient.stdout.contains("Verify return code: 0 (ok)"))
        #expect(context.certificateChainFile == new.certificateChainFile)
    }

    @Test func TLSContext_FailedReloadKeepsServingTheOldCertificate() throws {
        let good = try certificates("goodbox")
        defer { TLSTestSupport.remove(good.directory.path) }
        let context = try TLSContext(certificateChainFile: good.certificateChainFile, privateKeyFile: good.privateKeyFile)
        #expect(throws: TLSError.self) {
            try context.reload(certificateChainFile: "/nonexistent/cert.pem", privateKeyFile: good.privateKeyFile)
        }
        #expect(context.certificateChainFile == good.certificateChainFile)
        #expect(OpenSSLErrorQueue.isEmpty)
    }

    @Test func TLSContext_RejectsAKeyThatDoesNotMatchWithAdvice() throws {
        let a = try certificates("abox")
        let b = try certificates("bbox")
        defer {
            TLSTestSupport.remove(a.directory.path)
            TLSTestSupport.remove(b.directory.path)
        }
        #expect {
            _ = try TLSContext(certificateChainFile: a.certificateChainFile, privateKeyFile: b.privateKeyFile)
        } throws: { error in
            guard case .keyDoesNotMatchCertificate(_, _, let reason) = error as? TLSError else { return false }
            let text = (error as? TLSError)?.errorDescription ?? ""
            return reason.contains("key values mismatch") && text.contains("delete cert.pem and key.pem")
        }
        #expect(OpenSSLErrorQueue.isEmpty)
    }

    @Test func TLSContext_MissingOrGarbageFilesAreReportedByPath() throws {
        let a = try certificates("abox")
        defer { TLSTestSupport.remove(a.directory.path) }
        #expect {
            _ = try TLSContext(certificateChainFile: "/nonexistent/cert.pem", privateKeyFile: a.privateKeyFile)
        } throws: { error in
            guard case .unreadableFile(let path, _) = error as? TLSError else { return false }
            return path == "/nonexistent/cert.pem"
        }
        let garbage = "\(a.directory.path)/garbage.pem"
        try PEMFile.write(Array("not a key\n".utf8), to: garbage, permissions: 0o600)
        #expect {
            _ = try TLSContext(certificateChainFile: a.certificateChainFile, privateKeyFile: garbage)
        } throws: { error in
            guard case .unreadableFile(let path, let reason) = error as? TLSError else { return false }
            return path == garbage && reason.contains("no unencrypted PEM private key")
        }
    }

    @Test func ALPNProtocolList_FindsHTTP11AndRejectsMalformedLists() {
        let wanted = Array("http/1.1".utf8)
        func find(_ wire: [UInt8]) -> Range<Int>? {
            wire.withUnsafeBytes { ALPNProtocolList.range(of: wanted, in: $0) }
        }
        let h2 = [UInt8(2)] + Array("h2".utf8)
        let http11 = [UInt8(8)] + wanted
        #expect(find(h2 + http11) == 4..<12)
        #expect(find(http11) == 1..<9)
        #expect(find(h2) == nil)
        #expect(find([]) == nil)
        #expect(find([9] + wanted) == nil, "length runs past the end")
        #expect(find([0] + http11) == nil, "empty protocol id")
        #expect(find([8] + Array("http/1.0".utf8)) == nil)
    }
}
