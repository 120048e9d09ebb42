/// The wrappers as `catalog --json` exports them under `wrappers`: each one's detection
/// signals, versions, the short defaults the diagnosis reads, and the full settings table.
struct WrapperExport: Encodable {
    struct Setting: Encodable {
        let id: String
        let name: String
        let area: String
        let family: String?
        let current: WrapperSettingRow.Versioned
        let previous: WrapperSettingRow.Versioned?
        let nativeCall: String
        let probes: [ProbeID]
        let whenWrong: String
        /// The predicate per probe that makes the row a cause (docs/wrapper-data.md).
        let when: ProbeObservations
        let unless: ProbeObservations?
        let cause: Cause
        /// The plugin whose own WebView the row is about, when it is one.
        let plugin: String?
        /// True when the default at `current` fails the row's probes (docs/wrapper-data.md); left out otherwise.
        let defaultFails: Bool?
        let fix: WrapperSettingCode?
        let sources: [String]
    }

    struct Cause: Encodable {
        /// "known-cause", "wrapper-setting" or "probe".
        let kind: String
        let id: String
    }

    let id: String
    let title: String
    let families: [String]
    let minimumVersions: [String]
    let home: String
    let detection: [WrapperSignalNames.Signal]
    /// The names the page looks for (docs/wrapper-data.md `detection`).
    let signalNames: WrapperSignalNames
    let defaults: [WrapperDefault]
    let settings: [Setting]

    init(_ profile: WrapperProfile) {
        id = profile.wrapper.rawValue
        title = profile.wrapper.title
        families = profile.wrapper.families.map(\.rawValue)
        minimumVersions = profile.minimumVersions
        home = profile.home
        detection = profile.detection.signals
        signalNames = profile.detection
        defaults = profile.defaults
        settings = profile.settings.map { row in
            Setting(id: row.id, name: row.name, area: row.area.rawValue, family: row.family?.rawValue,
                    current: row.current, previous: row.previous, nativeCall: row.nativeCall,
                    probes: row.probes, whenWrong: row.whenWrong, when: row.when, unless: row.unless.isEmpty ? nil : row.unless,
                    cause: Cause(kind: row.cause.kind, id: row.cause.id), plugin: row.plugin,
                    defaultFails: row.defaultFails ? true : nil, fix: profile.code(row),
                    sources: row.sources)
        }
    }
}
