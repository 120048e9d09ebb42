import Foundation
import Testing
import TestSupport

/// C stays in the files that wrap it (docs/architecture.md, Modules): everything else speaks
/// Swift types, so a reader meets OpenSSL, epoll, zlib and SQLite in one place each.
@Suite struct CImportConfinementTests {
    /// Each C module, and the files (or folders, ending in `/`) of Sources/ that may import it.
    static let wrappers: [String: [String]] = [
        "COpenSSL": ["ProbeHTTP/TLS/", "ProbeClient/TLSClientSession.swift", "BeyondEssentials/Digest.swift"],
        "CEpoll": ["ProbeHTTP/Loop/EventLoop.swift", "ProbeHTTP/Loop/ReadinessPoller.swift", "ProbeHTTP/Socket/Socket.swift",
                   "ProbeHTTP/Loop/BackgroundLane.swift"],
        "CZlib": ["ProbeHTTP/Files/Gzip.swift"],
        "CSQLite": ["ProbeStore/SQLite", "ProbeStore/StoreError.swift"],
        "CPostgres": ["ProbeStore/PostgresConnection.swift", "ProbeStore/LibPQ.swift"],
    ]

    static var sources: URL {
        Repository.file("Sources")
    }

    @Test func CModules_AreImportedOnlyByTheFilesThatWrapThem() throws {
        let root = Self.sources.path
        let files = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50, "Sources not found at \(root)")
        var seen: Set<String> = []
        for file in files {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import C") {
                let module = String(line.dropFirst("import ".count)).trimmingCharacters(in: .whitespaces)
                guard let allowed = Self.wrappers[module] else { continue }
                seen.insert(module)
                let ok = allowed.contains { $0.hasSuffix(".swift") ? file == $0 : file.hasPrefix($0) }
                #expect(ok, "\(file) imports \(module); only \(allowed.joined(separator: ", ")) may: call a Swift wrapper there instead")
            }
        }
        // The scan found the wrappers themselves: it reads the right files.
        #expect(seen == Set(Self.wrappers.keys))
    }
}
