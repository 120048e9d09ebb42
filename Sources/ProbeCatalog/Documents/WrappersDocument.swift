import BeyondEssentials

/// docs/wrappers.md, generated from `WrapperCatalog`: one table of every setting × wrapper with
/// the default and the fix, then each wrapper's fixes in full. A test fails when the committed
/// file differs from `render()`.
public enum WrappersDocument {
    public static let regenerateCommand = "UPDATE_DOCS=1 swift test --filter WrappersDocumentTests"

    public static func render(_ wrappers: [WrapperProfile] = WrapperCatalog.all) -> String {
        var out: [String] = []
        out.append("<!-- Generated from ProbeCatalog (WrapperCatalog.all). Do not edit by hand: run `\(regenerateCommand)`. -->")
        out.append("# Wrappers")
        out.append("")
        out.append("The app framework around the WebView decides the defaults a run is judged against. The run detects it")
        out.append("(`WrapperDetector`: the bridge globals each wrapper injects, the WKWebView message handlers, user agent")
        out.append("tokens; `?wrapper=` or `POST /api/runs {\"wrapper\"}` overrides), names the wrapper's default in a finding")
        out.append("when that default explains it, and lists the wrapper's own fix first (reports and the end screen fold the")
        out.append("others). Every default below was read in the wrapper's public source, linked in its cell.")
        out.append("Each wrapper is one folder, `Sources/ProbeCatalog/Wrappers/<wrapper>/`: its data file and its fixes")
        out.append("([wrapper-data.md](wrapper-data.md)); [adding-a-wrapper.md](adding-a-wrapper.md) adds one.")
        out.append("")
        out.append("Wrappers: " + wrappers.map { "`\($0.wrapper.rawValue)` (\($0.wrapper.title))" }.joined(separator: ", ") + ".")
        out.append("")
        out.append("| Setting | " + wrappers.map { $0.wrapper.rawValue }.joined(separator: " | ") + " |")
        out.append("|---|" + wrappers.map { _ in "---|" }.joined())
        for setting in WrapperSetting.allCases {
            let cells = wrappers.map { cell($0, setting) }
            out.append("| **\(setting.title)** (\(setting.probes.map { "`\($0)`" }.joined(separator: ", "))) | " + cells.joined(separator: " | ") + " |")
        }
        out.append("")
        out.append("A default marked **fails** fails the probes named after it by itself: a run on that wrapper names it.")
        out.append("")
        out.append("## Detection")
        out.append("")
        out.append("| Signal | Wrapper | Confidence |")
        out.append("|---|---|---|")
        for (signal, wrapper, confidence) in detectionSignals {
            out.append("| \(signal) | `\(wrapper.rawValue)` | \(confidence) |")
        }
        out.append("")
        out.append("### Release markers")
        out.append("")
        out.append("A member of the bridge one release added or removed: where the page finds it, the app bundles such a release, and a row for other releases (`versions`) is not named ([wrapper-data.md](wrapper-data.md)).")
        out.append("")
        out.append("| Path on `window` | Wrapper | Platforms | Releases | Source |")
        out.append("|---|---|---|---|---|")
        for profile in wrappers {
            for marker in profile.detection.releaseMarkers {
                let family = marker.family.map { $0 == .ios ? "iOS" : "Android" } ?? "both"
                out.append("| `\(marker.path)` | `\(profile.wrapper.rawValue)` | \(family) | \(marker.releases.words) | [at](\(marker.source)), [before](\(marker.absentAt)) |")
            }
        }
        out.append("")
        for profile in wrappers {
            out.append("## \(profile.wrapper.title) (`\(profile.wrapper.rawValue)`)")
            out.append("")
            out.append("Platforms: " + profile.wrapper.families.map { $0 == .ios ? "iOS" : "Android" }.joined(separator: ", ")
                + ". Versions: " + profile.minimumVersions.joined(separator: "; ") + ". Documentation: <\(profile.home)>.")
            out.append("")
            if let tab = profile.checklistTab {
                out.append("Checklist: the vendor checklist's own tab, *\(tab.rawValue)*.")
            } else if !profile.checklistMapping.isEmpty {
                out.append("Checklist: no tab of its own; its settings map onto the native items:")
                out.append("")
                for mapping in profile.checklistMapping { out.append("- `\(mapping.item)`: \(escape(mapping.via))") }
            }
            out.append("")
            out += settingsTable(profile)
            for fix in profile.fixes {
                out.append("### \(anchorTitle(fix))")
                out.append("")
                out.append("Documented at <\(fix.docs)>.")
                out.append("")
                out.append("```\(fence(fix.language))")
                out.append(fix.code)
                out.append("```")
                out.append("")
            }
        }
        return out.joined(separator: "\n")
    }

    /// The longest fix shown inside a table cell; longer code goes below the table.
    static let inlineCodeLimit = 80

    /// The wrapper's settings, read from its source: one row each, long fixes folded below.
    static func settingsTable(_ profile: WrapperProfile) -> [String] {
        let rows = profile.settings
        guard !rows.isEmpty else { return [] }
        let slug = profile.wrapper.rawValue
        var out = ["### \(profile.wrapper.title): settings", ""]
        out.append("Every setting below was read in the wrapper's source at the release named in its default column, linked in *Source*.")
        out.append("*When wrong* says what the page observes, then the predicate that judges it: a failing finding of a probe whose predicate holds names the row as a cause, with its fix ([wrapper-data.md](wrapper-data.md)).")
        out.append("*Cause* is the id the finding carries: a known cause, or the row itself (`\(slug).<row>`) where no known cause models it.")
        out.append("")
        out.append("| Area | Setting | Default (current · previous) | When wrong | Cause | Fix | Source |")
        out.append("|---|---|---|---|---|---|---|")
        var folded: [(WrapperSettingRow, WrapperSettingCode)] = []
        for row in rows {
            let platform = (row.family.map { " (\(familyName($0)))" } ?? "") + (row.plugin.map { " in \(escape($0))'s own WebView" } ?? "")
            let setting = "`\(escape(row.name))`\(platform)<br><sub>\(escape(row.nativeCall))</sub>"
            let previous = row.previous.map { "\(escape($0.value)) <sub>\(escape($0.version))</sub>" } ?? "<sub>previous major not read</sub>"
            let defaults = "\(escape(row.current.value)) <sub>\(escape(row.current.version))</sub> · \(previous)"
            // The prose, then the predicate that judges it (`SettingRowJudge`), per probe.
            let judged = row.when.probes.map { "`\($0)` \(escape(row.when.byProbe[$0]!.words))" }.joined(separator: "; ")
            let unless = row.unless.isEmpty ? "" : "; not when " + row.unless.probes.map { "`\($0)` \(escape(row.unless.byProbe[$0]!.words))" }.joined(separator: "; ")
            let wrong = escape(row.whenWrong) + "<br><sub>judged when: \(judged)\(unless)</sub>"
            let cause: String
            if case .known(let id) = row.cause { cause = "`\(id)`" } else { cause = "`\(slug).\(row.id)`" }
            var fix = "—"
            if let code = profile.code(row) {
                switch row.fix {
                case .wrapperFix(let setting):
                    let target = profile.fixes(setting, family: row.family).first.map(anchorTitle) ?? ""
                    fix = "[\(escape(code.language))](#\(anchor(target)))"
                case .remedy(let name, _):
                    fix = "remedy `\(name)` (\(code.language))"
                case .code:
                    if code.code.contains("\n") || code.code.count > inlineCodeLimit {
                        fix = "[\(escape(code.language))](#\(slug.lowercased())-\(row.id.lowercased()))"
                        folded.append((row, code))
                    } else {
                        fix = "<code>\(escape(code.code).replacingEach("`", with: "\\`"))</code>"
                    }
                }
            }
            let sources = row.sources.enumerated().map { "[\($0.offset + 1)](\($0.element))" }.joined(separator: " ")
            out.append("| \(row.area.title) | \(setting) | \(defaults) | \(wrong) | \(cause) | \(fix) | \(sources) |")
        }
        out.append("")
        for (row, code) in folded {
            out.append("<details id=\"\(slug.lowercased())-\(row.id.lowercased())\"><summary><code>\(escape(row.name))</code> (\(escape(code.language)))</summary>")
            out.append("")
            out.append("```\(fence(code.language))")
            out.append(code.code.hasSuffix("\n") ? String(code.code.dropLast()) : code.code)
            out.append("```")
            out.append("")
            out.append("</details>")
            out.append("")
        }
        return out
    }

    /// What `WrapperDetector` reads, for the document: each wrapper's signals (its data
    /// file's `detection`), in the order the detector weighs the wrappers.
    static var detectionSignals: [(String, Wrapper, String)] {
        WrapperDetector.precedence.flatMap { wrapper in
            WrapperCatalog.profile(wrapper).detection.signals.map { ($0.signal, wrapper, $0.confidence) }
        }
    }

    static func cell(_ profile: WrapperProfile, _ setting: WrapperSetting) -> String {
        let defaults = profile.defaults.filter { $0.setting == setting }
        let fixes = profile.fixes.filter { $0.setting == setting }
        var parts = defaults.map { d in
            (d.family.map { "\(familyName($0)): " } ?? "") + escape(d.behaviour) + " ([source](\(d.source)))" + (d.fails.isEmpty ? "" : " **fails** " + d.fails.map { "`\($0)`" }.joined(separator: ", "))
        }
        if defaults.isEmpty { parts.append("as the platform") }
        if !fixes.isEmpty {
            parts.append("Fix: " + fixes.map { "[\(escape($0.language))\($0.family.map { ", \(familyName($0))" } ?? "")](#\(anchor(anchorTitle($0))))" }.joined(separator: ", "))
        }
        return parts.joined(separator: "<br>")
    }

    static func anchorTitle(_ fix: WrapperFix) -> String {
        "\(fix.wrapper.rawValue): \(fix.setting?.title ?? "its own setting")" + (fix.family.map { " (\(familyName($0)))" } ?? "")
    }

    /// GitHub's heading anchors: lower case, spaces to hyphens, punctuation dropped.
    static func anchor(_ title: String) -> String {
        String(title.lowercased().compactMap { c -> Character? in
            if c == " " { return "-" }
            if c.isLetter || c.isNumber || c == "-" || c == "_" { return c }
            return nil
        })
    }

    static func familyName(_ family: Platform.Family) -> String { family == .ios ? "iOS" : (family == .android ? "Android" : "desktop") }

    static func fence(_ language: String) -> String {
        switch language {
        case "Dart": return "dart"
        case "Kotlin": return "kotlin"
        case "Swift": return "swift"
        case "C#": return "csharp"
        case "TypeScript": return "ts"
        case "JavaScript": return "js"
        case "JSX": return "jsx"
        case "Java", "Java (patch-package)": return "java"
        case "XML (config.xml)", "XML (AndroidManifest.xml)": return "xml"
        default: return ""
        }
    }

    static func escape(_ text: String) -> String {
        text.replacingEach("|", with: "\\|").replacingEach("<", with: "&lt;")
    }
}
