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

/// A program `try` starts (a browser, an engine host, apt-get) in a process group of its
/// own, so that stopping it also stops what it started: Chromium's zygote, GPU and renderer
/// processes, the Xvfb of xvfb-run. Spawned with the default signal mask and dispositions,
/// whatever `try` blocks for itself (posix_spawn(3): POSIX_SPAWN_SETSIGMASK, SETSIGDEF).
final class ChildProcess {
    let pid: pid_t
    let executable: String
    private(set) var exitStatus: Int32?

    /// How long a stopped program gets to end after SIGTERM before the group gets SIGKILL:
    /// Chromium writes its profile and ends its children within about a second.
    static let stopGraceSeconds = 5.0
    static let pollIntervalMicroseconds: useconds_t = 50_000

    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    /// `output`: a file for stdout and stderr; nil inherits the terminal. `user`: the account
    /// the program runs as (set after fork, before exec); `descriptors`: parent descriptors the
    /// program gets at the given numbers (`ChildDescriptor`), e.g. the DevTools pipe at 3 and 4.
    init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
         output: String? = nil, ownProcessGroup: Bool = true, user: BrowserUser? = nil,
         descriptors: [ChildDescriptor] = []) throws {
        self.executable = executable
        if user != nil || !descriptors.isEmpty {
            pid = try ForkedStart(executable, arguments, environment: environment ?? ProcessInfo.processInfo.environment,
                                  output: output, ownProcessGroup: ownProcessGroup, user: user, descriptors: descriptors).pid
            return
        }
        // An opaque pointer in Darwin's <spawn.h>, a struct in glibc's: both start empty here.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let output {
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        if ownProcessGroup { flags |= Int32(POSIX_SPAWN_SETPGROUP) }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        posix_spawnattr_setpgroup(&attributes, 0)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        self.pid = pid
    }

    /// The exit status (128 + signal when killed), without reaping: nil while it runs.
    var hasExited: Int32? {
        if let exitStatus { return exitStatus }
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info.childPID == pid else {
            return nil
        }
        let code = info.childStatus
        return info.si_code == CLD_EXITED ? code : 128 + code
    }

    /// Waits for the end and reaps; the exit status (128 + signal when killed).
    @discardableResult
    func waitForExit() -> Int32 {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = code
        return code
    }

    /// Gives a program that ends by itself (an engine host quits once the page has finished)
    /// up to `seconds` to do so; true when it did.
    func exits(within seconds: Double) -> Bool {
        let deadline = Date() + seconds
        while hasExited == nil && Date() < deadline { usleep(Self.pollIntervalMicroseconds) }
        return hasExited != nil
    }

    /// SIGTERM to the whole group, SIGKILL to what is left after the grace, then reaps the
    /// leader. The leader is reaped after the SIGKILL so that its pid, the group's id, is not
    /// reused by an unrelated process while the group is signalled.
    func stop(grace: Double = ChildProcess.stopGraceSeconds) {
        guard exitStatus == nil else { return }
        kill(-pid, SIGTERM)
        _ = exits(within: grace)
        kill(-pid, SIGKILL)
        waitForExit()
        // SIGKILL is delivered at once but the group's processes end (and are reaped by
        // init) a moment later: wait until none is left, so that nothing outlives `try`.
        let gone = Date() + grace
        while kill(-pid, 0) == 0 && Date() < gone { usleep(Self.pollIntervalMicroseconds) }
    }

    /// Runs a program in the foreground (its output on the terminal) and returns its status.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Int32 {
        let child = try ChildProcess(executable, arguments, environment: environment, ownProcessGroup: false)
        return child.waitForExit()
    }

    /// Runs a program quietly and tells whether it exited 0 (a check such as `dpkg -s`).
    static func succeeds(_ executable: String, _ arguments: [String]) -> Bool {
        guard let child = try? ChildProcess(executable, arguments, output: "/dev/null", ownProcessGroup: false) else { return false }
        return child.waitForExit() == 0
    }

    /// The first executable file named `name` on PATH, or nil.
    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}

extension siginfo_t {
    /// The child that `waitid` reported, and its exit status or signal (waitid(2)): a union
    /// member in glibc's <bits/types/siginfo_t.h>, plain fields in Darwin's <sys/signal.h>.
    var childPID: pid_t {
        #if canImport(Glibc)
        _sifields._sigchld.si_pid
        #else
        si_pid
        #endif
    }

    var childStatus: Int32 {
        #if canImport(Glibc)
        _sifields._sigchld.si_status
        #else
        si_status
        #endif
    }
}
