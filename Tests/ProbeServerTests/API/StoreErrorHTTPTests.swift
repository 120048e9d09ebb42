import Testing
@testable import ProbeServer
@testable import ProbeStore

/// What a store's error becomes in a response (`StoreError+HTTP`).
@Suite struct StoreErrorHTTPTests {
    /// A store that lost its database (PostgreSQL down: PostgresStoreTests) answers 503
    /// `store_unavailable`, saying nothing was stored.
    @Test func UnavailableStore_Is503_SayingTheDatabaseIsUnreachable() {
        let error = StoreError.unavailable(PostgresError(sqlState: nil, message: "server closed the connection unexpectedly",
                                                         sql: nil, isConnectionLost: true))
        #expect(error.httpError.status == .serviceUnavailable)
        #expect(error.httpError.code == "store_unavailable")
        #expect(error.httpError.message.contains("unreachable"))
    }
}
