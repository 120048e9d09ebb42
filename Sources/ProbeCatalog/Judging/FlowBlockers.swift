/// The probes whose failure stops an identity-verification flow outright, whatever the
/// severity ties say: no script, no secure context (no camera API at all: W3C Secure
/// Contexts §1), no storage for the session the flow keeps between steps, no camera, no
/// picked file. A blocked third-party cookie or a slow fetch degrades the flow; these end
/// it. When two findings are equally severe, the blocker's remedy is shown first, so a
/// person fixes what stops the flow before what slows it (docs/requirements.md).
extension Probe {
    static let flowBlockers: Set<ProbeID> = [
        .envScript, .envSecureContext,
        .storageLocal, .storageSession, .storageIndexedDB,
        .cameraApi, .cameraPermission, .cameraGetUserMedia, .cameraFrames,
        .fileAccept, .fileCapture,
    ]

    /// True when this probe's failure stops the flow (see `flowBlockers`).
    public var blocksFlow: Bool { Self.flowBlockers.contains(id) }
}
