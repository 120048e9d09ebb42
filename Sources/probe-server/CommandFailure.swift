import Foundation
import ProbeServer

/// A command that could not do its job: what to print and which status to exit with.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let exitCode: Int32

    init(_ message: String, exitCode: Int32) {
        description = message
        self.exitCode = exitCode
    }

    /// Maps the client's and the API's errors onto exit statuses, keeping their advice.
    static func from(_ error: any Error) -> CommandFailure {
        switch error {
        case let failure as CommandFailure:
            return failure
        case let api as ProbeAPIError:
            let message = api.localizedDescription
            switch api.status {
            case 401, 403: return CommandFailure(message, exitCode: ExitCode.noPermission)
            case 404: return CommandFailure(message, exitCode: ExitCode.noInput)
            case 400, 422: return CommandFailure(message, exitCode: ExitCode.usage)
            default: return CommandFailure(message, exitCode: ExitCode.unavailable)
            }
        case let client as HTTPClientError:
            if case .invalidURL = client { return CommandFailure(client.localizedDescription, exitCode: ExitCode.usage) }
            if case .cannotReadCAFile = client { return CommandFailure(client.localizedDescription, exitCode: ExitCode.noInput) }
            return CommandFailure(client.localizedDescription, exitCode: ExitCode.unavailable)
        default:
            let (code, message) = ExitCode.of(error)
            return CommandFailure(message, exitCode: code)
        }
    }
}
