import Foundation
import ProbeCatalog
import Testing
@testable import ProbeStore
@testable import ProbeStoreTesting

/// A run's typed fields (`Platform`, `DiffReport.Verdict`, `RunMetadata`) against the text
/// columns the stores keep them in.
@Suite struct RunRecordColumnsTests {
    @Test(arguments: StoreEngine.available) func TypedFields_ReadBackAsWritten(engine: StoreEngine) throws {
        try StoreFixtures.withStore(engine) { store, _ in
            var run = StoreFixtures.run(platform: .rnWebViewIOS)
            run.metadata["build"] = .number(42)
            run.metadata["wrapper"] = .string("capacitor")
            run.metadata["nightly"] = .bool(true)
            try store.createRun(run)
            try store.setVerdict(id: run.id, verdict: DiffReport.Verdict.notReady.rawValue)
            let stored = try #require(try store.run(id: run.id))
            #expect(stored.platform == .rnWebViewIOS)
            #expect(stored.metadata == run.metadata)
            #expect(stored.metadata.deviceModel == "Pixel 7")
            #expect(stored.metadata.appVersion == "1.2.3")
            #expect(stored.verdict == .notReady)
        }
    }

    @Test func Metadata_IsKeptAsTheObjectWithSortedKeys() {
        let metadata = RunMetadata(["wrapper": .string("maui"), "appVersion": .string("2.0"), "build": .number(7), "ci": .bool(false)])
        #expect(metadata.storedText == #"{"appVersion":"2.0","build":7,"ci":false,"wrapper":"maui"}"#)
        #expect(RunMetadata().storedText == "{}")
        #expect(RunMetadata(storedText: metadata.storedText) == metadata)
    }

    @Test func DeviceModel_IsDeviceModelElseDevice() {
        #expect(RunMetadata(["device": .string("iPhone 15")]).deviceModel == "iPhone 15")
        #expect(RunMetadata(["device": .string("iPhone 15"), "deviceModel": .string("Pixel 8")]).deviceModel == "Pixel 8")
        #expect(RunMetadata(["deviceModel": .number(8)]).deviceModel == nil)
    }

    /// A row of a later version (a platform or verdict this build does not know) or one
    /// written by hand (metadata that is no object) still reads: those fields as not set.
    @Test func UnknownStoredValues_ReadAsNotSet() throws {
        try StoreFixtures.withStore { store, directory in
            let run = StoreFixtures.run(platform: .androidWebView)
            try store.createRun(run)
            try store.completeRun(id: run.id, at: StoreFixtures.epoch.addingTimeInterval(60))
            do {
                let database = try SQLiteDatabase(path: directory + "/probe.sqlite", busyTimeoutMilliseconds: 5_000)
                try database.execute(
                    "UPDATE runs SET platform = 'ios-visionos', detected_platform = 'tv', verdict = 'maybe', metadata = '[1,2]' WHERE id = ?",
                    [run.id])
            }
            let stored = try #require(try store.run(id: run.id))
            #expect(stored.platform == nil)
            #expect(stored.detectedPlatform == nil)
            #expect(stored.verdict == nil)
            #expect(stored.metadata == RunMetadata())
            #expect(stored.isCompleted)
            #expect(!stored.isAnnounced)
        }
        let row: [String?] = ["r1", nil, "ios-visionos", "liveform", "not json", nil, "1790000000000", nil, "maybe",
                              "1790000000000", "tv", nil, "0"]
        let read = PostgresReads.run(row)
        #expect(read.platform == nil && read.detectedPlatform == nil && read.verdict == nil)
        #expect(read.metadata == RunMetadata())
    }
}
