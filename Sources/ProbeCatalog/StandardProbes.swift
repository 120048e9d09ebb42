/// The probes of SPEC §3, in page order. The observed fields are the contract with the
/// page: the page posts them, `ResultDecoder` checks their types, and `Diff` reads them.
enum StandardProbes {
    typealias F = ObservedField

    static let outcomeValues = ["granted", "error", "not-run"]
    static let permissionStates = ["granted", "denied", "prompt", "unsupported"]

    static let all: [Probe] = environment + storage + network + media + camera + files + navigation + lifecycle + confirmation

    // MARK: environment

    static let environment: [Probe] = [
        Probe(
            id: "env.script", title: "JavaScript runs",
            instructions: "Nothing to do: if this page shows steps, JavaScript is on.",
            kind: .auto, phase: .environment,
            checks: "A <noscript> beacon tells the server that JavaScript is off; the page reports that it ran.",
            observed: [
                F("javascript", .boolean, "True when the page's script ran (posted by the script itself)."),
                F("noscriptBeacon", .boolean, "True when the server saw the <noscript> image request (recorded by the server)."),
            ],
            expectation: .init(.required, expected: "JavaScript on"),
            remedy: .javaScript),
        Probe(
            id: "env.platform", title: "Platform and versions",
            instructions: "Nothing to do: the page reads the browser's identity.",
            kind: .auto, phase: .environment,
            checks: "User agent, userAgentData, wrapper signals, OS and engine versions, screen and DPR; versions compared with the minimums.",
            observed: [
                F("userAgent", .string, "navigator.userAgent."),
                F("reactNativeWebView", .boolean, "True when window.ReactNativeWebView exists (react-native-webview)."),
                F("webkitMessageHandlers", .boolean, "True when window.webkit.messageHandlers exists (a WKWebView host registered a handler)."),
                F("messageHandlerNames", .stringArray, "Names found in window.webkit.messageHandlers, where enumerable."),
                F("maxTouchPoints", .integer, "navigator.maxTouchPoints (iPadOS in desktop mode reports a Mac user agent with touch points > 1)."),
                F("uaBrands", .stringArray, "navigator.userAgentData.brands as \"Brand/version\"."),
                F("uaPlatform", .string, "navigator.userAgentData.platform."),
                F("uaPlatformVersion", .string, "getHighEntropyValues(['platformVersion']).platformVersion (the real Android version behind a reduced user agent)."),
                F("uaMobile", .boolean, "navigator.userAgentData.mobile."),
                F("screenWidth", .integer, "screen.width in CSS pixels."),
                F("screenHeight", .integer, "screen.height in CSS pixels."),
                F("devicePixelRatio", .number, "window.devicePixelRatio."),
                F("standalone", .boolean, "navigator.standalone (iOS home-screen web app)."),
                F("wrapperSignals", .object, "The app framework's bridge globals, message handlers and ?wrapper= (Public/wrapper.js; docs/wrappers.md)."),
            ],
            expectation: .init(.required, expected: "OS and engine at or above the minimums"),
            remedy: .updateOS),
        Probe(
            id: "env.secureContext", title: "Secure context",
            instructions: "Nothing to do.",
            kind: .auto, phase: .environment,
            checks: "isSecureContext, protocol and origin: without a secure context the camera API is absent.",
            observed: [
                F("isSecureContext", .boolean, "window.isSecureContext."),
                F("protocol", .string, "location.protocol, e.g. \"https:\"."),
                F("origin", .string, "location.origin."),
            ],
            expectation: .init(.required, expected: "secure (https, or http://localhost)"),
            remedy: .secureContext),
        Probe(
            id: "env.viewport", title: "Full-screen layout",
            instructions: "Hold the phone upright.",
            kind: .auto, phase: .environment,
            checks: "Viewport against screen, safe-area insets and orientation: the WebView should fill the screen (seed 000 \"Full-Screen Layout\").",
            observed: [
                F("innerWidth", .integer, "window.innerWidth."),
                F("innerHeight", .integer, "window.innerHeight."),
                F("screenWidth", .integer, "screen.width."),
                F("screenHeight", .integer, "screen.height."),
                F("heightRatio", .number, "innerHeight / screenHeight in the current orientation."),
                F("safeAreaTop", .number, "env(safe-area-inset-top) in CSS pixels."),
                F("safeAreaBottom", .number, "env(safe-area-inset-bottom) in CSS pixels."),
                F("orientation", .string, "screen.orientation.type or portrait/landscape from matchMedia."),
            ],
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "fills the screen (at least 90 % of its height)",
                expectedOn: [.iosSafari: "browser chrome takes part of the screen", .androidChrome: "browser chrome takes part of the screen", .desktop: "any size"]),
            remedy: .fullScreenLayout),
        Probe(
            id: "env.injected", title: "Injected scripts",
            instructions: "Nothing to do.",
            kind: .auto, phase: .environment,
            checks: "Signs of scripts the host injected: patched natives, unexpected globals, bridge objects.",
            observed: [
                F("patchedNatives", .stringArray, "Built-ins whose toString() is no longer native code, e.g. \"navigator.mediaDevices.getUserMedia\"."),
                F("unexpectedGlobals", .stringArray, "Window properties not in the page's baseline list."),
                F("bridgeObjects", .stringArray, "Known bridges found: ReactNativeWebView, webkit.messageHandlers.*, Android JavascriptInterface names."),
            ],
            expectation: .init(.info, expected: "reported for information")),
    ]

    // MARK: storage and cookies

    static let storage: [Probe] = [
        Probe(
            id: "storage.local", title: "localStorage",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "window.localStorage is present (not null, not throwing SecurityError) and a write-read-remove round trip works.",
            observed: webStorageFields("localStorage"),
            expectation: .init(.required, expected: "available; write, read and remove work"),
            remedy: .domStorage),
        Probe(
            id: "storage.session", title: "sessionStorage",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "window.sessionStorage is present and a write-read-remove round trip works.",
            observed: webStorageFields("sessionStorage"),
            expectation: .init(.required, expected: "available; write, read and remove work"),
            remedy: .domStorage),
        Probe(
            id: "storage.indexedDB", title: "IndexedDB",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "indexedDB.open, put, get and delete.",
            observed: [
                F("available", .boolean, "True when window.indexedDB exists."),
                F("opened", .boolean, "True when open() succeeded."),
                F("putGetDelete", .boolean, "True when a put, get and delete round trip returned the value."),
                F("errorName", .string, "DOMException name of the first failure, e.g. \"SecurityError\", \"InvalidStateError\"."),
            ],
            expectation: .init(.required, expected: "open, put, get and delete work"),
            remedy: .domStorage),
        Probe(
            id: "cookie.document", title: "document.cookie",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "navigator.cookieEnabled and a document.cookie write then read.",
            observed: [
                F("cookieEnabled", .boolean, "navigator.cookieEnabled."),
                F("writeRead", .boolean, "True when a cookie written with document.cookie is read back."),
            ],
            expectation: .init(.required, expected: "cookies enabled; write and read work"),
            remedy: .cookies),
        Probe(
            id: "cookie.server", title: "Server cookie",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "A server Set-Cookie (HttpOnly, Secure), then a credentialed fetch that the server echoes.",
            observed: [
                F("setCookieSent", .boolean, "True when the server answered with Set-Cookie (recorded by the server)."),
                F("echoed", .boolean, "True when the next same-origin request carried the cookie back (the server echoes it)."),
                F("visibleToScript", .boolean, "True when the HttpOnly cookie showed in document.cookie (it must not)."),
            ],
            expectation: .init(.required, expected: "the server cookie comes back on the next request"),
            remedy: .cookies),
        Probe(
            id: "cookie.thirdParty", title: "Third-party cookie",
            instructions: "Nothing to do.",
            kind: .auto, phase: .storage,
            checks: "A frame on the second origin sets a SameSite=None; Secure cookie and reads it back on a credentialed request.",
            observed: [
                F("frameLoaded", .boolean, "True when the second-origin frame loaded and answered."),
                F("set", .boolean, "True when the frame's Set-Cookie response arrived."),
                F("readBack", .boolean, "True when the next credentialed request from the frame carried the cookie."),
                F("storageAccessApi", .boolean, "True when document.hasStorageAccess exists in the frame."),
            ],
            expectation: .init(
                .required,
                ExpectationRule.on(ExpectationRule.iosAll, .expectedBlocked).merging([.desktop: .info]) { $1 },
                expected: "third-party cookie kept",
                expectedOn: [
                    .iosWKWebView: "blocked by WebKit ITP, which is expected",
                    .iosSafari: "blocked by WebKit ITP, which is expected",
                    .rnWebViewIOS: "blocked by WebKit ITP, which is expected",
                    .desktop: "depends on the browser's policy",
                ]),
            remedy: .thirdPartyCookies),
        Probe(
            id: "storage.navigation", title: "Storage across navigation",
            instructions: "The page leaves and comes back by itself.",
            kind: .auto, phase: .storage,
            checks: "A cookie and a localStorage marker survive a full navigation away and back.",
            observed: [
                F("cookieSurvived", .boolean, "True when the cookie marker was there after the navigation."),
                F("localStorageSurvived", .boolean, "True when the localStorage marker was there after the navigation."),
            ],
            expectation: .init(.required, expected: "both markers survive"),
            remedy: .persistentDataStore),
        Probe(
            id: "storage.relaunch", title: "Storage after relaunch",
            instructions: "Close the app completely, open it again, and open this link again. Then answer: did you relaunch?",
            kind: .operator, phase: .storage,
            checks: "After the app is closed and reopened, which markers of the earlier visit survived.",
            observed: [
                F("relaunched", .boolean, "The person confirmed the app was closed and reopened."),
                F("sessionCookie", .boolean, "True when the session cookie survived (it may not: that is fine)."),
                F("persistentCookie", .boolean, "True when the cookie with Max-Age survived."),
                F("localStorage", .boolean, "True when the localStorage marker survived."),
                F("indexedDB", .boolean, "True when the IndexedDB marker survived."),
            ],
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "persistent cookie, localStorage and IndexedDB survive"),
            remedy: .persistentDataStore),
    ]

    static func webStorageFields(_ name: String) -> [ObservedField] {
        [
            F("available", .boolean, "True when window.\(name) is an object (not null) and reading it did not throw."),
            F("writeReadRemove", .boolean, "True when setItem, getItem and removeItem round-tripped."),
            F("errorName", .string, "Name of the exception thrown on access, e.g. \"SecurityError\", \"QuotaExceededError\"."),
        ]
    }

    // MARK: network

    static let network: [Probe] = [
        Probe(
            id: "fetch.sameOrigin", title: "fetch, same origin",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "GET JSON, and a POST of JSON echoed byte for byte.",
            observed: [
                F("getOk", .boolean, "True when GET returned 200 and valid JSON."),
                F("postEchoExact", .boolean, "True when the echoed POST body matched byte for byte."),
                F("status", .integer, "HTTP status of the POST."),
                F("errorName", .string, "Exception name when fetch threw (TypeError for a network error)."),
            ],
            expectation: .init(.required, expected: "GET and POST work"),
            remedy: .bodyIntegrity),
        Probe(
            id: "fetch.credentials", title: "fetch carries the cookie",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "A same-origin fetch carries the cookie (the server says whether it saw it).",
            observed: [
                F("cookieSent", .boolean, "True when the server saw the cookie on the fetch."),
            ],
            expectation: .init(.required, expected: "the cookie is sent"),
            remedy: .cookies),
        Probe(
            id: "fetch.cors", title: "fetch, cross origin",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "A cross-origin GET and a preflighted credentialed POST to the second origin.",
            observed: [
                F("getOk", .boolean, "True when the cross-origin GET succeeded."),
                F("preflightOk", .boolean, "True when the preflighted credentialed POST succeeded."),
                F("errorName", .string, "Exception name of the first failure."),
            ],
            expectation: .init(.required, expected: "both succeed")),
        Probe(
            id: "fetch.integrity", title: "Large bodies intact",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "A 1 MiB upload and download, SHA-256 checked on both sides.",
            observed: [
                F("bytes", .integer, "Size of each body (1048576)."),
                F("uploadHashMatch", .boolean, "True when the server's SHA-256 of the upload matched the page's."),
                F("downloadHashMatch", .boolean, "True when the page's SHA-256 of the download matched the server's."),
            ],
            expectation: .init(.required, expected: "both hashes match"),
            remedy: .bodyIntegrity),
        Probe(
            id: "xhr.sameOrigin", title: "XMLHttpRequest",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "XMLHttpRequest GET and POST.",
            observed: [
                F("getOk", .boolean, "True when the GET returned 200."),
                F("postOk", .boolean, "True when the POST was echoed."),
            ],
            expectation: .init(.required, expected: "GET and POST work"),
            remedy: .bodyIntegrity),
        Probe(
            id: "net.mixedContent", title: "Mixed content",
            instructions: "Nothing to do.",
            kind: .auto, phase: .network,
            checks: "An http: image and an http: fetch from the https page.",
            observed: [
                F("imageLoaded", .boolean, "True when the http: image loaded."),
                F("fetchBlocked", .boolean, "True when the http: fetch was blocked."),
            ],
            expectation: .init(
                .info, expected: "fetch blocked; image blocked or upgraded",
                expectedOn: [
                    .androidWebView: "fetch blocked; image allowed in MIXED_CONTENT_COMPATIBILITY_MODE",
                    .rnWebViewAndroid: "fetch blocked; image allowed with mixedContentMode=\"compatibility\"",
                ]),
            remedy: .mixedContent),
    ]

    // MARK: media

    static let media: [Probe] = [
        Probe(
            id: "media.autoplay", title: "Autoplay",
            instructions: "Nothing to do.",
            kind: .auto, phase: .media,
            checks: "An unmuted play() without a gesture.",
            observed: [
                F("played", .boolean, "True when play() resolved."),
                F("errorName", .string, "Rejection name, e.g. \"NotAllowedError\"."),
            ],
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "allowed without a gesture",
                expectedOn: [.iosSafari: "blocked until a gesture (browser policy)", .androidChrome: "blocked until a gesture (browser policy)", .desktop: "browser policy"]),
            remedy: .autoplay),
        Probe(
            id: "media.inline", title: "Inline video",
            instructions: "Nothing to do.",
            kind: .auto, phase: .media,
            checks: "A playsinline video stays in the page (not fullscreen).",
            observed: [
                F("inline", .boolean, "True when the video played inside the page."),
                F("enteredFullscreen", .boolean, "True when a fullscreen/webkitbeginfullscreen event fired."),
                F("played", .boolean, "True when the video played at all."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "plays inline"),
            remedy: .inlineMedia),
    ]

    // MARK: camera

    static let camera: [Probe] = [
        Probe(
            id: "camera.api", title: "Camera API present",
            instructions: "Nothing to do.",
            kind: .auto, phase: .camera,
            checks: "navigator.mediaDevices.getUserMedia exists.",
            observed: [
                F("mediaDevices", .boolean, "True when navigator.mediaDevices exists."),
                F("getUserMedia", .boolean, "True when navigator.mediaDevices.getUserMedia is a function."),
            ],
            expectation: .init(.required, expected: "present"),
            remedy: .secureContext),
        Probe(
            id: "camera.devices", title: "Cameras listed",
            instructions: "Nothing to do.",
            kind: .auto, phase: .camera,
            checks: "enumerateDevices before and after the grant: video inputs and whether labels show.",
            observed: [
                F("videoInputsBefore", .integer, "Video inputs before the grant."),
                F("videoInputsAfter", .integer, "Video inputs after the grant (null when no grant happened)."),
                F("labelsBefore", .boolean, "True when device labels were readable before the grant."),
                F("labelsAfter", .boolean, "True when device labels were readable after the grant."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "at least one video input"),
            remedy: nil),
        Probe(
            id: "camera.permission", title: "Camera permission state",
            instructions: "Nothing to do.",
            kind: .auto, phase: .camera,
            checks: "permissions.query({name:'camera'}) before and after (\"unsupported\" is a value).",
            observed: [
                F("stateBefore", .string, "Permission state before getUserMedia.", values: permissionStates),
                F("stateAfter", .string, "Permission state after getUserMedia.", values: permissionStates),
            ],
            expectation: .init(.info, expected: "reported for information")),
        Probe(
            id: "camera.getUserMedia", title: "Camera access",
            instructions: "Tap \"Start camera\". If a prompt appears, allow it.",
            kind: .tap, autoWhenUnattended: true, phase: .camera,
            checks: "getUserMedia({video:true}): granted, or the error name and message and how long the denial took.",
            observed: [
                F("outcome", .string, "granted, or error.", values: ["granted", "error"]),
                F("errorName", .string, "DOMException name: NotAllowedError, NotFoundError, NotReadableError, OverconstrainedError, SecurityError, AbortError, TypeError; or TimeoutError (set by the page) when the promise did not settle within its timeout."),
                F("errorMessage", .string, "DOMException message."),
                F("elapsedMs", .number, "Milliseconds from the call to the promise settling (a denial under ~250 ms had no human in it)."),
                F("permissionStateBefore", .string, "permissions.query camera state before the call.", values: permissionStates),
                F("permissionStateAfter", .string, "permissions.query camera state after the call.", values: permissionStates),
                F("promptShown", .boolean, "Whether a prompt appeared, when known (asked of the operator, or inferred by the page); null when unknown."),
                F("videoTracks", .integer, "Video tracks in the granted stream."),
                F("audioTracks", .integer, "Audio tracks in the granted stream (must be 0)."),
            ],
            expectation: .init(
                .required, [.desktop: .info],
                expected: "granted for the probe origin"),
            remedy: .cameraGrant, marksStart: true),
        Probe(
            id: "camera.frames", title: "Camera preview",
            instructions: "Point the camera at something that moves.",
            kind: .auto, after: "camera.getUserMedia", phase: .camera,
            checks: "An inline <video playsinline muted autoplay>: size, frames over 1 s, black-frame and frozen-frame checks, fullscreen check.",
            observed: [
                F("playing", .boolean, "True when the preview video reached the playing state."),
                F("width", .integer, "videoWidth of the preview."),
                F("height", .integer, "videoHeight of the preview."),
                F("frames", .integer, "Frames counted over one second (requestVideoFrameCallback or canvas sampling)."),
                F("black", .boolean, "True when sampled frames were all black."),
                F("frozen", .boolean, "True when sampled frames were identical over the second."),
                F("fullscreen", .boolean, "True when the preview left the page for a fullscreen player."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "real, moving, inline frames"),
            remedy: .inlineMedia),
        Probe(
            id: "camera.facing", title: "Front and back cameras",
            instructions: "Nothing to do.",
            kind: .auto, after: "camera.getUserMedia", phase: .camera,
            checks: "facingMode environment and user: the settings the track reports.",
            observed: [
                F("environmentOk", .boolean, "True when facingMode 'environment' gave a stream."),
                F("environmentFacing", .string, "track.getSettings().facingMode for that stream."),
                F("userOk", .boolean, "True when facingMode 'user' gave a stream."),
                F("userFacing", .string, "track.getSettings().facingMode for that stream."),
            ],
            expectation: .init(.info, expected: "both cameras on phones")),
        Probe(
            id: "camera.reacquire", title: "Camera again",
            instructions: "Nothing to do; if a prompt appears again, note it.",
            kind: .auto, after: "camera.getUserMedia", phase: .camera,
            checks: "Stop all tracks and request the camera again.",
            observed: [
                F("outcome", .string, "granted, or error.", values: ["granted", "error"]),
                F("errorName", .string, "DOMException name on error."),
                F("errorMessage", .string, "DOMException message on error."),
                F("elapsedMs", .number, "Milliseconds to settle (a second prompt shows as a slow grant)."),
                F("permissionStateBefore", .string, "permissions.query camera state before the second request.", values: permissionStates),
                F("promptShown", .boolean, "Whether a second prompt appeared, when known."),
            ],
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "granted again, no second prompt"),
            remedy: .cameraReacquire),
        Probe(
            id: "camera.scope", title: "Only the camera",
            instructions: "Nothing to do.",
            kind: .auto, phase: .camera,
            checks: "getUserMedia({audio:true}) and ({video:true, audio:true}), and getDisplayMedia where present: all must be denied.",
            observed: [
                F("audioOutcome", .string, "{audio:true}: granted or error.", values: outcomeValues),
                F("audioErrorName", .string, "Error name for {audio:true}."),
                F("videoAudioOutcome", .string, "{video:true, audio:true}: granted or error.", values: outcomeValues),
                F("videoAudioErrorName", .string, "Error name for {video:true, audio:true}."),
                F("audioTracks", .integer, "Audio tracks received in any granted stream."),
                F("displayOutcome", .string, "getDisplayMedia({video:true}): granted, error, or unsupported.", values: outcomeValues + ["unsupported"]),
                F("displayErrorName", .string, "Error name for getDisplayMedia."),
                F("elapsedMs", .number, "Milliseconds the audio request took to settle."),
            ],
            expectation: .init(
                .security, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "audio denied (the host grants only the camera)",
                expectedOn: [.iosSafari: "the person decides", .androidChrome: "the person decides", .desktop: "the person decides"]),
            remedy: .videoOnlyGrant),
        Probe(
            id: "camera.foreignOrigin", title: "Camera from another origin",
            instructions: "Nothing to do.",
            kind: .auto, phase: .camera,
            checks: "The camera asked from the second origin: the same host on another port, and another host (in a frame, or a navigation that reports back).",
            observed: [
                F("via", .string, "How the second origin ran: frame or navigation.", values: ["frame", "navigation"]),
                F("otherPortOutcome", .string, "Same host, other port: granted, error, or not-run.", values: outcomeValues),
                F("otherPortErrorName", .string, "Error name on the other port."),
                F("otherPortElapsedMs", .number, "Milliseconds to settle on the other port."),
                F("otherHostOutcome", .string, "Other host: granted, error, or not-run.", values: outcomeValues),
                F("otherHostErrorName", .string, "Error name on the other host."),
                F("otherHostElapsedMs", .number, "Milliseconds to settle on the other host."),
            ],
            expectation: .init(
                .security, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "denied on both",
                expectedOn: [.iosSafari: "the person decides", .androidChrome: "the person decides", .desktop: "the person decides"]),
            remedy: .strictOrigin),
    ]

    // MARK: files

    static let files: [Probe] = [
        Probe(
            id: "file.accept", title: "Pick an image",
            instructions: "Tap \"Choose image\" and pick any photo.",
            kind: .tap, phase: .files,
            checks: "accept=\"image/*\": change event, file type, size, lastModified, sniffed format and SHA-256; a multipart upload whose server hash must match.",
            observed: [
                F("changeFired", .boolean, "True when the input fired change."),
                F("cancelFired", .boolean, "True when the input fired cancel."),
                F("waitedMs", .number, "How long the page waited after the tap before giving up."),
                F("fileCount", .integer, "input.files.length."),
                F("type", .string, "File.type as the page saw it."),
                F("size", .integer, "File.size in bytes."),
                F("lastModified", .number, "File.lastModified."),
                F("sniffedFormat", .string, "Format from the file's magic bytes: jpeg, png, heic, gif, webp, other."),
                F("sha256", .string, "SHA-256 of the file computed by the page."),
                F("serverSha256", .string, "SHA-256 of the upload computed by the server."),
                F("hashMatch", .boolean, "True when both hashes are equal."),
                F("uploadStatus", .integer, "HTTP status of the multipart upload."),
            ],
            expectation: .init(.required, expected: "the picker opens; the file reaches the page and the server intact"),
            remedy: .fileChooser, marksStart: true),
        Probe(
            id: "file.capture", title: "Capture with the camera",
            instructions: "Tap \"Back camera\" then \"Front camera\"; take a photo each time. Did the camera open directly?",
            kind: .tap, asksOperator: true, answeredByPerson: true, phase: .files,
            checks: "capture=\"environment\" and capture=\"user\", and the person says whether the camera opened directly.",
            observed: [
                F("environmentChangeFired", .boolean, "True when the capture=environment input fired change."),
                F("environmentFileCount", .integer, "Files received from capture=environment."),
                F("userChangeFired", .boolean, "True when the capture=user input fired change."),
                F("userFileCount", .integer, "Files received from capture=user."),
                F("cameraOpenedDirectly", .boolean, "The person's answer: did the camera open directly (not a file list)?"),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "the camera path opens"),
            remedy: .captureAttribute, marksStart: true),
        Probe(
            id: "file.cancel", title: "Cancel, then pick again",
            instructions: "Tap \"Choose image\", cancel the chooser, then tap it again and pick a photo.",
            kind: .tap, asksOperator: true, phase: .files,
            checks: "Cancel the chooser, then choose again: the second pick must work; a cancel event where supported.",
            observed: [
                F("cancelFired", .boolean, "True when the first (cancelled) chooser fired cancel."),
                F("cancelMs", .number, "Milliseconds from the first tap to its cancel event (a cancel within a few ms: no chooser was shown)."),
                F("secondChooserOpened", .boolean, "The person's answer: did the chooser open the second time?"),
                F("secondChangeFired", .boolean, "True when the second pick fired change."),
                F("secondFileCount", .integer, "Files received on the second pick."),
            ],
            expectation: .init(.required, expected: "the second pick works; cancel fires where supported"),
            remedy: .fileCallbackOnCancel, marksStart: true),
        Probe(
            id: "file.heic", title: "HEIC photo",
            instructions: "Tap \"Choose HEIC\" and pick a photo taken with the camera (HEIC on iPhone).",
            kind: .tap, phase: .files,
            checks: "What type reached the page for a HEIC pick, and whether the server accepts it.",
            observed: [
                F("changeFired", .boolean, "True when the input fired change (a file was picked)."),
                F("cancelFired", .boolean, "True when the input fired cancel."),
                F("waitedMs", .number, "Milliseconds from the tap to change, cancel or \"Nothing happened\"."),
                F("type", .string, "File.type the page saw (image/heic, image/jpeg, empty)."),
                F("sniffedFormat", .string, "Format from magic bytes: heic, jpeg, other."),
                F("serverAccepted", .boolean, "True when the server accepted the upload."),
                F("convertedToJpeg", .boolean, "True when the platform converted the pick to JPEG."),
            ],
            expectation: .init(
                .info, ExpectationRule.on(ExpectationRule.iosAll, .required),
                expected: "accepted, or converted to JPEG"),
            remedy: .heic, marksStart: true),
    ]

    // MARK: navigation

    static let navigation: [Probe] = [
        Probe(
            id: "nav.windowOpen", title: "window.open",
            instructions: "Tap \"Open window\", then come back.",
            kind: .tap, phase: .navigation,
            checks: "window.open from a tap and from a timer: where it opened.",
            observed: [
                F("tapResult", .string, "Where the tap's window.open went.", values: ["same-view", "new-window", "external", "blocked"]),
                F("timerResult", .string, "Where the timer's window.open went.", values: ["same-view", "new-window", "external", "blocked"]),
            ],
            expectation: .init(.info, expected: "per app policy"),
            remedy: .windowOpen),
        Probe(
            id: "nav.customScheme", title: "Custom scheme link",
            instructions: "Tap the custom-scheme link. What happened?",
            kind: .tap, asksOperator: true, answeredByPerson: true, phase: .navigation,
            checks: "A link to a custom scheme: an external app opened, a graceful failure, or a WebView error page.",
            observed: [
                F("outcome", .string, "The person's answer.", values: ["external-app", "graceful", "webview-error", "nothing"]),
            ],
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "no WebView error page"),
            remedy: .customSchemes),
        Probe(
            id: "nav.returnUrl", title: "Return URL",
            instructions: "Tap \"Return to app\". Did it reach the app as your app intends?",
            kind: .tap, asksOperator: true, answeredByPerson: true, phase: .navigation,
            checks: "An https return URL or universal link reaches the app.",
            observed: [
                F("reachedApp", .boolean, "The person's answer: did the return URL reach the app as intended?"),
                F("outcome", .string, "Where it went.", values: ["app", "same-view", "browser", "error"]),
            ],
            expectation: .init(.info, expected: "per app policy"),
            remedy: .returnUrl),
        Probe(
            id: "nav.loadError", title: "Load errors",
            instructions: "Tap \"HTTP 500 page\" and then \"Unreachable address\". Did the app show a recoverable error each time?",
            kind: .operator, phase: .navigation,
            checks: "Links to an HTTP 500 page and an unreachable address: did the app show a recoverable error?",
            observed: [
                F("http500Recoverable", .boolean, "The person's answer for the HTTP 500 page."),
                F("unreachableRecoverable", .boolean, "The person's answer for the unreachable address."),
            ],
            expectation: .init(
                .required, ExpectationRule.on(ExpectationRule.browsers, .info),
                expected: "a recoverable error is shown"),
            remedy: .loadErrors),
    ]

    // MARK: lifecycle

    static let lifecycle: [Probe] = [
        Probe(
            id: "lifecycle.background", title: "Background and return",
            instructions: "Switch to the home screen for a few seconds, then come back.",
            kind: .operator, phase: .lifecycle,
            checks: "Background and return: visibility events and the camera track state afterwards.",
            observed: [
                F("hiddenFired", .boolean, "True when visibilitychange to hidden fired."),
                F("visibleFired", .boolean, "True when visibilitychange to visible fired."),
                F("trackStateAfter", .string, "Camera track readyState after returning.", values: ["live", "ended", "muted", "none"]),
                F("resumed", .boolean, "True when the page kept running after returning (no reload)."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "the page resumes"),
            remedy: .backgroundResume),
        Probe(
            id: "net.offline", title: "Offline and back",
            instructions: "Turn on airplane mode, wait for the page to notice, then turn it off.",
            kind: .operator, phase: .lifecycle,
            checks: "offline and online events; results queued offline reach the server later.",
            observed: [
                F("offlineFired", .boolean, "True when the offline event fired."),
                F("onlineFired", .boolean, "True when the online event fired."),
                F("queued", .integer, "Results queued while offline."),
                F("delivered", .integer, "Queued results the server received afterwards."),
            ],
            expectation: .init(.required, [.desktop: .info], expected: "nothing lost"),
            remedy: .offline),
    ]

    // MARK: confirmation

    /// Not in SPEC §3's table: the operator questions for checklist items that the page
    /// cannot observe (SPEC §3: "appear ... as operator questions, never silently dropped").
    static let confirmation: [Probe] = [
        Probe(
            id: "operator.checklist", title: "Questions about the app",
            instructions: "Answer a few questions about what the app did before the page opened.",
            kind: .operator, phase: .confirmation,
            checks: "The person answers the checklist questions the page cannot observe (see the checklist map).",
            observed: [
                F("answers", .object, "Question id → \"yes\", \"no\" or \"unknown\" (the question ids are in the checklist's `question.key`)."),
            ],
            expectation: .init(.info, expected: "answered")),
    ]
}
