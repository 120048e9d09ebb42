/// The probes of the sequential page (docs/probes.md), in page order. Each area declares its
/// own in `Areas/<Area>/*.swift`, beside the diagnoses they can state and how they are
/// judged; this is only the order of the areas' lists. The observed fields are the contract
/// with the page: the page posts them, `ResultDecoder` checks their types, and `Diff` reads them.
enum StandardProbes {
    typealias F = ObservedField

    static let all: [Probe] = environment + hostReport + storage + network + media + camera + location + files + navigation + lifecycle + relaunch + confirmation

    /// Every failing observation the catalog models, area by area in page order.
    static let symptoms: [Symptom] = environmentSymptoms + storageSymptoms + networkSymptoms + navigationSymptoms + locationSymptoms + mediaSymptoms + cameraSymptoms + filesSymptoms + runSymptoms
}
