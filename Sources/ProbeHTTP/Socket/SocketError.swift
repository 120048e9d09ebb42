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

/// A failed socket call, with `errno` and its text captured at the failing call.
public struct SocketError: Error, LocalizedError, CustomStringConvertible {
    public let call: String
    public let code: Int32
    public let detail: String

    public static func failed(_ call: String, detail: String = "") -> SocketError {
        SocketError(call: call, code: errno, detail: detail)
    }

    init(call: String, code: Int32, detail: String) {
        self.call = call
        self.code = code
        self.detail = detail
    }

    public var description: String {
        var text = "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        if !detail.isEmpty { text += " \(detail)" }
        switch code {
        case EADDRINUSE: text += "; another process listens on that port: stop it or pass --port"
        case EACCES: text += "; ports below 1024 need root: pass --port 8443 or higher"
        case EADDRNOTAVAIL: text += "; that address is not on this machine: check --host"
        default: break
        }
        return text
    }

    public var errorDescription: String? { description }
}
