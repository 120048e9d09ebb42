/// What a run shows of the release of one wrapper's code: the release itself (a host report's
/// `host.wrapperVersion`, Cordova's `cordova.version`, the device's for the platform's own
/// table), or bounds from the bridge members the page found (`ReleaseMarker`). A row for some
/// releases (`versions`) is left out where the evidence excludes them, and is weighed as
/// holding where the evidence lies inside them (`SettingRowJudge`).
struct ReleaseEvidence: Equatable {
    /// The release, where the run names it.
    var exact: Version?
    /// The lowest release the markers found allow, and the release they are all before.
    var atLeast: Version?
    var below: Version?
    /// The markers that set the bounds, in words ("Capacitor.isNativePlatform, from 3.0.0").
    var markers: [String] = []

    static func release(_ version: Version) -> ReleaseEvidence { ReleaseEvidence(exact: version) }

    /// The bounds the markers of `names` the page found set, on this family's bridge.
    static func markers(_ names: WrapperSignalNames, found: [String], family: Platform.Family?) -> ReleaseEvidence? {
        var evidence = ReleaseEvidence()
        for marker in names.releaseMarkers where found.contains(marker.path) && (marker.family == nil || marker.family == family) {
            if let from = marker.releases.from, evidence.atLeast.map({ from > $0 }) ?? true { evidence.atLeast = from }
            if let before = marker.releases.before, evidence.below.map({ before < $0 }) ?? true { evidence.below = before }
            evidence.markers.append("\(marker.path), \(marker.releases.words)")
        }
        return evidence.markers.isEmpty ? nil : evidence
    }

    /// True when no release the evidence allows is in `range`.
    func excludes(_ range: VersionRange) -> Bool {
        if let exact { return !range.contains(exact) }
        if let before = range.before, let atLeast, before <= atLeast { return true }
        if let from = range.from, let below, from >= below { return true }
        return false
    }

    /// True when every release the evidence allows is in `range`.
    func within(_ range: VersionRange) -> Bool {
        if let exact { return range.contains(exact) }
        let fromHolds = range.from.map { from in atLeast.map { $0 >= from } ?? false } ?? true
        let beforeHolds = range.before.map { before in below.map { $0 <= before } ?? false } ?? true
        return fromHolds && beforeHolds
    }

    /// "the bridge has Capacitor.isNativePlatform, from 3.0.0": what the markers showed.
    var words: String? {
        markers.isEmpty ? nil : "the bridge has " + markers.joined(separator: "; ")
    }
}
