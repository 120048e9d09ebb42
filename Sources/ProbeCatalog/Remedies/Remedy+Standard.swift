/// The standard fixes are declared in each area's file (`Areas/<Area>/*.swift`), beside
/// the findings that carry them, each traced to the docs/requirements.md section that states it,
/// as code to paste (what it does in `//` comments) with the page documenting its API (`docs`).
/// `id.example.com` stands for the app's own origin. Lines stay within `Remedy.lineLimit`.
/// Here: what fixes of several areas cite.
extension Remedy {
    static let rnReference = WrapperCatalog.rnReference
}
