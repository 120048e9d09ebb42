import Foundation

/// The repository's files, found from this file wherever the tests are laid out: the
/// nearest folder above it that holds Package.swift, so moving a test file between the
/// test targets never changes which file it reads.
public enum Repository {
    public static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
            directory = directory.deletingLastPathComponent()
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    /// `relative` under the repository's root, e.g. `Tests/reports/junit-10.xsd`.
    public static func file(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}
