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

/// A descriptor of `try` that a child program gets at `number` (Chromium's DevTools pipe is
/// read on 3 and written on 4, content/browser/devtools/devtools_pipe_handler.cc).
struct ChildDescriptor {
    let number: Int32
    let parent: Int32
}

/// A program started with fork and execve, for what posix_spawn(3) cannot do: run as another
/// account (setgroups, setgid, setuid after the fork), and get exactly the descriptors it is
/// handed. Between fork and execve the child makes only async-signal-safe calls
/// (signal-safety(7)): `try` has threads (a server it started runs in it), and a forked child
/// of a threaded process may not allocate. Everything it needs is prepared before the fork.
struct ForkedStart {
    let pid: pid_t

    /// What the child reports when it cannot exec: its errno, through a close-on-exec pipe that
    /// execve closes (read as end of file on success).
    static let failedExitStatus: Int32 = 127

    init(_ executable: String, _ arguments: [String], environment: [String: String], output: String?,
         ownProcessGroup: Bool, user: BrowserUser?, descriptors: [ChildDescriptor]) throws {
        guard let path = executable.contains("/") ? executable : ChildProcess.onPath(executable) else {
            throw ChildProcess.SpawnError(description: "cannot start \(executable): not found on PATH")
        }
        #if !canImport(Glibc)
        // Swift's Darwin module marks fork() unavailable ("Please use threads or
        // posix_spawn*()", stdlib/public/Platform/Platform.swift): the engines that need this
        // start (Chromium's DevTools pipe, a separate browser account) are Linux-only for now
        // (docs/macos.md).
        throw ChildProcess.SpawnError(description: "cannot start \(path) with the DevTools pipe or as another user: that is Linux-only for now; run `probe-server try` in the container (docs/container.md)")
        #else
        var opened: [Int32] = []
        defer { opened.forEach { _ = Glibc.close($0) } }
        func keep(_ fd: Int32, _ what: String) throws -> Int32 {
            guard fd >= 0 else {
                throw ChildProcess.SpawnError(description: "cannot start \(executable): \(what): \(String(cString: strerror(errno)))")
            }
            opened.append(fd)
            return fd
        }
        var plan: [(number: Int32, source: Int32)] = [(0, try keep(open("/dev/null", O_RDONLY | O_CLOEXEC), "/dev/null"))]
        if let output {
            let fd = try keep(open(output, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600), output)
            plan += [(1, fd), (2, fd)]
        }
        plan += descriptors.map { ($0.number, $0.parent) }
        // Each source moves above every target, so that no dup2 in the child overwrites a
        // source it has yet to copy.
        let floor = (plan.map(\.number).max() ?? 2) + 1
        plan = try plan.map { ($0.number, try keep(fcntl($0.source, F_DUPFD_CLOEXEC, floor), "dup")) }
        var report: [Int32] = [-1, -1]
        guard pipe(&report) == 0 else {
            throw ChildProcess.SpawnError(description: "cannot start \(executable): pipe: \(String(cString: strerror(errno)))")
        }
        let reportRead = try keep(fcntl(report[0], F_DUPFD_CLOEXEC, floor), "dup")
        let reportWrite = try keep(fcntl(report[1], F_DUPFD_CLOEXEC, floor), "dup")
        _ = Glibc.close(report[0])
        _ = Glibc.close(report[1])
        // Descriptors `try` holds that are not close-on-exec would reach the program (the
        // project opens its own with O_CLOEXEC; a library might not): the child closes every one
        // up to the highest open now.
        let highest = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) }.max() ?? 1024

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let cPath = strdup(path)
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
            free(cPath)
        }
        var empty = sigset_t()
        sigemptyset(&empty)
        let defaults = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

        let child = fork()
        if child == 0 {
            // The child: no allocation from here to execve.
            if ownProcessGroup { _ = setpgid(0, 0) }
            for step in plan { _ = dup2(step.source, step.number) }
            var fd = Int32(3)
            while fd <= highest {
                if fd != reportWrite && !plan.contains(where: { $0.number == fd }) { _ = Glibc.close(fd) }
                fd += 1
            }
            var failed = false
            if let user {
                failed = setgroups(0, nil) != 0 || setgid(user.gid) != 0 || setuid(user.uid) != 0
            }
            if !failed {
                for signal in defaults { _ = Glibc.signal(signal, SIG_DFL) }
                _ = sigprocmask(SIG_SETMASK, &empty, nil)
                execve(cPath!, argv, envp)
            }
            var code = errno
            _ = write(reportWrite, &code, MemoryLayout<Int32>.size)
            _exit(Self.failedExitStatus)
        }
        guard child > 0 else {
            throw ChildProcess.SpawnError(description: "cannot start \(executable): fork: \(String(cString: strerror(errno)))")
        }
        // Also here, so that the group exists before `try` signals it, whoever runs first.
        if ownProcessGroup { _ = setpgid(child, child) }
        _ = Glibc.close(reportWrite)
        opened.removeAll { $0 == reportWrite }
        var code: Int32 = 0
        var got = 0
        repeat { got = read(reportRead, &code, MemoryLayout<Int32>.size) } while got < 0 && errno == EINTR
        if got == MemoryLayout<Int32>.size {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            let step = user.map { "as \($0.name) (uid \($0.uid))" } ?? ""
            throw ChildProcess.SpawnError(description: "cannot start \(executable) \(step): \(String(cString: strerror(code)))")
        }
        pid = child
        #endif
    }
}
