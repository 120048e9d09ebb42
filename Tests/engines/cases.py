"""The matrix: one host configuration per case, and what the server's diff must say.

Each case changes one app setting from the correct configuration of its engine. `fails`
and `warns` are the complete sets: a finding with verdict fail (or warn) that is not listed
fails the case, and so does a listed one that is missing. For every listed finding the
diagnosis must contain each given phrase, the layer must match, and the remedy's fix for
the detected platform (native-ios on ios-wkwebview, native-android on android-webview) must
contain the given phrase.

What these engines cannot show whatever the app does is in the baselines below, each
with its reason; docs/engines.md explains them."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Expect:
    diagnosis: tuple = ()
    layer: str = None
    remedy: str = None
    observed: str = None
    # Cause ids (the catalog's KnownCause) the finding must name: the real-world corpus's
    # causes, reproduced by a stand-in host.
    causes: tuple = ()
    # The complete list of cause ids, in order, when the evidence settles it (a host report).
    only_causes: tuple = None
    # Phrases the diagnosis must not contain (the "or … check:" of an open choice, once settled).
    absent: tuple = ()


@dataclass(frozen=True)
class Gap:
    """A finding the case should produce and cannot, because the page, the server or the
    catalog lacks something (named in `reason`). The case is xfailed while the gap stands,
    and fails once the finding appears, so that the gap gets promoted to `fails`."""
    verdict: str
    expect: Expect
    reason: str


@dataclass
class Case:
    id: str
    engine: str  # webkit | qt | chromium
    settings: dict
    verdict: str
    fails: dict = field(default_factory=dict)
    warns: dict = field(default_factory=dict)
    passes: tuple = ()
    # Findings with verdict info/skipped whose observed text must contain a phrase.
    observed: dict = field(default_factory=dict)
    # Probes (required on this platform) that end skipped or not run, when the verdict
    # is incomplete: the complete set.
    missing: tuple = None
    # Diagnosis phrases of findings whatever their verdict (info findings on desktop).
    diagnoses: dict = field(default_factory=dict)
    screenshot: str = None
    why: str = ""
    gaps: dict = field(default_factory=dict)
    # A host that does not trust the local CA never reaches the page: what the server saw
    # instead, as GET /api/runs/{id} reports it ("alert certificate_unknown", "hung-up").
    refused: str = None
    # The overall verdict while the gaps stand (default: `verdict`).
    verdict_with_gaps: str = None
    # Checklist items and the (status, source) the coverage must give them: source
    # "host-report" for an item the host report settled, None for one the page settled.
    checklist: dict = field(default_factory=dict)
    # The wrapper the server must detect (docs/wrappers.md), and per probe a phrase the
    # detected wrapper's own fix (the finding's remedy.fixes[0]) must contain.
    wrapper: str = None
    wrapper_fixes: dict = field(default_factory=dict)

    @property
    def platform(self):
        return {"webkit": "ios-wkwebview", "qt": "android-webview", "chromium": None}[self.engine]


# Operator steps: the page asks a person (relaunch the app, go offline, background the app,
# follow a link and judge the app's error screen, did the camera open directly). A farm
# script cannot answer them truthfully, so unattended runs skip them after tapWait
# (needs-operator), and they do not hold back the verdict (docs/requirements.md#product-rules): a correctly
# configured app ends `ready` with exactly these skipped, the reasons naming them.
OPERATOR = ("storage.relaunch", "file.capture", "nav.customScheme", "nav.loadError", "lifecycle.background", "net.offline")

# Every engine here runs on Linux, so ?platform= sets the platform and no OS version is
# readable: a warning, never a failure.
IOS_VERSION = Expect(diagnosis=("the iOS version could not be read",), layer="device")
ANDROID_VERSION = Expect(diagnosis=("the Android version could not be read",), layer="device")

# WebKitGTK: no create-web-view handler drops window.open, as a WKWebView app without
# webView(_:createWebViewWith:…) does: the catalog warns on ios-wkwebview.
WEBKIT_WARNS = {"env.platform": IOS_VERSION,
                "nav.windowOpen": Expect(diagnosis=("createWebViewWith",), layer="webview", remedy="createWebViewWith")}
QT_WARNS = {"env.platform": ANDROID_VERSION}

# WebKitGTK's permission-request carries no origin (ENGINES.md): an app can only compare
# the page's URI, which is its own origin while a foreign frame asks. So every WebKit host
# that grants its own origin also grants the second origin's frames, whatever its check.
# iOS hands the delegate the requesting frame's origin; this engine cannot show that.
WEBKIT_FOREIGN = Expect(diagnosis=("granted on another host and on another port",), layer="webview", remedy="origin.protocol",
                        observed="same host other port: granted, other host: granted")

# QtWebEngine answers the page's later {video, audio} request from the video grant it
# already holds, without asking the app's callback (no MediaAudioVideoCapture request in the
# host log, also with AskEveryTime), and resolves it with a video-only stream. The catalog
# counts audio tracks (Areas/Camera/CameraGrantScope.swift: a video-only stream is the correct grant), so the
# correct host passes camera.scope; qt-grants-every-resource shows a real audio grant.
CAMERA_CHAIN = ("camera.api", "camera.devices", "camera.getUserMedia", "camera.frames", "camera.reacquire")
WORKING = ("env.script", "env.secureContext", "env.viewport", "storage.local", "storage.session", "storage.indexedDB",
           "cookie.document", "cookie.server", "storage.navigation", "fetch.sameOrigin", "fetch.credentials",
           "fetch.cors", "fetch.integrity", "xhr.sameOrigin", "media.autoplay", "media.inline",
           "file.accept", "file.cancel") + CAMERA_CHAIN

# location.position is information on every platform (what the app decides), so it never
# fails a case: its observed text and diagnosis are asserted instead. A host that grants the
# location answers as an app configured for it would; what comes next is the engine's own
# location provider, which none of these machines has (docs/engines.md): WebKitGTK asks
# GeoClue over D-Bus and answers POSITION_UNAVAILABLE within milliseconds; QtWebEngine's Qt
# Positioning source never delivers, so getCurrentPosition ends with its own TIMEOUT after
# positionMs (15 s); the Chromium host overrides the position through DevTools, a fix.
LOCATION_WEBKIT = {"location.position": "unavailable in"}
LOCATION_QT = {"location.position": "timeout in 15"}
# A host that denies the location at once: refused in milliseconds, no person in it.
LOCATION_DENIED_AT_ONCE = {"location.position": "with no prompt and no person in it"}

CAMERA_NOT_GRANTED = ("camera.frames", "camera.reacquire")  # skipped: the camera was not granted (camera-not-granted)

# QtWebEngine's window is its whole screen and has no system bars, so as android-webview the
# page spans the screen with no safe-area inset: what an app drawn edge to edge under the
# bars, or one that hid them, gives. With no Android version to go by it is a note naming both.
WORKING_QT = tuple(p for p in WORKING if p != "env.viewport")
QT_VIEWPORT = {"env.viewport": "or the app hides the status and navigation bars (immersive mode)"}


# camera.microphone measures the microphone camera.scope's {audio:true} request was granted:
# a host that grants every requested resource fails both, the microphone as a consequence of
# camera.scope (the finding's consequenceOf), with the same diagnosis.
def microphone_granted(*phrases):
    return Expect(diagnosis=("Audio was granted",) + phrases, layer="webview")


def webkit(id, verdict, settings=None, fails=None, warns=None, foreign=True, **kw):
    f = dict(fails or {})
    if foreign:
        f["camera.foreignOrigin"] = WEBKIT_FOREIGN
    w = {k: v for k, v in {**WEBKIT_WARNS, **(warns or {})}.items() if v is not None}
    return Case(id=id, engine="webkit", settings=settings or {}, verdict=verdict, fails=f, warns=w, **kw)


def qt(id, verdict, settings=None, fails=None, warns=None, **kw):
    w = {k: v for k, v in {**QT_WARNS, **(warns or {})}.items() if v is not None}
    # QtWebEngine has no location provider here: a granted request waits out positionMs (15 s)
    # for a fix that never comes. Only the cases about the location grant it; the rest answer
    # as an app that does not use the location (the step is information either way).
    s = {"geolocation": "deny", **(settings or {})}
    return Case(id=id, engine="qt", settings=s, verdict=verdict, fails=dict(fails or {}), warns=w, **kw)


# WebKitGTK's enable-html5-local-storage turns off localStorage only; sessionStorage and
# IndexedDB keep working (iOS has no DOM-storage switch at all: a data store that refuses
# storage is its nearest cause, which is what the catalog names).
STORAGE_OFF_WEBKIT = {
    "storage.local": Expect(diagnosis=("localStorage", "website data store"), layer="webview", remedy=".default()"),
}
# Blink's local-storage switch (Qt's LocalStorageEnabled, Android's domStorageEnabled)
# turns off localStorage; sessionStorage and IndexedDB keep working in this engine.
STORAGE_OFF_QT = {
    "storage.local": Expect(diagnosis=("localStorage", "domStorageEnabled"), layer="webview", remedy="domStorageEnabled = true"),
}
# The navigation probe keeps a localStorage marker across a full navigation: with storage
# off it cannot, a direct consequence of the same setting.
NAV_LOST_STORAGE = Expect(diagnosis=("localStorage marker",), layer="webview")
NAV_LOST_COOKIE = Expect(diagnosis=("the cookie",), layer="webview")


def cookies_blocked(remedy, family_phrase):
    e = Expect(diagnosis=(family_phrase,), layer="webview", remedy=remedy)
    return {"cookie.document": e, "cookie.server": e, "fetch.credentials": e}


def camera_denied_webview(platform_phrase, remedy):
    # A fast denial with no prompt is the WebView's handler or the app's OS permission: the
    # diagnosis names the handler first and both checks (the OS layer cannot be seen here).
    causes = (("android.camera.no-permission-handler", "android.camera.no-runtime-permission") if "RESOURCE_VIDEO_CAPTURE" in platform_phrase
              else ("ios.camera.delegate-denied", "ios.camera.settings-denied"))
    return Expect(diagnosis=(platform_phrase, "check:"), layer="webview", remedy=remedy, causes=causes)


# Each wrapper's bridge as its native side injects it before the page's scripts (the
# names are the wrappers' own: docs/wrappers.md cites where each is defined).
CORDOVA_ANDROID = "window._cordovaNative = {}; window.cordova = {platformId: 'android', version: '14.0.1'};"
CORDOVA_IOS = "window.cordova = {platformId: 'ios', version: '8.0.0'};"
CAPACITOR_ANDROID = ("window.androidBridge = {postMessage: function () {}}; window.Capacitor = {getPlatform: function () "
                     "{ return 'android'; }, isNativePlatform: function () { return true; }};")
CAPACITOR_IOS = ("window.Capacitor = {getPlatform: function () { return 'ios'; }, "
                 "isNativePlatform: function () { return true; }};")
RN_BRIDGE = "window.ReactNativeWebView = {postMessage: function () {}};"
INAPPWEBVIEW = "window.flutter_inappwebview = {callHandler: function () { return Promise.resolve(); }};"
MAUI_HYBRID = "window.HybridWebView = {SendRawMessage: function () {}};"

CASES = [
    # --- WebKitGTK, stand-in for WKWebView (ios-wkwebview) ---------------------------
    webkit("webkit-correct", "not-ready", passes=WORKING + ("camera.scope", "camera.microphone"), missing=OPERATOR,
           observed=LOCATION_WEBKIT,
           why="the correct WKWebView configuration; not-ready only through the WebKitGTK origin limitation"),
    webkit("webkit-geolocation-denied", "not-ready", {"geolocation": "deny"}, missing=OPERATOR,
           observed={"location.position": "denied in"}, diagnoses=LOCATION_DENIED_AT_ONCE,
           why="the location refused by the app, not the person: information (location.denied-without-prompt), no failure"),
    webkit("webkit-javascript-off", "not-ready", {"javascript": "off"}, foreign=False,
           fails={"env.script": Expect(diagnosis=("JavaScript is off",), layer="webview", remedy="allowsContentJavaScript = true")},
           warns={"env.platform": None, "nav.windowOpen": None}),
    webkit("webkit-dom-storage-off", "not-ready", {"dom_storage": "off"}, screenshot="engine-storage-off.png",
           fails={**STORAGE_OFF_WEBKIT, "storage.navigation": NAV_LOST_STORAGE}),
    webkit("webkit-cookies-never", "not-ready", {"cookies": "never"},
           fails={**cookies_blocked(".default()", "data store or HTTPCookieStorage.cookieAcceptPolicy refuses"),
                  "storage.navigation": NAV_LOST_COOKIE},
           observed={"cookie.thirdParty": "read back no"}),
    webkit("webkit-third-party-blocked", "not-ready", {"cookies": "no-third-party"},
           observed={"cookie.thirdParty": "read back no"},
           why="iOS blocks third-party cookies whatever the app does (ITP): expected-blocked, so a pass"),
    webkit("webkit-no-media-handler", "not-ready", {"media_handler": "none"}, foreign=False,
           fails={"camera.getUserMedia": camera_denied_webview("requestMediaCapturePermissionFor", "requestMediaCapturePermissionFor")},
           why="WebKitGTK's default with no handler is deny (iOS would prompt): the page sees the delegate layer refuse"),
    webkit("webkit-handler-denies", "not-ready", {"media_handler": "deny"}, foreign=False,
           screenshot="engine-camera-denied.png",
           fails={"camera.getUserMedia": camera_denied_webview("requestMediaCapturePermissionFor", "requestMediaCapturePermissionFor")}),
    webkit("webkit-grants-every-resource", "not-ready", {"grant": "requested"},
           fails={"camera.scope": Expect(diagnosis=("Audio was granted", "grants without looking at the capture type"),
                                         layer="webview", remedy="type == .camera"),
                  "camera.microphone": microphone_granted("grants without looking at the capture type")}),
    webkit("webkit-file-panel-never-answers", "not-ready", {"file_chooser": "ignore"},
           fails={"file.accept": Expect(diagnosis=("file panel never answered",), layer="webview", remedy="runOpenPanelWith"),
                  # The same unanswered panel: the cancel-then-pick step cannot open it again.
                  "file.cancel": Expect(diagnosis=("did not call its completion handler",), layer="webview"),
                  # Nothing was picked: the panel's failure, not a HEIC the server refused.
                  "file.heic": Expect(diagnosis=("file panel never answered",), layer="webview", remedy="runOpenPanelWith")},
           why="iOS: a runOpenPanelWith that never calls its completion handler (with none, iOS uploads work by "
               "default); the page ends each tapped step after answerWait, as a person pressing \"Nothing happened\""),
    webkit("webkit-cancel-then-pick", "not-ready", {"file_chooser": "cancel-then-pick"},
           passes=("file.cancel",), observed={"file.accept": "the chooser was cancelled"}),
    webkit("webkit-gesture-required", "not-ready", {"gesture_required": "on"},
           fails={"media.autoplay": Expect(diagnosis=("mediaTypesRequiringUserActionForPlayback",), layer="webview",
                                           remedy="mediaTypesRequiringUserActionForPlayback = []")}),
    # WebKitGTK without inline playback refuses play() outright (the video neither plays nor
    # goes fullscreen): the unmuted autoplay video and the camera preview stop with it.
    # WebKitGTK without inline playback refuses play() outright (the video neither plays nor
    # goes fullscreen): the unmuted autoplay video and the camera preview stop with it, and
    # the catalog names inline playback for all three (the gesture setting cannot be judged
    # until the video may play in the page at all).
    webkit("webkit-inline-off", "not-ready", {"inline": "off"},
           fails={"media.inline": Expect(diagnosis=("allowsInlineMediaPlayback",), layer="webview", remedy="allowsInlineMediaPlayback = true"),
                  "media.autoplay": Expect(diagnosis=("allowsInlineMediaPlayback is false",), layer="webview",
                                           remedy="allowsInlineMediaPlayback = true"),
                  "camera.frames": Expect(diagnosis=("allowsInlineMediaPlayback is false",), layer="webview",
                                          remedy="allowsInlineMediaPlayback = true")}),

    # The app does not trust the local CA (no network security config for user CAs, no
    # profile installed): GnuTLS drops the connection after the certificate without an alert.
    webkit("webkit-ca-untrusted", "incomplete", {"trust": "none"}, foreign=False,
           warns={"env.platform": None, "nav.windowOpen": None}, refused="hung-up",
           why="the page never loads; the server names the refused certificate in the run and in `wait`"),

    # --- QtWebEngine, stand-in for Android WebView (android-webview) ------------------
    qt("qt-correct", "ready", {"geolocation": "grant"}, passes=WORKING_QT + ("camera.scope", "camera.microphone", "camera.foreignOrigin", "cookie.thirdParty"),
       missing=OPERATOR, diagnoses=QT_VIEWPORT, observed=LOCATION_QT,
       screenshot="engine-correct.png", why="the correct Android configuration"),
    qt("qt-geolocation-denied", "ready", {"geolocation": "deny"}, missing=OPERATOR,
       observed={"location.position": "denied in"}, diagnoses=LOCATION_DENIED_AT_ONCE,
       why="the location refused by the app, not the person: information (location.denied-without-prompt), no failure"),
    # Android's default WebChromeClient.onGeolocationPermissionsShowPrompt does nothing: the
    # request is never answered, and the page's own bound (answerWaitUnattendedMs) ends it.
    qt("qt-geolocation-unanswered", "ready", {"geolocation": "ignore"}, missing=OPERATOR,
       observed={"location.position": "timeout in 200"}, diagnoses={"location.position": "No answer to getCurrentPosition within 20 s"},
       why="a geolocation request nobody answers: the page stops waiting after answerWaitUnattendedMs (errorCode null)"),
    # Blink rejects the certificate with a certificate_unknown alert, as Android's WebView does.
    qt("qt-ca-untrusted", "incomplete", {"trust": "none"}, warns={"env.platform": None}, refused="alert certificate_unknown"),
    qt("qt-javascript-off", "not-ready", {"javascript": "off"},
       fails={"env.script": Expect(diagnosis=("JavaScript is off", "its default is false"), layer="webview",
                                   remedy="javaScriptEnabled = true", causes=("android.javascript-off",))},
       warns={"env.platform": None}),
    qt("qt-dom-storage-off", "not-ready", {"dom_storage": "off"},
       fails={**STORAGE_OFF_QT, "storage.navigation": NAV_LOST_STORAGE}),
    # Qt's cookie filter is Chromium's cookie content setting, which blocks DOM storage and
    # IndexedDB too (ENGINES.md); Android's setAcceptCookie(false) leaves storage alone. The
    # storage failures are this stand-in's, so only their presence is asserted.
    qt("qt-cookies-never", "not-ready", {"cookies": "never"},
       fails={**cookies_blocked("setAcceptCookie(true)", "CookieManager does not accept cookies"),
              "storage.local": Expect(layer="webview"), "storage.session": Expect(layer="webview"),
              "storage.indexedDB": Expect(layer="webview"),
              "storage.navigation": NAV_LOST_COOKIE,
              "cookie.thirdParty": Expect(diagnosis=("setAcceptThirdPartyCookies",), layer="webview",
                                          remedy="setAcceptThirdPartyCookies(webView, true)")}),
    qt("qt-third-party-blocked", "not-ready", {"cookies": "no-third-party"},
       fails={"cookie.thirdParty": Expect(diagnosis=("setAcceptThirdPartyCookies(webView, true)",), layer="webview",
                                          remedy="setAcceptThirdPartyCookies(webView, true)")}),
    qt("qt-no-media-handler", "not-ready", {"media_handler": "none"},
       fails={"camera.getUserMedia": camera_denied_webview("does not grant RESOURCE_VIDEO_CAPTURE",
                                                           "onPermissionRequest")}),
    qt("qt-handler-denies", "not-ready", {"media_handler": "deny"},
       fails={"camera.getUserMedia": camera_denied_webview("does not grant RESOURCE_VIDEO_CAPTURE",
                                                           "onPermissionRequest")}),
    qt("qt-grants-every-origin", "not-ready", {"media_handler": "all"},
       fails={"camera.foreignOrigin": Expect(diagnosis=("granted on another host and on another port", "PermissionRequest.getOrigin() check"),
                                             layer="webview", remedy="request.origin.scheme",
                                             observed="same host other port: granted, other host: granted")}),
    # The LiveForm guide (liveform, the default set) itself checks the host only, so there this is a
    # warning; the strict scheme-host-port check (video-only) fails it: both diffs are asserted.
    qt("qt-host-only-check", "ready", {"media_handler": "host-only"},
       warns={"camera.foreignOrigin": Expect(diagnosis=("other port only", "checks the host only", "compares the host but not the port"),
                                             layer="webview", remedy="request.origin.scheme",
                                             observed="same host other port: granted, other host: error")},
       missing=OPERATOR),
    qt("qt-grants-every-resource", "not-ready", {"grant": "requested"},
       fails={"camera.scope": Expect(diagnosis=("Audio was granted", "request.grant(request.resources)"),
                                     layer="webview", remedy="Never request.grant(request.resources)",
                                     observed="{audio} granted"),
              "camera.microphone": microphone_granted("request.grant(request.resources)")}),
    # Android's default onShowFileChooser cancels every request, and Blink (Chrome 113+) fires
    # the input's cancel event for it a few ms after the tap: sooner than any person can see
    # a chooser (Diff.fastCancelMs), so the catalog names the missing chooser, in both steps.
    qt("qt-no-file-chooser", "not-ready", {"file_chooser": "none"},
       fails={"file.accept": Expect(diagnosis=("onShowFileChooser is not implemented", "sooner than a person"), layer="webview",
                                    remedy="onShowFileChooser"),
              "file.cancel": Expect(diagnosis=("onShowFileChooser is not implemented",), layer="webview", remedy="onShowFileChooser")}),
    qt("qt-cancel-then-pick", "incomplete", {"file_chooser": "cancel-then-pick"},
       passes=("file.cancel",), observed={"file.accept": "the chooser was cancelled"},
       missing=OPERATOR + ("file.accept",)),
    qt("qt-gesture-required", "not-ready", {"gesture_required": "on"},
       fails={"media.autoplay": Expect(diagnosis=("mediaPlaybackRequiresUserGesture",), layer="webview",
                                       remedy="mediaPlaybackRequiresUserGesture = false")}),

    # --- Wrappers: each presents its bridge (an injected global) or a user agent token, and
    # keeps its own default; the server must name the wrapper, its default and its own fix.
    # cordova-android's SystemWebChromeClient grants every requested resource to every origin:
    # the Qt host granting every origin and every resource is that default.
    qt("qt-cordova-default-chrome-client", "not-ready", {"media_handler": "all", "grant": "requested",
                                                         "wrapper_script": CORDOVA_ANDROID},
       fails={"camera.foreignOrigin": Expect(diagnosis=("Cordova default, which this app did not override", "SystemWebChromeClient"),
                                             layer="webview", observed="other host: granted"),
              "camera.scope": Expect(diagnosis=("SystemWebChromeClient",), layer="webview"),
              "camera.microphone": microphone_granted()},
       wrapper="cordova", wrapper_fixes={"camera.foreignOrigin": "extends SystemWebChromeClient",
                                         "camera.scope": "extends SystemWebChromeClient"}),
    # Capacitor's BridgeWebChromeClient asks for CAMERA, then grants the same way.
    qt("qt-capacitor-default-chrome-client", "not-ready", {"media_handler": "all", "grant": "requested",
                                                           "wrapper_script": CAPACITOR_ANDROID},
       fails={"camera.foreignOrigin": Expect(diagnosis=("Capacitor default", "BridgeWebChromeClient"), layer="webview"),
              "camera.scope": Expect(diagnosis=("BridgeWebChromeClient",), layer="webview"),
              "camera.microphone": microphone_granted()},
       wrapper="capacitor", wrapper_fixes={"camera.foreignOrigin": "BridgeWebChromeClient(capBridge)"}),
    # react-native-webview's Android chrome client grants any origin; its grant type is iOS-only,
    # so the fix is a patch of RNCWebChromeClient, not the prop.
    qt("qt-react-native-default-chrome-client", "not-ready", {"media_handler": "all", "wrapper_script": RN_BRIDGE},
       fails={"camera.foreignOrigin": Expect(diagnosis=("react-native-webview default", "RNCWebChromeClient"), layer="webview")},
       wrapper="react-native-webview", wrapper_fixes={"camera.foreignOrigin": "request.getOrigin()"}),
    # flutter_inappwebview without onPermissionRequest denies the camera.
    qt("qt-flutter-inappwebview-no-callback", "not-ready", {"media_handler": "none", "wrapper_script": INAPPWEBVIEW},
       fails={"camera.getUserMedia": Expect(diagnosis=("flutter_inappwebview default", "defaultBehaviour"), layer="webview")},
       wrapper="flutter_inappwebview", wrapper_fixes={"camera.getUserMedia": "Permission.camera.request()"}),
    # webview_flutter injects nothing: an app token in the user agent tells it. Without
    # setOnShowFileSelector its Android chrome client cancels every file input.
    qt("qt-webview-flutter-no-file-selector", "not-ready", {"file_chooser": "none", "user_agent_suffix": "webview_flutter/4.14"},
       fails={"file.accept": Expect(diagnosis=("webview_flutter default", "setOnShowFileSelector"), layer="webview"),
              "file.cancel": Expect(diagnosis=("setOnShowFileSelector",), layer="webview")},
       wrapper="webview_flutter", wrapper_fixes={"file.accept": "setOnShowFileSelector", "file.cancel": "setOnShowFileSelector"}),
    # .NET MAUI's MauiWebChromeClient has no OnPermissionRequest: the camera is denied.
    qt("qt-maui-no-permission-request", "not-ready", {"media_handler": "none", "wrapper_script": MAUI_HYBRID},
       fails={"camera.getUserMedia": Expect(diagnosis=(".NET MAUI default", "MauiWebChromeClient"), layer="webview")},
       wrapper="maui", wrapper_fixes={"camera.getUserMedia": "Permissions.RequestAsync<Permissions.Camera>()"}),
    # cordova-ios reads AllowInlineMediaPlayback from config.xml, false when unset.
    # cordova-ios answers createWebViewWith itself (AllowNewWindows: the same view, or a view of
    # its own); this host drops window.open as a WKWebView without that delegate does, which no
    # row of Cordova's explains, and the platform's row is Cordova's to answer: the finding says
    # what the page saw.
    webkit("webkit-cordova-inline-default", "not-ready", {"inline": "off", "wrapper_script": CORDOVA_IOS},
           warns={"nav.windowOpen": Expect(diagnosis=("the request for a new window was dropped",), layer="webview")},
           fails={"media.inline": Expect(diagnosis=("Cordova default", "AllowInlineMediaPlayback is false"), layer="webview"),
                  "media.autoplay": Expect(diagnosis=("allowsInlineMediaPlayback is false",), layer="webview"),
                  "camera.frames": Expect(diagnosis=("Cordova default",), layer="webview")},
           wrapper="cordova", wrapper_fixes={"media.inline": '<preference name="AllowInlineMediaPlayback" value="true" />'}),
    # Capacitor iOS answers every media-capture request with .grant.
    webkit("webkit-capacitor-default-delegate", "not-ready", {"media_handler": "all", "wrapper_script": CAPACITOR_IOS},
           wrapper="capacitor", wrapper_fixes={"camera.foreignOrigin": "CAPBridgeViewController"},
           diagnoses={"camera.foreignOrigin": "WebViewDelegationHandler answers every media-capture request with .grant"}),

    # --- Chromium, a plain browser (desktop: camera results are info) ---------------
    # On desktop the camera probes and the person's steps are info, so a plain browser whose
    # person allows or refuses the camera is ready either way; the file steps pass (the
    # profile refuses screen sharing, as a person saying no would: see chromium_host.py).
    Case(id="chromium-camera-granted", engine="chromium", settings={"camera": "granted"}, verdict="ready",
         observed={"camera.getUserMedia": "granted in", "camera.frames": "640×480", "camera.scope": "display capture error",
                   "camera.resolution": "3 of 3 sizes granted", "location.position": "granted in"},
         passes=("env.script", "camera.api", "file.accept", "file.cancel"), missing=()),
    Case(id="chromium-camera-denied", engine="chromium", settings={"camera": "denied"}, verdict="ready",
         observed={"camera.getUserMedia": "failed with NotAllowedError", "camera.frames": "the camera was not granted"},
         passes=("env.script", "camera.api", "file.accept", "file.cancel"), missing=(),
         diagnoses={"camera.getUserMedia": "already denied before the request"}),
]


# --- With the host report (docs/host-report.md) -----------------------------------------
# The hosts answer the page's host.report step with facts read from their own settings: the
# WebKit host through a `probe` script message handler with reply, the Qt host through a
# QWebChannel object. Each case below is a case above with the report, or a pair with and
# without it, and asserts what the report changes: the checklist items it verifies, and the
# cause it settles where the page alone leaves two standing.
HOST = "host-report"

# Without the report these are inferences or operator questions; the hosts know them.
WEBKIT_HOST_ITEMS = {"ios.uiDelegate": ("verified", HOST), "ios.appCameraPermission": ("verified", HOST),
                     "common.permissions.camera": ("verified", HOST),
                     # The WebKit host runs in an ephemeral context (a fresh install per run),
                     # which is what WKWebsiteDataStore.nonPersistent() is: the report says so.
                     "ios.dataStore": ("failed", HOST),
                     # Settled by the page's own probes: the host's words are evidence only.
                     "ios.javaScript": ("verified", None), "ios.mediaCaptureHandler": ("failed", None)}
QT_HOST_ITEMS = {"android.runtime.camera": ("verified", HOST), "common.permissions.camera": ("verified", HOST),
                 "android.onPermissionRequest": ("verified", None), "android.domStorageEnabled": ("verified", None),
                 "android.webviewUpToDate": ("verified", None)}


def camera_denied_settled(cause, layer, remedy):
    return Expect(layer=layer, remedy=remedy, causes=(cause,), only_causes=(cause,), absent=("does not tell these apart",))


CASES += [
    webkit("webkit-correct-report", "not-ready", {"host_report": "on"}, passes=WORKING, missing=OPERATOR,
           checklist=WEBKIT_HOST_ITEMS,
           why="the correct configuration with the report: the inferred and operator items become verified by the host"),
    # The delegate denies while the OS authorization is granted: the report rules the OS layer out.
    webkit("webkit-handler-denies-report", "not-ready", {"media_handler": "deny", "host_report": "on"}, foreign=False,
           fails={"camera.getUserMedia": camera_denied_settled("ios.camera.delegate-denied", "webview", "requestMediaCapturePermissionFor")},
           checklist={"ios.appCameraPermission": ("verified", HOST)}),
    # The app's camera switch is off (the host's stand-in for Settings): WebKit denies before
    # the delegate. Without the report the page cannot tell this from the delegate's denial...
    webkit("webkit-os-camera-denied", "not-ready", {"os_camera": "denied"}, foreign=False,
           fails={"camera.getUserMedia": camera_denied_webview("requestMediaCapturePermissionFor", "requestMediaCapturePermissionFor")},
           why="a fast NotAllowedError with no prompt: the delegate or the OS switch, the page alone cannot say which"),
    # ...with it, the OS authorization "denied" settles the OS layer.
    webkit("webkit-os-camera-denied-report", "not-ready", {"os_camera": "denied", "host_report": "on"}, foreign=False,
           fails={"camera.getUserMedia": camera_denied_settled("ios.camera.settings-denied", "user-or-os", "openSettingsURLString")},
           checklist={"ios.appCameraPermission": ("unconfirmed", None)}),
    qt("qt-correct-report", "ready", {"host_report": "on"}, passes=WORKING_QT + ("camera.scope", "camera.foreignOrigin", "cookie.thirdParty"), diagnoses=QT_VIEWPORT,
       missing=OPERATOR, checklist=QT_HOST_ITEMS),
    qt("qt-no-media-handler-report", "not-ready", {"media_handler": "none", "host_report": "on"},
       fails={"camera.getUserMedia": camera_denied_settled("android.camera.no-permission-handler", "webview", "onPermissionRequest")},
       checklist={"android.onPermissionRequest": ("failed", None)}),
    qt("qt-os-camera-denied-report", "not-ready", {"os_camera": "denied", "host_report": "on"},
       fails={"camera.getUserMedia": camera_denied_settled("android.camera.no-runtime-permission", "user-or-os", "checkSelfPermission")},
       checklist={"android.runtime.camera": ("failed", HOST)}),
    qt("qt-dom-storage-off-report", "not-ready", {"dom_storage": "off", "host_report": "on"},
       fails={"storage.local": Expect(diagnosis=("localStorage", "domStorageEnabled"), layer="webview", remedy="domStorageEnabled = true",
                                      causes=("android.dom-storage-off",), only_causes=("android.dom-storage-off",)),
              "storage.navigation": NAV_LOST_STORAGE},
       checklist={"android.domStorageEnabled": ("failed", None)}),
    # The app reports the profile's settings, not the page's (another object than the one the
    # WebView uses): the report says DOM storage is on while localStorage is null.
    qt("qt-report-reads-another-webview", "not-ready", {"dom_storage": "off", "host_report": "stale"},
       fails={**STORAGE_OFF_QT, "storage.navigation": NAV_LOST_STORAGE},
       warns={"host.report": Expect(diagnosis=("the host says domStorageEnabled = true", "storage.local found localStorage null"),
                                    layer="webview", causes=("host.contradiction.domStorageEnabled",))}),
]
