import Foundation
import Testing
@testable import ProbeEngines

/// A trial's private folder: made with its owner's note in it, gone after `remove`.
@Suite struct ScratchFolderTests {
    @Test func ScratchFolder_HoldsItsOwnersNote_AndIsGoneAfterRemove() throws {
        let folder = try ScratchFolder()
        #expect(folder.path.contains("/" + ScratchFolder.prefix))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/" + TrialOwner.fileName))
        folder.remove()
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
