import Foundation
import Testing

/// The built `probe-server` binary itself.
@Suite struct BinaryTests {
    /// The binary names no libpq among the libraries the loader maps at start (readelf's
    /// NEEDED entries), and still has the ones it does use.
    @Test func Binary_HasNoNeededEntryForLibpq() throws {
        let readelf = "/usr/bin/readelf"
        try #require(FileManager.default.isExecutableFile(atPath: readelf), "readelf (binutils) is not installed")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: readelf)
        process.arguments = ["-d", CLITests.binary]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let needed = text.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libsqlite3") }, "\(text)")
        #expect(!needed.contains { $0.contains("libpq") }, "\(needed)")
    }
}
