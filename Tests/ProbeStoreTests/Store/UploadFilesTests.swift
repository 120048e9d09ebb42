import Foundation
import Testing
@testable import ProbeStore

/// An upload's bytes are kept as the record says: a file of the owner's only, under the run's
/// folder, never over another file, and removed only inside the data folder.
@Suite struct UploadFilesTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "uploads-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func AnUpload_IsWrittenOwnerOnly_UnderItsRun_AndReadsBackAsSent() throws {
        let data = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let files = UploadFiles(dataDirectory: data)
        let bytes: [UInt8] = Array("%PDF-1.7 not really".utf8) + [0, 255, 10]
        let relative = try files.write(run: "r1", upload: "u1", bytes: bytes)
        #expect(relative == "uploads/r1/u1")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: data + "/" + relative))) == bytes)
        let mode = try FileManager.default.attributesOfItem(atPath: data + "/" + relative)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // O_EXCL: a second upload of the same id never writes over the first.
        #expect(throws: StoreError.self) { try files.write(run: "r1", upload: "u1", bytes: [1]) }
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: data + "/" + relative))) == bytes)
    }

    @Test func Removing_TouchesNothingOutsideTheDataFolder() throws {
        let data = try Self.folder()
        let outside = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: data); try? FileManager.default.removeItem(atPath: outside) }
        try Data("keep".utf8).write(to: URL(fileURLWithPath: outside + "/victim"))
        let files = UploadFiles(dataDirectory: data)
        let relative = try files.write(run: "r1", upload: "u1", bytes: [1, 2, 3])
        files.remove([relative, outside + "/victim", "../" + (outside as NSString).lastPathComponent + "/victim"])
        #expect(!FileManager.default.fileExists(atPath: data + "/" + relative))
        #expect(FileManager.default.fileExists(atPath: outside + "/victim"))
    }

    @Test func AFullDisk_IsTheStoresDiskFull() {
        #expect(StoreError.uploadFile(errno: ENOSPC, what: "write the upload").isDiskFull)
        #expect(!StoreError.uploadFile(errno: EACCES, what: "write the upload").isDiskFull)
        #expect(StoreError.uploadFile(errno: EACCES, what: "write the upload").isRetryable)
    }
}
