#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension EventLoop {
    func dateLine() -> [UInt8] { dateCache.current() }

    /// Buffers one access-log line: time, peer, method, target, status, bytes, duration.
    /// The target and note are attacker-controlled and are sanitised.
    func logAccess(peer: String, method: String, target: String, status: Int, bytes: Int,
                   startedAt: Instant, note: String? = nil) {
        guard accessLogEnabled else { return }
        let micros = EventLoop.monotonicNow().since(startedAt) / 1000
        let ms = "\(micros / 1000).\(String(micros % 1000).leftPadded(3))"
        var line = "\(Logger.timestamp()) access \(peer) \(Logger.sanitize(method, max: 16)) \(Logger.sanitize(LoggedTarget.redacted(target, hiding: secretQueryParameters))) \(status) \(bytes)B \(ms)ms"
        if let note { line += " \"\(Logger.sanitize(note, max: 160))\"" }
        line += "\n"
        accessLog.append(contentsOf: line.utf8)
        if accessLog.count > 64 * 1024 { flushAccessLog() }
    }

    func flushAccessLog() {
        guard !accessLog.isEmpty else { return }
        accessLog.withUnsafeBytes { p in
            var offset = 0
            while offset < p.count {
                let n = write(accessLogFD, p.baseAddress! + offset, p.count - offset)
                if n <= 0 { break }
                offset += n
            }
        }
        accessLog.removeAll(keepingCapacity: true)
    }
}
