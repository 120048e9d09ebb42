#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeServer
import ProbeHTTP

/// A command that could not do its job, in the command's own words: what to print and which
/// status to exit with. For a failure the domain's errors do not describe (a file that is not
/// results, a folder that cannot be written); the domain's own errors are thrown as they are
/// and mapped by `ExitCode.of`.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let exitCode: Int32

    init(_ message: String, exitCode: Int32) {
        description = message
        self.exitCode = exitCode
    }
}

/// A server (`serve`'s, or the one `try` starts) could not start: its address is taken or
/// cannot be bound (71), or its data folder, certificates or store cannot be set up (73).
/// `ProbeService` throws many kinds of errors while it sets up; the start is what tells which
/// status they mean.
struct ServerStartFailure: Error, CustomStringConvertible {
    let cause: any Error
    /// Said before the cause (`try`: "cannot start a server: ").
    var prefix = ""
    /// Said after the cause when the address is at fault.
    var addressAdvice = ""

    var addressAtFault: Bool { cause is SocketError || cause is PortInUse }
    var exitCode: Int32 { addressAtFault ? ExitCode.osError : ExitCode.cannotCreate }
    var description: String { prefix + "\(cause)" + (addressAtFault ? addressAdvice : "") }

    /// Starts the service; any error it throws becomes a `ServerStartFailure`.
    static func start(_ options: ServiceOptions, prefix: String = "", addressAdvice: String = "") throws -> ProbeService {
        do {
            return try ProbeService(options: options) { router in Routes.register(into: &router) }
        } catch {
            throw ServerStartFailure(cause: error, prefix: prefix, addressAdvice: addressAdvice)
        }
    }
}
