#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import ProbeHTTP
@testable import ProbeHTTPTesting

/// One server per port: the loops of one process share a port, another process never does.
@Suite struct PortClaimTests {
    /// A plain listening socket on a free loopback port, standing in for "some other server".
    final class OtherServer {
        let fd: Int32
        let port: UInt16
        init(reusePort: Bool = true) throws {
            fd = try Socket.listen(on: SocketAddress(ip: "127.0.0.1", port: 0)!, reusePort: reusePort, backlog: 8)
            port = Socket.localAddress(fd)!.port
        }
        deinit { close(fd) }
    }

    @Test func PortHeldByAnotherListener_IsNotFree_EvenWhenItAllowsReusePort() throws {
        let other = try OtherServer(reusePort: true)
        #expect(!PortClaim.isFree(SocketAddress(ip: "127.0.0.1", port: other.port)!))
    }

    @Test func ServerOnAHeldPort_FailsNamingThePortTheOptionAndTheHolder() throws {
        let other = try OtherServer()
        do {
            _ = try TestServer { $0.port = other.port }
            Issue.record("a second server bound port \(other.port)")
        } catch let error as PortInUse {
            #expect(error.port == other.port)
            #expect(error.option == "--port")
            #expect(error.holders.contains { $0.pid == getpid() })
            #expect(error.description.contains("port \(other.port) is already served by pid \(getpid())"))
            #expect(error.description.contains("pass --port"))
        }
    }

    @Test func TakenDefaultPort_MovesToTheNextFreeOne() throws {
        let other = try OtherServer()
        let server = try TestServer { config in
            config.additionalEndpoints.append(Endpoint(name: "setup", host: "127.0.0.1", port: other.port, isSecure: false,
                                                       option: "--setup-port", freePortSearch: Endpoint.defaultFreePortSearch))
        }
        let bound = try #require(server.server.port(of: "setup"))
        #expect(bound != other.port)
        #expect(bound > other.port && Int(bound) <= Int(other.port) + Endpoint.defaultFreePortSearch)
        #expect(server.server.movedPorts["setup"]?.asked == other.port)
    }

    @Test func TakenChosenPort_IsNotMoved_AndTheMessageNamesItsOption() throws {
        let other = try OtherServer()
        #expect {
            _ = try TestServer { config in
                config.additionalEndpoints.append(Endpoint(name: "setup", host: "127.0.0.1", port: other.port, isSecure: false,
                                                           option: "--setup-port"))
            }
        } throws: { error in
            (error as? PortInUse)?.description.contains("pass --setup-port") == true
        }
    }

    @Test func EveryLoopOfOneServer_SharesItsPort() throws {
        let server = try TestServer { $0.eventLoops = 4 }
        #expect(Set(PortClaim.listeningInodes(port: server.port)).count == 4)
    }

    @Test func Listeners_AreSeenBehindHundredsOfOthers_ByNetlinkAndByProc() throws {
        // /proc/net/tcp holds ~26 sockets per page: with 300 other listeners ours are pages in,
        // where a read of the first page only (Foundation's String(contentsOfFile:)) missed them.
        let others = try (0..<300).map { _ in try OtherServer() }
        let ours = try (0..<3).map { _ in try OtherServer() }
        #expect(others.count == 300)
        for server in ours {
            #expect(try #require(ListenerTable.inodes(port: server.port)).count == 1, "port \(server.port)")
            #expect(PortClaim.procListeningInodes(port: server.port).count == 1, "port \(server.port)")
        }
        let table = try #require(ProcFile.read("/proc/net/tcp"))
        #expect(table.split(separator: "\n").count > 300)
    }

    @Test func ListenerTable_ParsesADumpAndItsEnd() {
        var message: [UInt8] = []
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { message += $0 } }
        u32(88); message += [20, 0, 0x02, 0]; u32(1); u32(0)          // nlmsghdr, multi-part
        message += [2, 10, 0, 0, 0x20, 0xFB, 0, 0] + [UInt8](repeating: 0, count: 44)
        u32(0); u32(0); u32(0); u32(1000); u32(4242)                   // expires … inode
        u32(20); message += [3, 0, 0x02, 0]; u32(1); u32(0); u32(0)   // NLMSG_DONE
        #expect(ListenerTable.parse(message) == .done([.init(port: 8443, inode: 4242)], false))
        #expect(ListenerTable.request(family: 2).count == 72)
    }

    @Test func ProcNetTCP_ListenersAreReadByPortAndState() {
        let table = """
          sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
           0: 00000000:20FB 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4242 1 0000000000000000 100 0 0 10 0
           1: 0100007F:20FB 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 4343 1 0000000000000000 20 4 30 10 -1
           2: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4444 1 0000000000000000 100 0 0 10 0
        """
        #expect(PortClaim.parseListeners(table, port: 8443) == [4242])
        #expect(PortClaim.parseListeners(table, port: 8080) == [4444])
        #expect(PortClaim.parseListeners(table, port: 9999).isEmpty)
    }
}
