/// The observations that rule causes out (`KnownCause.ruledOutBy`) in more than one area, shared
/// by every cause they contradict; an area's own are beside its symptoms (`Areas/<Area>/`).
extension Symptom {
    /// The camera opened for getUserMedia in this run: on Android the app holds CAMERA (a
    /// WebView grant alone does not open it), on iOS the usage description is there.
    static let cameraOpened: [Contradiction] = [
        Contradiction(.cameraGetUserMedia, "camera.getUserMedia opened the camera in this run: the app holds the camera permission") { r in r.string("outcome") == "granted" },
    ]
}
