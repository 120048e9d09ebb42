import BeyondEssentials
import ProbeCatalog

/// The camera's sizes and frame rates as one table: what each size the page asked for gave
/// (camera.resolution), and what the preview really showed (camera.frames). A capture flow
/// decides from it whether the picture is sharp and smooth enough; the catalog judges none
/// of it, so it is shown, not graded.
struct CameraModes: Equatable {
    struct Mode: Equatable {
        /// "1280×720 asked", or "preview" for camera.frames.
        var source: String
        /// "1280×720", or the error name when no stream came.
        var got: String
        /// The frame rate the track reported (getSettings), "—" when not said.
        var reported: String
        /// Frames the page counted in a second, "—" when not counted.
        var delivered: String
    }

    var modes: [Mode]

    init?(_ document: RunReportDocument) {
        var modes: [Mode] = []
        if case .array(let ladder)? = document.latestAttempt(for: ProbeID.cameraResolution.rawValue)?.observed.objectValue?["ladder"] {
            for case .object(let step) in ladder {
                let asked = step["requested"]?.stringValue.map { $0.replacingEach("x", with: "×") } ?? "?"
                let granted = step["outcome"]?.stringValue == "granted"
                modes.append(Mode(
                    source: asked + " asked",
                    got: granted ? Self.size(step["width"], step["height"]) : "no stream" + (step["errorName"]?.stringValue.map { " (\($0))" } ?? ""),
                    reported: Self.rate(step["frameRate"]), delivered: Self.rate(step["deliveredFps"])))
            }
        }
        if let preview = document.latestAttempt(for: ProbeID.cameraFrames.rawValue)?.observed.objectValue,
           preview["width"]?.intValue != nil {
            modes.append(Mode(
                source: "preview", got: Self.size(preview["width"], preview["height"]),
                reported: Self.rate(preview["settings"]?.objectValue?["frameRate"]), delivered: Self.rate(preview["frames"])))
        }
        guard !modes.isEmpty else { return nil }
        self.modes = modes
    }

    static func size(_ width: JSONValue?, _ height: JSONValue?) -> String {
        guard let w = width?.numberValue, let h = height?.numberValue else { return "—" }
        return "\(Int(w))×\(Int(h))"
    }

    static func rate(_ value: JSONValue?) -> String {
        guard let fps = value?.numberValue else { return "—" }
        return "\(Int(fps.rounded())) fps"
    }

    /// The Markdown report's table (a pull-request comment), every value escaped.
    var markdown: [String] {
        let esc = ReportText.markdown
        return ["**Camera sizes and frame rates**", "", "| Stream | Size | Frame rate reported | Frames shown |", "|---|---|---|---|"]
            + modes.map { "| \(esc($0.source)) | \(esc($0.got)) | \(esc($0.reported)) | \(esc($0.delivered)) |" }
    }

    /// The report page's section.
    func html(_ h: inout HTMLBuilder) {
        let e = ReportText.html
        h.line("<section id=\"camera-modes\">")
        h.line("<h2>Camera sizes and frame rates</h2>")
        h.line("<table class=\"grid\"><thead><tr><th scope=\"col\">Stream</th><th scope=\"col\">Size</th><th scope=\"col\">Frame rate reported</th><th scope=\"col\">Frames shown</th></tr></thead><tbody>")
        for mode in modes {
            h.line("<tr>" + RunReportPage.cell("Stream", e(mode.source)) + RunReportPage.cell("Size", e(mode.got))
                + RunReportPage.cell("Frame rate reported", e(mode.reported)) + RunReportPage.cell("Frames shown", e(mode.delivered)) + "</tr>")
        }
        h.line("</tbody></table>")
        h.line("</section>")
    }
}
