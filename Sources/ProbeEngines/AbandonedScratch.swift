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

/// The trial that made a scratch folder: its process id and that process's start time, so
/// that a later process given the same id (pids are reused) is not taken for it.
struct TrialOwner: Equatable {
    static let fileName = "owner"

    let pid: pid_t
    /// Field 22 of /proc/PID/stat, in clock ticks since boot (proc(5)); on Darwin the
    /// process's start in microseconds since the epoch (sysctl(3) KERN_PROC_PID). Only ever
    /// compared on the machine that wrote it.
    let startTime: UInt64

    var text: String { "\(pid) \(startTime)\n" }

    init(pid: pid_t, startTime: UInt64) {
        self.pid = pid
        self.startTime = startTime
    }

    init?(text: String) {
        let parts = text.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, let start = UInt64(parts[1]) else { return nil }
        self.init(pid: pid, startTime: start)
    }

    static func current() -> TrialOwner {
        TrialOwner(pid: getpid(), startTime: startTime(of: getpid()) ?? 0)
    }

    /// The start time of `pid`, nil when no such process exists.
    static func startTime(of pid: pid_t) -> UInt64? {
        #if !os(Linux)
        // No /proc on Darwin: the kernel's process record (sysctl(3), <sys/sysctl.h>), whose
        // length is 0 when no such process exists. p_starttime is a macro for this field
        // (<sys/proc.h>), and macros are not imported into Swift.
        var info = kinfo_proc()
        var length = MemoryLayout<kinfo_proc>.stride
        var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
        guard sysctl(&name, UInt32(name.count), &info, &length, nil, 0) == 0, length > 0 else { return nil }
        let start = info.kp_proc.p_un.__p_starttime
        return UInt64(start.tv_sec) * 1_000_000 + UInt64(start.tv_usec)
        #else
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return nil }
        // After the command name in parentheses (which may hold spaces): field 3 onwards.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
        #endif
    }

    var isAlive: Bool { Self.startTime(of: pid) == startTime }
}

/// Scratch folders a killed trial left: in the scratch base, named with the prefix, a real
/// folder (lstat: a symbolic link is never followed) owned by this user, holding an owner file
/// whose process is gone. A folder without one, another user's, or a live trial's is left
/// alone. /tmp is sticky (the usual 1777), so no other user can swap a folder found here for
/// a link between the check and the removal.
struct AbandonedScratch {
    let path: String
    /// The browser's folder in /tmp it names, if its browser's account could not reach it inside.
    let elsewhere: String?

    static func find(in base: String, prefix: String) -> [AbandonedScratch] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return [] }
        return names.filter { $0.hasPrefix(prefix) }.sorted().compactMap { name in
            let path = base + "/" + name
            guard isOwnedFolder(path, by: geteuid()),
                  let text = try? String(contentsOfFile: path + "/" + TrialOwner.fileName, encoding: .utf8),
                  isOwnedFile(path + "/" + TrialOwner.fileName, by: geteuid()),
                  let owner = TrialOwner(text: text), !owner.isAlive else { return nil }
            return AbandonedScratch(path: path, elsewhere: BrowserFolder.elsewhere(noted: path))
        }
    }

    /// A directory itself, not a link to one, owned by `uid`.
    static func isOwnedFolder(_ path: String, by uid: uid_t) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == uid
    }

    static func isOwnedFile(_ path: String, by uid: uid_t) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_uid == uid
    }
}
