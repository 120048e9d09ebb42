/// A `RunStore` whose writes all go through one `GroupCommitWriter` (`SQLiteRunStore`,
/// `PostgresRunStore`): submitting a write and the batching counters are the writer's, the
/// same for every engine, so they are written once here.
protocol GroupCommittedStore: RunStore {
    var writer: GroupCommitWriter { get }
}

extension GroupCommittedStore {
    public func submit(
        _ write: StoreWrite, completion: @escaping @Sendable (Result<StoreWriteOutcome, StoreError>) -> Void
    ) {
        writer.submit(write, completion: completion)
    }

    /// Transactions and writes committed so far: writes per transaction is the group
    /// commit's batching factor.
    public var writeStatistics: (transactions: Int, writes: Int) {
        let statistics = writer.statistics
        return (statistics.transactions, statistics.writes)
    }
}
