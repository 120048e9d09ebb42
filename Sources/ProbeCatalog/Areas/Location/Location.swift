// The location probe: what navigator.geolocation answers inside the app: its name, its
// declaration, the diagnoses it can state and how its result is judged, side by side. Which
// setting of each wrapper decides the answer is in the wrappers' settings rows (area
// `location`, docs/wrapper-data.md), which judge the finding; docs/adding-a-probe.md walks
// adding a probe.

/// The names of this area's probes, in page order.
extension ProbeID {
    public static let locationPosition = ProbeID(rawValue: "location.position")
}

extension StandardProbes {
    static let geolocationOutcomes = ["granted", "denied", "unavailable", "timeout", "unsupported"]
    static let geolocationPermissionStates = permissionStates + ["error"]

    // MARK: location

    static let location: [Probe] = [
        Probe(
            id: .locationPosition, title: "Location",
            instructions: "If the app asks for your location, answer as your users would.",
            kind: .auto, phase: .location,
            checks: "navigator.geolocation.getCurrentPosition: granted, denied (with or without a prompt), unavailable or no answer, and the accuracy of a fix.",
            observed: [
                F("available", .boolean, "True when navigator.geolocation exists."),
                F("outcome", .string, "granted (a position), denied (PERMISSION_DENIED), unavailable (POSITION_UNAVAILABLE), timeout (TIMEOUT, or no answer within the page's bound), unsupported (no navigator.geolocation).", values: geolocationOutcomes),
                F("errorCode", .integer, "GeolocationPositionError.code: 1 PERMISSION_DENIED, 2 POSITION_UNAVAILABLE, 3 TIMEOUT (https://www.w3.org/TR/geolocation/#position_error_interface); null when the page's own bound ended the wait."),
                F("errorMessage", .string, "GeolocationPositionError.message, the engine's words."),
                F("elapsedMs", .number, "Milliseconds from the call to the answer (a denial under 250 ms had no prompt and no person in it)."),
                F("accuracyM", .number, "coords.accuracy of the fix, in metres."),
                F("permissionStateBefore", .string, "permissions.query({name:'geolocation'}) before the call.", values: geolocationPermissionStates),
                F("permissionStateAfter", .string, "permissions.query({name:'geolocation'}) after the call.", values: geolocationPermissionStates),
                F("promptShown", .boolean, "Whether a prompt appeared, when known (asked of the person); null when unknown."),
                F("promptCount", .integer, "How many location questions the person saw (asked of the person): 0, 1, or 2 for two or more (the app's own and then WebKit's about the page's site); null when unknown."),
            ],
            healthy: .init(["available": true, "outcome": "granted", "elapsedMs": 900, "accuracyM": 35]),
            thresholds: [
                Threshold("positionMs", ms: 15000, "getCurrentPosition's own timeout: a first fix indoors takes seconds (https://www.w3.org/TR/geolocation/#timeout-attribute); it starts once permission is granted."),
                Threshold("answerWaitMs", ms: 30000, "A person reads the prompt and answers it, then the fix comes: the page stops waiting after this, so that the step with its two permission queries and its question stays within autoStepMs."),
                Threshold("answerWaitUnattendedMs", ms: 20000, "No person answers: a host's handler answers within milliseconds; one that never calls back leaves the request pending, which this bound turns into timeout."),
            ],
            expectation: .init(.info, expected: "what the app decides: a position after a prompt, or a refusal"),
            remedy: nil).evaluated(
                by: Diff.evaluateLocation,
                concluding: [
                "denied within 250 ms → the host answered for the person (geolocation off, no prompt handler, or no OS location permission)",
                "denied within 250 ms with the permission already denied → a remembered decision",
                "no answer → the host never answered the page's request; TIMEOUT after a grant → no fix",
                "unavailable → location services off, or no fix",
                "granted after two or more questions, in an app → a second question about the page's site (WebKit's own on iOS)",
                ]),
    ]
}

extension Diagnosis {
    static let locationDeniedAtOnce = KnownDiagnosis("location.denied-without-prompt", probes: [.locationPosition], .observation) { (elapsed: Int) in
        "The location was refused in \(elapsed) ms, with no prompt and no person in it: the app answered for the user"
    }
    static let locationRefused = KnownDiagnosis("location.refused", probes: [.locationPosition], .observation) { (elapsed: Int) in
        "The location was refused after \(elapsed) ms: a prompt answered with Deny, or a decision the app or the system remembered"
    }
    static let locationUnanswered = KnownDiagnosis("location.unanswered", probes: [.locationPosition], .observation) { (seconds: Int) in
        "No answer to getCurrentPosition within \(seconds) s: a request nobody answered (a host that never calls its prompt back), or no fix"
    }
    /// The lead of `Symptom.locationNoFix`'s diagnosis.
    static let locationNoFix = KnownDiagnosis("location.no-fix", probes: [.locationPosition], .observation) { (seconds: Int) in
        "The location was allowed but no position came within \(seconds) s (TIMEOUT)"
    }
    static let locationAlreadyDenied = KnownDiagnosis("location.already-denied", probes: [.locationPosition], .observation) {
        "The location was refused at once, and the permission was already denied before the request: a decision remembered from earlier (the person's, or the browser's for this site)"
    }
    static let locationUnavailable = KnownDiagnosis("location.unavailable", probes: [.locationPosition], .observation) {
        "The position is unavailable: location services are off for the device or the app, or there was no fix"
    }
    static let locationAskedTwice = KnownDiagnosis("location.asked-twice", probes: [.locationPosition], .observation) {
        "The person was asked for the location twice for one request: the app's question and then another about the page's site"
    }
    static let locationMissing = KnownDiagnosis("location.api-missing", probes: [.locationPosition], .observation) {
        "navigator.geolocation does not exist in this WebView"
    }

    static let locationDeclared: [any DeclaredDiagnosis] = [
        locationDeniedAtOnce, locationAlreadyDenied, locationRefused, locationUnanswered, locationNoFix, locationUnavailable, locationAskedTwice, locationMissing,
    ]
}

extension StandardProbes {
    /// The failing observations this area's evaluator ranks causes for (`Catalog.symptoms`).
    static let locationSymptoms: [Symptom] = [.locationNoFix]
}

/// location.position: the request was allowed and TIMEOUT came, counted from the grant
/// (https://www.w3.org/TR/geolocation/#timeout-attribute), so no position reached the engine.
/// Neither of Android System WebView's providers reports an error of its own when no update
/// comes: Chromium's `LocationProviderFactory` uses Google Play services' fused provider where
/// Play services are available and `LocationManager` otherwise, and `LocationProviderAndroid`,
/// when only the passive provider is on (location services off), hands over the last known
/// position if there is one and else nothing. Which of these it was is the device's: its
/// settings and its services, which the checks name; the page cannot tell them apart.
extension Symptom {
    static let locationNoFix = Symptom(id: "location.no-fix", probes: [.locationPosition], observation: "TIMEOUT after the location was allowed", causes: [
        KnownCause("android.location-services-off", .device, scope: "Android WebView, every wrapper",
            summary: "the device's location services are off (Settings › Location): the app may locate and the page was allowed, but Android System WebView's provider gets no update and reports no error, so the request times out",
            check: "Settings › Location on the device; in the app, LocationManagerCompat.isLocationEnabled before the page asks",
            remedy: .locationServices, source: PlatformSource.chromiumLocationProviderAndroid, context: .device,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("TIMEOUT after the grant: the provider waited for an update")),
        KnownCause("android.geolocation-needs-play-services", .device, scope: "Android WebView on devices without Google Play services",
            summary: "the device has no Google Play services (a de-Googled system, a device sold without Google's services): Android System WebView then asks LocationManager instead of Google's fused provider, and without Google's network location only a satellite fix answers, none indoors",
            check: "GoogleApiAvailability.isGooglePlayServicesAvailable on the device, and LocationManager.getProviders(true): a device with location on and no network provider has only satellite fixes",
            remedy: nil, source: PlatformSource.chromiumLocationProviderFactory, context: .device,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("TIMEOUT after the grant on an Android app WebView")),
        KnownCause("device.no-fix-indoors", .device, scope: "every engine",
            summary: "the device found no position within the page's timeout: indoors, with only satellite positioning, a first fix can take longer",
            check: "run the step again near a window or outdoors, with Wi-Fi on: a position then rules the device's services in and this out",
            remedy: nil, source: PlatformSource.w3cGeolocationTimeout, context: .device,
            weigh: .likely("no position within the timeout")),
    ])
}

extension Diff {
    func evaluateLocation(_ result: ProbeResult, _ context: EvaluationContext) -> Assessment {
        guard let outcome = result.string("outcome") else { return Assessment(.unknown, "") }
        let elapsed = result.number("elapsedMs")
        let observed = outcome + (elapsed.map { " in \(Int($0)) ms" } ?? "")
            + (result.number("accuracyM").map { ", accuracy \(Int($0)) m" } ?? "")
        switch outcome {
        case "granted":
            // A second question for one request: the app's own and then the WebView's about the
            // page's site, which the settings rows name (WebKit asks its own on iOS).
            if context.isAppWebView, let count = result.int("promptCount"), count >= 2 {
                return Assessment(.warning, observed + ", after \(count) or more questions", diagnosis: Diagnosis.locationAskedTwice(), layer: .webView)
            }
            return Assessment(.granted, observed)
        case "denied":
            let ms = elapsed ?? 0
            // In a browser a state already denied is a remembered decision; in an app the app
            // answers every request itself, whatever permissions.query says.
            if ms < Self.fastDenialMs, !context.isAppWebView, result.string("permissionStateBefore") == "denied" {
                return Assessment(.denied, observed, diagnosis: Diagnosis.locationAlreadyDenied(), layer: .userOrOS)
            }
            if ms < Self.fastDenialMs {
                return Assessment(.denied, observed, diagnosis: Diagnosis.locationDeniedAtOnce(Int(ms)), layer: .webView)
            }
            return Assessment(.denied, observed, diagnosis: Diagnosis.locationRefused(Int(ms)), layer: .userOrOS)
        case "timeout" where result.int("errorCode") == 3 || result.string("permissionStateAfter") == "granted":
            // TIMEOUT is counted from the grant (https://www.w3.org/TR/geolocation/#timeout-attribute):
            // the request was answered, the position did not come.
            return diagnosed(.locationNoFix, result, context, state: .broken, observed: observed,
                             lead: Diagnosis.locationNoFix(Int((elapsed ?? 0) / 1000)), remedy: nil)
        case "timeout":
            return Assessment(.broken, observed, diagnosis: Diagnosis.locationUnanswered(Int((elapsed ?? 0) / 1000)), layer: .webView)
        case "unavailable":
            return Assessment(.broken, observed, diagnosis: Diagnosis.locationUnavailable(), layer: .userOrOS)
        case "unsupported":
            return Assessment(.broken, observed, diagnosis: Diagnosis.locationMissing(), layer: .webView)
        default:
            return Assessment(.unknown, "")
        }
    }
}

extension Remedy {
    // https://developer.android.com/reference/androidx/core/location/LocationManagerCompat#isLocationEnabled(android.location.LocationManager)
    public static let locationServices = Remedy(
        androidKotlin: """
            // Before the page asks: with location services off WebView gets
            // no position and the page times out; ask the person to turn
            // them on
            val locations = getSystemService(Context.LOCATION_SERVICE)
                as LocationManager
            if (!LocationManagerCompat.isLocationEnabled(locations)) {
                startActivity(Intent(Settings.ACTION_LOCATION_SOURCE_SETTINGS))
            }
            """,
        docs: Docs(android: "https://developer.android.com/reference/android/provider/Settings#ACTION_LOCATION_SOURCE_SETTINGS"))
}
