#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The kernel's table of listening TCP sockets, asked through the sock_diag netlink interface
/// (sock_diag(7)), the one `ss` uses.
///
/// Why not /proc/net/tcp alone: that file is produced a page (about 26 sockets) per read(2);
/// Foundation's `String(contentsOfFile:)` returns only that first page (see `ProcFile`), and a
/// table read page by page resumes by position, so a socket that closes between two reads can
/// shift the next line out of sight (fs/seq_file.c). A sock_diag dump filtered to LISTEN
/// answers up to ~400 sockets per netlink message, each hash bucket read under its lock.
/// /proc/net/tcp, read whole, stays as the fallback where netlink is refused (a seccomp
/// profile, say).
enum ListenerTable {
    /// Inodes of the sockets listening on `port`, IPv4 and IPv6; nil when netlink is unavailable.
    static func inodes(port: UInt16) -> [UInt64]? {
        var all: [UInt64] = []
        for family in [UInt8(AF_INET), UInt8(AF_INET6)] {
            guard let listeners = dump(family: family) else { return nil }
            all += listeners.filter { $0.port == port }.map(\.inode)
        }
        return all
    }

    struct Listener: Equatable { let port: UInt16; let inode: UInt64 }

    // linux/netlink.h, linux/sock_diag.h, linux/inet_diag.h
    private static let netlinkSockDiag: Int32 = 4          // NETLINK_SOCK_DIAG
    private static let sockDiagByFamily: UInt16 = 20       // SOCK_DIAG_BY_FAMILY
    private static let requestDump: UInt16 = 0x1 | 0x300   // NLM_F_REQUEST | NLM_F_DUMP
    private static let dumpInterrupted: UInt16 = 0x10      // NLM_F_DUMP_INTR: the table changed mid-dump
    private static let messageDone: UInt16 = 3             // NLMSG_DONE
    private static let messageError: UInt16 = 2            // NLMSG_ERROR
    private static let tcpListen: UInt32 = 10              // TCP_LISTEN (include/net/tcp_states.h)
    /// A dump that the kernel flags as interrupted is read again, a few times at most.
    private static let interruptedRetries = 3

    /// Every listening TCP socket of one address family.
    static func dump(family: UInt8) -> [Listener]? {
        for _ in 0...interruptedRetries {
            guard let (listeners, interrupted) = dumpOnce(family: family) else { return nil }
            if !interrupted { return listeners }
        }
        return dumpOnce(family: family)?.0
    }

    private static func dumpOnce(family: UInt8) -> ([Listener], Bool)? {
        #if !os(Linux)
        // netlink is Linux's; elsewhere `PortClaim` has no table to read, and a port that
        // is not shared (one listener, `Socket.spreadsAcrossListeners`) needs none.
        return nil
        #else
        let fd = socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), netlinkSockDiag)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let request = request(family: family)
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        guard sent == request.count else { return nil }

        var listeners: [Listener] = []
        var interrupted = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            switch parse(Array(buffer[0..<n])) {
            case .more(let found, let intr):
                listeners += found; interrupted = interrupted || intr
            case .done(let found, let intr):
                return (listeners + found, interrupted || intr)
            case .failed:
                return nil
            }
        }
        #endif
    }

    /// nlmsghdr (16 bytes) + inet_diag_req_v2 (56 bytes), host byte order as netlink wants.
    static func request(family: UInt8) -> [UInt8] {
        var bytes: [UInt8] = []
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        u32(72); u16(sockDiagByFamily); u16(requestDump); u32(1); u32(0)
        bytes += [family, UInt8(IPPROTO_TCP), 0, 0]   // sdiag_family, sdiag_protocol, idiag_ext, pad
        u32(1 << tcpListen)                           // idiag_states
        bytes += [UInt8](repeating: 0, count: 48)     // inet_diag_sockid: unused by a dump
        return bytes
    }

    enum Chunk: Equatable { case more([Listener], Bool), done([Listener], Bool), failed }

    /// One datagram of netlink messages: each is nlmsghdr then inet_diag_msg, whose
    /// `id.idiag_sport` (big-endian) sits at 4 and `idiag_inode` at 68.
    static func parse(_ data: [UInt8]) -> Chunk {
        func u32(_ at: Int) -> UInt32 { UInt32(data[at]) | UInt32(data[at+1]) << 8 | UInt32(data[at+2]) << 16 | UInt32(data[at+3]) << 24 }
        func u16(_ at: Int) -> UInt16 { UInt16(data[at]) | UInt16(data[at+1]) << 8 }
        var found: [Listener] = []
        var interrupted = false
        var offset = 0
        while offset + 16 <= data.count {
            let length = Int(u32(offset))
            guard length >= 16, offset + length <= data.count else { return .failed }
            let type = u16(offset + 4)
            interrupted = interrupted || u16(offset + 6) & dumpInterrupted != 0
            if type == messageDone { return .done(found, interrupted) }
            if type == messageError { return .failed }
            if type == sockDiagByFamily, length >= 16 + 72 {
                let body = offset + 16
                let port = UInt16(data[body + 4]) << 8 | UInt16(data[body + 5])
                let inode = UInt64(u32(body + 68))
                if inode != 0 { found.append(Listener(port: port, inode: inode)) }
            }
            offset += (length + 3) & ~3
        }
        return .more(found, interrupted)
    }
}
