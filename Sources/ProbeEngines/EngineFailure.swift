/// Why a trial's engine could not be found, installed or started, in words that say what to
/// do. The CLI maps `reason` to its exit status (sysexits(3)); this target knows no statuses.
public struct EngineFailure: Error, CustomStringConvertible, Sendable {
    public enum Reason: Sendable {
        /// The engine hosts (Tests/engines) are not where they were looked for.
        case notFound
        /// The engine, its packages or the account to run it as are missing, or it cannot start.
        case unavailable
        /// A folder or file the engine needs (its profile, the scratch folder) cannot be made.
        case cannotCreate
    }

    public let reason: Reason
    public let description: String

    public init(_ reason: Reason, _ description: String) {
        self.reason = reason
        self.description = description
    }
}
