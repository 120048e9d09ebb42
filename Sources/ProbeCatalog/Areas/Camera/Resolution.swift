// The camera's resolutions and frame rates: what the camera gives for the sizes a capture flow
// asks for, shown as a table in the report. Information, not a verdict: a document or a face
// needs a sharp enough picture, and which is enough is the flow's own rule.

extension ProbeID {
    public static let cameraResolution = ProbeID(rawValue: "camera.resolution")
}

extension StandardProbes {
    /// The sizes the page asks for, in order: VGA, HD and Full HD, as `ideal` constraints
    /// (https://w3c.github.io/mediacapture-main/#dfn-ideal), so the camera answers with the
    /// nearest it has instead of refusing.
    public static let resolutionLadder = ["640x480", "1280x720", "1920x1080"]

    static let resolution = Probe(
        id: .cameraResolution, title: "Camera resolutions",
        instructions: "Nothing to do.",
        kind: .auto, after: .cameraGrant, phase: .camera,
        checks: "getUserMedia with ideal sizes of 640×480, 1280×720 and 1920×1080: the size and frame rate each stream reports (track.getSettings()) and the rate it presents frames at over countMs.",
        observed: [
            F("ladder", .objectArray, "One entry per size asked, in order: requested (\"1280x720\"), outcome (granted or error), width, height and frameRate from track.getSettings(), deliveredFps (the rate frames were presented at: requestVideoFrameCallback's presentedFrames over the frames' media time, null where it is missing), errorName."),
            F("maxWidth", .integer, "The widest granted width."),
            F("maxHeight", .integer, "The height of that stream."),
            F("maxFrameRate", .number, "The highest frame rate any granted stream reported."),
        ],
        healthy: .init([
            "ladder": .array([
                .object(["requested": "640x480", "outcome": "granted", "width": 640, "height": 480, "frameRate": 30]),
                .object(["requested": "1280x720", "outcome": "granted", "width": 1280, "height": 720, "frameRate": 30]),
                .object(["requested": "1920x1080", "outcome": "granted", "width": 1920, "height": 1080, "frameRate": 30]),
            ]),
            "maxWidth": 1920, "maxHeight": 1080, "maxFrameRate": 30,
        ]),
        thresholds: [
            Threshold("grantWaitMs", ms: 10000, "The camera is already granted: each size answers within a few seconds, or is refused."),
            Threshold("countMs", ms: 200, "Frames are watched per size until three have come, their rate taken from the first to the last by presentedFrames over the frames' own media time (a capture's timestamps, exact from three frames: 100 ms at 30 a second), and for at most 200 ms: three frames at 15 a second, and the whole span where media time does not advance (the callbacks' clock then, the display's, 16.7 ms apart)."),
        ],
        expectation: .init(.info, expected: "the sizes and frame rates the camera gives")).evaluated(by: Diff.evaluateResolution)
}

extension Diff {
    func evaluateResolution(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let ladder = result.objects("ladder"), !ladder.isEmpty else { return Assessment(.unknown, "") }
        let granted = ladder.filter { $0["outcome"]?.stringValue == "granted" }
        guard let width = result.int("maxWidth"), let height = result.int("maxHeight"), !granted.isEmpty else {
            return Assessment(.broken, "no size was granted" + (ladder.first?["errorName"]?.stringValue.map { " (\($0))" } ?? ""))
        }
        let rate = result.number("maxFrameRate").map { " at up to \(Int($0.rounded())) fps" } ?? ""
        return Assessment(.works, "up to \(width)×\(height)\(rate); \(granted.count) of \(ladder.count) sizes granted")
    }
}
