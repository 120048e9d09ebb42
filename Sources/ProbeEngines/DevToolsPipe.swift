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

/// The DevTools connection of `--remote-debugging-pipe`: Chromium reads commands on its
/// descriptor 3 and writes replies and events on 4, each message JSON ended by a NUL byte
/// (content/browser/devtools/devtools_pipe_handler.cc; Puppeteer's `pipe: true`). Unlike
/// `--remote-debugging-port`, whose loopback HTTP and WebSocket endpoint any local user can
/// connect to without a credential, only the process that holds these descriptors can drive
/// the browser. Chromium ends when the pipe closes, so the browser does not outlive `try`.
final class DevToolsPipe: @unchecked Sendable {
    static let browserReads: Int32 = 3
    static let browserWrites: Int32 = 4
    /// Far beyond the farm's replies (a few KiB: targets, evaluated JSON); a longer message
    /// is not one the farm asked for, and is refused rather than buffered without end.
    static let maxMessageBytes = 16 << 20
    static let readChunkBytes = 64 << 10

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private var commands: Int32
    private var replies: Int32
    /// The browser's ends, closed here once it has them.
    private var browserEnds: [Int32]
    private var buffer: [UInt8] = []
    private let lock = Lock()

    init() throws {
        var toBrowser: [Int32] = [-1, -1]
        var fromBrowser: [Int32] = [-1, -1]
        guard pipe(&toBrowser) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&fromBrowser) == 0 else {
            toBrowser.forEach { _ = closeDescriptor($0) }
            throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        for fd in toBrowser + fromBrowser { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        commands = toBrowser[1]
        replies = fromBrowser[0]
        browserEnds = [toBrowser[0], fromBrowser[1]]
    }

    /// What the browser's process gets: the read end of the commands at 3, the write end of the replies at 4.
    var childDescriptors: [ChildDescriptor] {
        [ChildDescriptor(number: Self.browserReads, parent: browserEnds[0]),
         ChildDescriptor(number: Self.browserWrites, parent: browserEnds[1])]
    }

    /// After the browser started: its ends are its own, and the replies end at its exit.
    func browserStarted() {
        browserEnds.forEach { _ = closeDescriptor($0) }
        browserEnds = []
    }

    func send(_ text: String) throws {
        var bytes = Array(text.utf8)
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "Chromium closed the DevTools pipe (\(String(cString: strerror(errno))))") }
            sent += n
        }
    }

    /// The next message, waiting up to `timeoutSeconds`; nil when the browser closed its end.
    func receive(timeoutSeconds: Double) throws -> String? {
        let deadline = Date() + timeoutSeconds
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                return message
            }
            guard buffer.count <= Self.maxMessageBytes else {
                throw Failure(description: "a DevTools message longer than \(Self.maxMessageBytes) bytes")
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "Chromium did not answer within \(timeoutSeconds) s") }
            var ready = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(min(left, 1) * 1000) + 1)
            if polled < 0 && errno != EINTR { throw Failure(description: "poll: \(String(cString: strerror(errno)))") }
            guard polled > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: Self.readChunkBytes)
            let n = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            buffer += chunk[..<n]
        }
    }

    /// Closing the commands' end tells Chromium to quit (it reads end of file).
    func close() {
        lock.withLock {
            for fd in [commands, replies] + browserEnds where fd >= 0 { _ = closeDescriptor(fd) }
            commands = -1
            replies = -1
            browserEnds = []
        }
    }
}

/// close(2), which the pipe's own `close()` hides inside the class (the qualified spelling
/// differs: `Glibc.close`, `Darwin.close`).
private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
