import Synchronization

extension Atomic where Value == Bool {
    var value: Bool { load(ordering: .acquiring) }
    func set(_ v: Bool) { store(v, ordering: .releasing) }
}
