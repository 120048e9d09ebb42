import BeyondEssentials
import ProbeCatalog
import ProbeHTTP

/// GitHub Actions workflow commands for a run: one `::error` per failing finding and one
/// `::warning` per warning, each titled with the probe, so the findings show on the job's
/// summary page and in the pull request
/// (https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/workflow-commands-for-github-actions).
enum GitHubAnnotations {
    static func render(_ document: RunReportDocument) -> String {
        var lines: [String] = []
        let platform = document.diff.platform.platform
        for finding in document.diff.findings {
            let command: String
            switch finding.verdict {
            case .fail: command = "error"
            case .warn: command = "warning"
            default: continue
            }
            var message = finding.diagnosis ?? finding.observed
            message += "\nexpected: \(finding.expected)\nobserved: \(finding.observed)"
            for (wrapper, fix) in ReportFacts.relevantRemedies(finding.remedy, platform: platform) {
                message += "\n" + ReportFacts.fixText(wrapper, fix)
            }
            message += "\ndetails: " + ReportFacts.detailsText(finding)
            let title = "probe-server \(document.run.id): \(finding.title)"
            lines.append("::\(command) title=\(property(title))::\(data(message))")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The message of a command: `%`, CR and LF are percent-encoded (the runner decodes them),
    /// so a newline cannot end the command and start another (actions/toolkit, command.ts).
    static func data(_ value: String) -> String {
        TextEscape.map(value) { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            default: nil
            }
        }
    }

    /// A property value: as the message, and also `:` and `,`, which end a property.
    static func property(_ value: String) -> String {
        data(value).replacingEach(":", with: "%3A").replacingEach(",", with: "%2C")
    }
}
