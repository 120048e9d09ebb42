/// Values kept within a byte budget, the oldest kept going first: what `RunJudgements`
/// (decoded judgements) and `ReportBodies` (served reports) hold. A value with its size in
/// bytes; one larger than the budget is not kept. Not thread-safe: its owners hold it in a
/// `Mutex`.
public struct KeptByBytes<Key: Hashable, Value> {
    public let capacity: Int
    private var entries: [Key: (value: Value, bytes: Int)] = [:]
    private var order: [Key] = []
    public private(set) var bytes = 0

    public init(capacity: Int) { self.capacity = capacity }

    public subscript(key: Key) -> Value? { entries[key]?.value }

    public mutating func keep(_ value: Value, bytes size: Int, for key: Key) {
        guard size <= capacity else { return }
        remove(key)
        entries[key] = (value, size)
        order.append(key)
        bytes += size
        while bytes > capacity, let oldest = order.first { remove(oldest) }
    }

    public mutating func remove(_ key: Key) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        bytes -= entry.bytes
        if let index = order.firstIndex(of: key) { order.remove(at: index) }
    }

    public mutating func removeAll(where shouldRemove: (Key) -> Bool) {
        for key in order where shouldRemove(key) { remove(key) }
    }
}
