import Foundation
import Testing
@testable import ProbeCatalog

/// The device-farm taps are declared on the probes (`tappedByFarms(clicks:)`) and read from
/// the export by every farm script (TapFarm through the CLI, Tests/engines/hosts/common.py,
/// examples/appium/probe_run.py): the export must carry them, and the declarations must
/// follow the rule of `Catalog.isFarmTappable`.
@Suite struct FarmTapTests {
    @Test func FarmTaps_AreTheFileAndWindowSteps_InPageOrder_FileCancelTappedTwice() {
        let taps = Catalog.standard.farmTaps
        #expect(taps.map(\.button) == ["tap-file-accept", "tap-file-cancel", "tap-file-heic", "tap-nav-windowOpen"])
        #expect(taps.map(\.clicks) == [1, 2, 1, 1])
    }

    /// The page names a step's button `'tap-' + slug(probe.id)`, slug making `.` a `-`
    /// (Public/app.js).
    @Test func Button_IsThePagesIdOfTheProbe() {
        #expect(FarmTap.button(of: "nav.windowOpen") == "tap-nav-windowOpen")
        for probe in Catalog.standard.probes {
            guard let tap = probe.farmTap else { continue }
            #expect(tap.button == "tap-" + probe.id.rawValue.replacingOccurrences(of: ".", with: "-"))
            #expect(tap.clicks >= 1)
        }
    }

    /// The rule: a farm answers a tap step by tapping, unless the step runs by itself
    /// unattended (camera.getUserMedia) or its result is a person's answer (file.capture,
    /// nav.customScheme, nav.returnUrl). Every tap step a farm can answer is declared, and
    /// no other step is.
    @Test func EveryTapStepAFarmCanAnswer_IsDeclared_AndNoOther() {
        for probe in Catalog.standard.probes {
            #expect((probe.farmTap != nil) == Catalog.isFarmTappable(probe),
                    "\(probe.id): declared \(probe.farmTap != nil), a farm can answer it \(Catalog.isFarmTappable(probe))")
        }
        let left = Catalog.standard.probes.filter { $0.kind == .tap && $0.farmTap == nil }.map(\.id)
        #expect(left == ["camera.getUserMedia", "file.capture", "nav.customScheme", "nav.returnUrl"])
    }

    /// `/api/config`, `/api/catalog` and `probe-server catalog --json` carry the export: each
    /// tap probe with its button and clicks, the others without the key.
    @Test func Export_CarriesEachFarmTap() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Catalog.standard.exportJSON().utf8)) as? [String: Any])
        let probes = try #require(object["probes"] as? [[String: Any]])
        var exported: [String: (String, Int)] = [:]
        for probe in probes {
            guard let tap = probe["farmTap"] as? [String: Any] else { continue }
            exported[try #require(probe["id"] as? String)] = (try #require(tap["button"] as? String), try #require(tap["clicks"] as? Int))
        }
        #expect(exported.count == Catalog.standard.farmTaps.count)
        for probe in Catalog.standard.probes {
            guard let tap = probe.farmTap else { continue }
            let pair = try #require(exported[probe.id.rawValue], "\(probe.id) has no farmTap in the export")
            #expect(pair.0 == tap.button && pair.1 == tap.clicks)
        }
        // The export decodes back to the same declaration.
        let decoded = try JSONDecoder().decode([Probe].self, from: JSONSerialization.data(withJSONObject: probes))
        #expect(decoded.compactMap(\.farmTap) == Catalog.standard.farmTaps)
    }
}
