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

/// The account the trial's Chromium runs as. Chromium refuses to run as root with its sandbox
/// on ("Running as root without --no-sandbox is not supported", https://crbug.com/638180), and
/// a root browser without its sandbox is a root process that parses the web. So `try`, when
/// started as root, runs the browser as an unprivileged account instead, with the sandbox on;
/// started as anyone else, it runs it as that user (nil here: nothing to change).
///
/// Debian's chromium ships no setuid `chrome-sandbox` helper: its sandbox needs unprivileged
/// user namespaces (https://chromium.googlesource.com/chromium/src/+/main/docs/linux/sandboxing.md).
/// Where the kernel refuses them, Chromium exits with "No usable sandbox!" and `try` says how
/// to allow them (`sandboxHelp`).
public struct BrowserUser: Equatable, Sendable {
    let name: String
    let uid: uid_t
    let gid: gid_t

    /// An account of its own, nothing else runs as it: no other process of that user can read
    /// the browser's memory or its /proc files (ptrace access mode, proc(5)), or signal it. Never
    /// the shared `nobody`, whose other processes (NFS, daemons) could do all three.
    static let accountName = "probe-browser"

    /// How `try` makes the account when it is missing (useradd(8)): a system account, no home
    /// folder (the browser's HOME is its profile), no login shell.
    static let createArguments = ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", accountName]
    static let createCommand = "useradd " + createArguments.joined(separator: " ")

    /// nil when `try` does not run as root: the browser then runs as the user who started it.
    /// As root: the dedicated account, created here when it is missing.
    static func forTrial(say: (String) -> Void = { _ in }) throws -> BrowserUser? {
        guard geteuid() == 0 else { return nil }
        if lookUp(accountName) == nil {
            say("creating the \(accountName) account, which runs the trial's Chromium: \(createCommand)")
            let status = (try? ChildProcess.run(ChildProcess.onPath("useradd") ?? "/usr/sbin/useradd", createArguments)) ?? -1
            guard status == 0 || lookUp(accountName) != nil else {
                throw EngineFailure(.unavailable, "probe-server try runs Chromium with its sandbox, which Chromium refuses as root, as an "
                    + "account of its own, \(accountName), which does not exist and could not be created (useradd "
                    + (status < 0 ? "not found" : "exited \(status)") + "); create it with\n  \(createCommand)\n"
                    + "or run `probe-server try` as an unprivileged user")
            }
        }
        guard let user = lookUp(accountName), user.uid != 0, user.gid != 0 else {
            throw EngineFailure(.unavailable, "the \(accountName) account has uid or gid 0, so Chromium would run as root; "
                + "remove it (userdel \(accountName)) and let `probe-server try` create it, or run `\(createCommand)`")
        }
        return user
    }

    static func lookUp(_ name: String) -> BrowserUser? {
        guard let entry = getpwnam(name) else { return nil }
        return BrowserUser(name: name, uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid)
    }

    /// Makes `path` and everything under it this user's, so that the browser can write its profile.
    func own(_ path: String) throws {
        var paths = [path]
        if let below = try? FileManager.default.subpathsOfDirectory(atPath: path) {
            paths += below.map { path + "/" + $0 }
        }
        for item in paths where lchown(item, uid, gid) != 0 {
            throw EngineFailure(.cannotCreate, "cannot hand \(item) to the \(name) account: \(String(cString: strerror(errno)))")
        }
    }

    /// True when this user can reach `path`: every folder above it is searchable by the user
    /// (path_resolution(7)). The trial's scratch folder goes elsewhere when it is not.
    func canReach(_ path: String) -> Bool {
        var folder = path.deletingLastPathComponent
        while !folder.isEmpty {
            var info = stat()
            guard stat(folder, &info) == 0 else { return false }
            let mode = info.st_mode
            let searchable = info.st_uid == uid ? mode & S_IXUSR != 0 : (info.st_gid == gid ? mode & S_IXGRP != 0 : mode & S_IXOTH != 0)
            if !searchable { return false }
            if folder == "/" { break }
            folder = folder.deletingLastPathComponent
        }
        return true
    }

    /// What Chromium prints when its sandbox cannot start, and how to allow it.
    public static let noSandboxMessage = "No usable sandbox!"
    public static let sandboxHelp = """
        Chromium's sandbox could not start: Debian's chromium needs unprivileged user namespaces.
        Allow them (as root) with
          sysctl -w kernel.unprivileged_userns_clone=1   (Debian kernels)
          sysctl -w kernel.apparmor_restrict_unprivileged_userns=0   (Ubuntu 23.10 and later)
        or, in a container, run it with user namespaces allowed (Docker: --security-opt seccomp=unconfined);
        a chroot can never create one (user_namespaces(7): EPERM in a chroot), so run it outside;
        `unshare --user true` run as the browser's user tells whether they are. probe-server try never turns the sandbox off.
        """
}
