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
import BeyondEssentials

/// One server per port. The event loops of this process share each port through
/// SO_REUSEPORT, but that option also lets any other process of the same user bind the same
/// port, and the kernel then spreads connections between the two (socket(7), SO_REUSEPORT):
/// phones would meet two CAs and two data folders. So a port is claimed first with a bind
/// that does not ask for SO_REUSEPORT (it fails with EADDRINUSE while anyone listens there),
/// and after our own listeners are bound, the kernel's socket table (sock_diag(7), or
/// /proc/net/tcp: proc(5)) is read for listeners on the port that are not ours, which closes the race of
/// two servers starting at the same instant. Darwin has neither table, and needs none: its
/// one listener per port is bound without SO_REUSEPORT (`Socket.spreadsAcrossListeners`).
enum PortClaim {
    /// True when nobody listens on the address's port (an exclusive bind succeeds).
    static func isFree(_ address: SocketAddress) -> Bool {
        let fd = Socket.stream(family: address.family, nonBlocking: false)
        guard fd >= 0 else { return true }  // the real bind will say what is wrong
        defer { close(fd) }
        var on: Int32 = 1
        // SO_REUSEADDR: connections of an earlier run in TIME_WAIT do not hold the port.
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if address.family == AF_INET6 {
            var v6only: Int32 = address.isUnspecified ? 0 : 1
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &v6only, socklen_t(MemoryLayout<Int32>.size))
        }
        let rc = address.withSockAddr { bind(fd, $0, $1) }
        return rc == 0 || errno != EADDRINUSE
    }

    /// Listening sockets on `port` that are not among `ours`, with the processes that hold
    /// them where /proc lets us see them.
    static func foreignListeners(port: UInt16, ours: [Int32]) -> [PortHolder] {
        let own = Set(ours.compactMap(socketInode))
        let others = Set(listeningInodes(port: port)).subtracting(own)
        guard !others.isEmpty else { return [] }
        let holders = holders(of: others)
        return holders.isEmpty ? [PortHolder(pid: nil, command: nil)] : holders
    }

    /// Who listens on `port` (for the message when the claim fails).
    static func holders(port: UInt16) -> [PortHolder] {
        holders(of: Set(listeningInodes(port: port)))
    }

    /// The inodes of the sockets in state LISTEN on `port`, IPv4 and IPv6: from the kernel's
    /// sock_diag dump, or from /proc/net/tcp where netlink is refused (see `ListenerTable`).
    static func listeningInodes(port: UInt16) -> [UInt64] {
        ListenerTable.inodes(port: port) ?? procListeningInodes(port: port)
    }

    /// The same from /proc/net/tcp and tcp6, read whole.
    static func procListeningInodes(port: UInt16) -> [UInt64] {
        var inodes: [UInt64] = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = ProcFile.read(table) else { continue }
            inodes += parseListeners(text, port: port)
        }
        return inodes
    }

    /// Parses one /proc/net/tcp table: `sl local_address rem_address st … uid timeout inode`,
    /// addresses as `HEXADDR:HEXPORT`.
    static func parseListeners(_ table: String, port: UInt16) -> [UInt64] {
        var out: [UInt64] = []
        for line in table.split(separator: "\n").dropFirst() {
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            guard f.count > 9, f[3] == "0A",
                  let colon = f[1].lastIndex(of: ":"),
                  UInt16(f[1][f[1].index(after: colon)...], radix: 16) == port,
                  let inode = UInt64(f[9]), inode != 0 else { continue }
            out.append(inode)
        }
        return out
    }

    private static func socketInode(_ fd: Int32) -> UInt64? {
        var st = stat()
        return fstat(fd, &st) == 0 ? UInt64(st.st_ino) : nil
    }

    /// The processes whose descriptors are these sockets (`/proc/PID/fd/N -> socket:[INODE]`).
    private static func holders(of inodes: Set<UInt64>) -> [PortHolder] {
        guard !inodes.isEmpty, let pids = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var found: [PortHolder] = []
        for pid in pids.compactMap({ Int32($0) }) {
            guard let fds = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { continue }
            let holds = fds.contains { fd in
                guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
                      link.hasPrefix("socket:["), let inode = UInt64(link.dropFirst(8).dropLast()) else { return false }
                return inodes.contains(inode)
            }
            if holds {
                let command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
                    .trimming(.whitespacesAndNewlines)
                found.append(PortHolder(pid: pid, command: command))
            }
        }
        return found
    }
}

/// A process that listens on a port we wanted.
public struct PortHolder: Sendable, Equatable, CustomStringConvertible {
    public let pid: Int32?
    public let command: String?
    public var description: String {
        switch (pid, command) {
        case let (pid?, command?): return "pid \(pid) (\(command))"
        case let (pid?, nil): return "pid \(pid)"
        default: return "a process this user cannot see"
        }
    }
}

/// The port is served by another process: exit 71 with what to do.
public struct PortInUse: Error, LocalizedError, CustomStringConvertible {
    public let port: UInt16
    /// The option that sets this port (`--port`, `--setup-port`, …).
    public let option: String
    public let holders: [PortHolder]

    public var description: String {
        var text = "port \(port) is already served"
        if !holders.isEmpty { text += " by " + holders.map(\.description).joined(separator: ", ") }
        text += ": stop that server, or pass \(option) with a free port"
        return text
    }
    public var errorDescription: String? { description }
}
