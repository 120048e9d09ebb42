#!/usr/bin/env python3
"""A QtWebEngine host configured like an app configures Android's WebView.

Blink (Qt 6.11, Chrome 140) through PyQt6-WebEngine, offscreen. The app's settings are
arguments (see common.parse_settings); every decision the host takes is logged as a JSON line.

The Qt counterparts of the Android settings:
  JavaScript            JavascriptEnabled              (settings.javaScriptEnabled)
  DOM storage           LocalStorageEnabled            (settings.domStorageEnabled)
  cookies               cookieStore().setCookieFilter  (CookieManager.setAcceptCookie /
                                                        setAcceptThirdPartyCookies)
  media-capture handler permissionRequested, decided   (WebChromeClient.onPermissionRequest,
                        in the slot from origin()       request.origin, grant(resources))
  geolocation           permissionRequested, Geolocation (onGeolocationPermissionsShowPrompt)
  file chooser          chooseFiles override           (onShowFileChooser)
  gesture for media     PlaybackRequiresUserGesture    (mediaPlaybackRequiresUserGesture)
  local CA              certificateError, accepted when the leaf is one the host verified
Android has no inline-playback setting: --inline has no effect here.
"""

import hashlib
import json
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")
os.environ["QTWEBENGINE_CHROMIUM_FLAGS"] = (os.environ.get("QTWEBENGINE_CHROMIUM_FLAGS", "") +
                                            " --use-fake-device-for-media-stream").strip()

from PyQt6.QtCore import QEventLoop, QFile, QIODevice, QObject, QPoint, Qt, QTimer, QUrl, pyqtSlot  # noqa: E402
from PyQt6.QtTest import QTest  # noqa: E402
from PyQt6.QtWebChannel import QWebChannel  # noqa: E402
from PyQt6.QtWebEngineCore import (QWebEnginePage, QWebEnginePermission, QWebEngineProfile,  # noqa: E402
                                   QWebEngineScript, QWebEngineSettings, QWebEngineUrlRequestInterceptor,
                                   qWebEngineChromiumVersion)
from PyQt6.QtWebEngineWidgets import QWebEngineView  # noqa: E402
from PyQt6.QtWidgets import QApplication  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import host_report  # noqa: E402

P = QWebEnginePermission.PermissionType
SHOW_VERDICT_JS = "var s = document.getElementById('summary'); if (s) s.scrollIntoView({block: 'start'});"


class AppPage(QWebEnginePage):
    def __init__(self, profile, host):
        super().__init__(profile, host.view)
        self.host = host

    def chooseFiles(self, mode, old_files, accepted_mime_types):  # noqa: N802 (Qt's name)
        h = self.host
        answer = h.chooser.answer(h.farm.last_id)
        h.log("chooser", n=h.chooser.count, accept=list(accepted_mime_types), answer=answer)
        if answer == "pick":
            h.farm.chooser_closed()
            return [h.a.file]
        if answer == "cancel":
            # The person looks at the chooser, then backs out; the app answers the callback
            # with null. Qt's chooseFiles is synchronous: the event loop keeps running meanwhile.
            h.farm.chooser_opened()
            loop = QEventLoop()
            QTimer.singleShot(int(common.PERSON_CANCEL_S * 1000), loop.quit)
            loop.exec()
        h.farm.chooser_closed()
        # none: Android's default onShowFileChooser "cancels all file requests" (docs/requirements.md#file-input) at
        # once, before anything is on screen. Both reach Blink as no files.
        return []

    def javaScriptConsoleMessage(self, level, message, line, source):  # noqa: N802
        pass


class ProbeHost(QObject):
    """The Android snippet's @JavascriptInterface object, as a QWebChannel object: the page
    calls probeHost.hostReport(request) and gets the report back as the slot's value."""

    def __init__(self, host):
        super().__init__()
        self.host = host

    @pyqtSlot(str, result=str)
    def hostReport(self, request):  # noqa: N802 (the page's name)
        h = self.host
        try:
            asked = json.loads(request).get("type") == "host-report-request"
        except ValueError:
            asked = False
        if not asked or not host_report.answers(h.page.url().toString(), h.a.app_origin):
            return ""
        report = h.host_report()
        h.log("host-report", facts=sorted(json.loads(report)["facts"]))
        return report


def qwebchannel_js():
    """Qt's own qwebchannel.js, which an app injects for its pages (https://doc.qt.io/qt-6/qtwebchannel-javascript.html)."""
    f = QFile(":/qtwebchannel/qwebchannel.js")
    if not f.open(QIODevice.OpenModeFlag.ReadOnly):
        raise RuntimeError("qwebchannel.js is not in Qt's resources")
    return bytes(f.readAll()).decode()


class BeaconWatch(QWebEngineUrlRequestInterceptor):
    """Evidence for env.script: the engine fetched the <noscript> beacon."""

    def __init__(self, log):
        super().__init__()
        self.log = log

    def interceptRequest(self, info):  # noqa: N802
        url = info.requestUrl().toString()
        if "/probe/noscript" in url:
            self.log("noscript-beacon", uri=url)


class Host:
    def __init__(self, a, app):
        self.a, self.app = a, app
        self.log = common.Log()
        self.farm = common.Farm(common.farm_taps(a.url, a.trust_ca))
        self.find_taps_js = common.find_taps_js(self.farm.buttons)
        self.chooser = common.Chooser(a.file_chooser, a.file)
        self.finished = None
        self.code = 1
        self.pending_permissions = []  # requests the host took and never answers (kept alive)
        self.trusted = set()
        if a.trust_ca:
            for host, certs in common.verified_leaf_certs(a.trust_ca, common.origins_of_run(a.url, a.trust_ca)).items():
                for _pem, digest in certs:
                    self.trusted.add(digest)
                    self.log("trust", host=host, sha256=digest)

        self.view = QWebEngineView()
        self.profile = QWebEngineProfile(self.view)  # off the record: a fresh app install
        # Android asks onPermissionRequest every time; Qt would remember the first answer.
        self.profile.setPersistentPermissionsPolicy(QWebEngineProfile.PersistentPermissionsPolicy.AskEveryTime)
        self.beacon_watch = BeaconWatch(self.log)
        self.profile.setUrlRequestInterceptor(self.beacon_watch)
        store = self.profile.cookieStore()
        if a.cookies == "never":
            store.setCookieFilter(lambda request: False)
        elif a.cookies == "no-third-party":
            store.setCookieFilter(lambda request: not request.thirdParty)
        if a.user_agent_suffix:
            self.profile.setHttpUserAgent(self.profile.httpUserAgent() + " " + a.user_agent_suffix)
        self.page = AppPage(self.profile, self)
        if a.wrapper_script:
            bridge = QWebEngineScript()
            bridge.setName("wrapper-bridge")
            bridge.setSourceCode(a.wrapper_script)
            bridge.setInjectionPoint(QWebEngineScript.InjectionPoint.DocumentCreation)
            bridge.setWorldId(QWebEngineScript.ScriptWorldId.MainWorld)
            bridge.setRunsOnSubFrames(False)
            self.page.scripts().insert(bridge)
        s = self.page.settings()
        W = QWebEngineSettings.WebAttribute
        s.setAttribute(W.JavascriptEnabled, a.javascript == "on")
        s.setAttribute(W.LocalStorageEnabled, a.dom_storage == "on")
        s.setAttribute(W.PlaybackRequiresUserGesture, a.gesture_required == "on")
        s.setAttribute(W.FullScreenSupportEnabled, True)
        self.page.permissionRequested.connect(self.on_permission)
        if a.host_report != "off":
            self.channel = QWebChannel(self.page)
            self.probe_host = ProbeHost(self)
            self.channel.registerObject("probeHost", self.probe_host)
            self.page.setWebChannel(self.channel)
            script = QWebEngineScript()
            script.setName("qwebchannel")
            script.setSourceCode(qwebchannel_js())
            script.setInjectionPoint(QWebEngineScript.InjectionPoint.DocumentCreation)
            script.setWorldId(QWebEngineScript.ScriptWorldId.MainWorld)
            script.setRunsOnSubFrames(False)
            self.page.scripts().insert(script)
        self.page.certificateError.connect(self.on_certificate_error)
        self.page.fullScreenRequested.connect(lambda r: r.accept())
        self.page.loadFinished.connect(lambda ok: self.log("load", ok=ok, uri=self.page.url().toString()))
        self.view.setPage(self.page)
        screen = app.primaryScreen().size()
        # The WebView fills the screen, as an app's verification screen does.
        self.view.resize(screen.width() if a.width <= 0 else a.width, screen.height() if a.height <= 0 else a.height)
        self.view.show()
        self.view.load(QUrl(a.url))
        self.log("start", engine="QtWebEngine", settings={k: v for k, v in vars(a).items() if k != "url"})

        self.timer = QTimer()
        self.timer.timeout.connect(self.poll)
        self.timer.start(250)
        QTimer.singleShot(int(a.timeout * 1000), self.give_up)

    # --- the app's callbacks -------------------------------------------------------

    def on_permission(self, permission):
        kind = permission.permissionType()
        url = permission.origin()
        origin = (url.scheme(), url.host(), url.port({"https": 443, "http": 80}.get(url.scheme(), 0)))
        if kind == P.Geolocation:
            return self.on_geolocation(permission, origin)
        video = kind in (P.MediaVideoCapture, P.MediaAudioVideoCapture)
        audio = kind in (P.MediaAudioCapture, P.MediaAudioVideoCapture)
        mode = self.a.media_handler
        if video and self.a.os_camera == "denied":
            # The app lacks the CAMERA runtime permission: the WebView cannot open the camera
            # whatever the handler says (docs/host-report.md); the host's OS switch denies first.
            self.log("permission", type=kind.name, video=video, audio=audio, origin=list(origin), decision="os-denied")
            permission.deny()
            return
        if mode == "none":
            # Android's default WebChromeClient.onPermissionRequest denies (docs/requirements.md#camera-getusermedia:
            # without a handler, the WebView denies the page even when the app holds the camera).
            decision = False
        elif not (video or audio):
            decision = False
        else:
            decision = common.app_decides(mode, origin, self.a.app_origin)
            if decision and audio and self.a.grant == "video":
                decision = False  # grant(arrayOf(RESOURCE_VIDEO_CAPTURE)) leaves audio out
        self.log("permission", type=kind.name, video=video, audio=audio, origin=list(origin),
                 decision=("default-deny" if mode == "none" else "grant" if decision else "deny"))
        permission.grant() if decision else permission.deny()

    def on_geolocation(self, permission, origin):
        """Android's WebChromeClient.onGeolocationPermissionsShowPrompt(origin, callback): an app
        that wants the page located invokes the callback with allow for its own origin
        (https://developer.android.com/reference/android/webkit/WebChromeClient#onGeolocationPermissionsShowPrompt(java.lang.String,%20android.webkit.GeolocationPermissions.Callback));
        `ignore` keeps the request and never answers it, as a prompt nobody calls back."""
        mode = self.a.geolocation
        if mode == "ignore":
            self.pending_permissions.append(permission)
            self.log("permission", type="Geolocation", origin=list(origin), decision="unanswered")
            return
        grant = mode == "grant" and common.app_decides("own-origin", origin, self.a.app_origin)
        self.log("permission", type="Geolocation", origin=list(origin), decision="grant" if grant else "deny")
        permission.grant() if grant else permission.deny()

    def host_report(self):
        """The report, read from the page's real settings (stale: the profile's, another
        object than the one the page uses, as an app that reports the wrong WebView)."""
        s = self.page.settings() if self.a.host_report == "on" else self.profile.settings()
        W = QWebEngineSettings.WebAttribute
        f = host_report.fact
        facts = {
            "cameraAuthorization": host_report.os_camera(self.a),
            "mediaCaptureHandler": f(self.a.media_handler != "none", "the host's permissionRequested slot decides (Android: onPermissionRequest)"),
            "fileChooserHandler": f(self.a.file_chooser != "none", "the host's QWebEnginePage.chooseFiles answers (Android: onShowFileChooser)"),
            "javaScriptEnabled": f(s.testAttribute(W.JavascriptEnabled), "QWebEngineSettings.testAttribute(JavascriptEnabled)"),
            "domStorageEnabled": f(s.testAttribute(W.LocalStorageEnabled), "QWebEngineSettings.testAttribute(LocalStorageEnabled)"),
            "mediaPlaybackRequiresUserGesture": f(s.testAttribute(W.PlaybackRequiresUserGesture), "QWebEngineSettings.testAttribute(PlaybackRequiresUserGesture)"),
            "acceptCookies": f(self.a.cookies != "never", "the host's QWebEngineCookieStore.setCookieFilter"),
            "acceptThirdPartyCookies": f(self.a.cookies == "always", "the host's QWebEngineCookieStore.setCookieFilter (request.thirdParty)"),
            "webViewPackage": f("QtWebEngine", "the engine the host links (QtWebEngine)"),
            "webViewVersion": f(qWebEngineChromiumVersion(), "qWebEngineChromiumVersion()"),
        }
        return host_report.document("android", "qtwebengine-host", facts)

    def on_certificate_error(self, error):
        chain = error.certificateChain()
        digest = hashlib.sha256(bytes(chain[0].toDer())).hexdigest() if chain else ""
        ok = digest in self.trusted
        self.log("certificate", url=error.url().toString(), sha256=digest, accepted=ok, error=error.description())
        error.acceptCertificate() if ok else error.rejectCertificate()

    # --- the device-farm script ----------------------------------------------------

    def poll(self):
        # ApplicationWorld: the page's globals stay untouched, and runJavaScript is no user
        # gesture in Blink (ENGINES.md), so polling hands the page no activation.
        self.page.runJavaScript(self.find_taps_js, QWebEngineScript.ScriptWorldId.ApplicationWorld, self.on_state)

    def on_state(self, value):
        if not value:
            return
        state = json.loads(value)
        if state.get("finished") and not self.finished:
            self.finished = state["finished"]
            self.log("finished", verdict=self.finished)
            self.timer.stop()
            QTimer.singleShot(400, self.finish)
            return
        tap = self.farm.next_tap(state.get("taps") or [])
        if not tap:
            return
        self.farm.clicked(tap["id"])
        self.log("tap", id=tap["id"], n=self.farm.clicks[tap["id"]], x=tap["x"], y=tap["y"])
        # A synthesized mouse click: a click from runJavaScript opens no chooser (ENGINES.md).
        target = self.view.focusProxy() or self.view
        QTest.mouseClick(target, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         QPoint(int(tap["x"]), int(tap["y"])))

    # --- the end -------------------------------------------------------------------

    def finish(self):
        if not self.a.screenshot:
            return self.quit(0, "finished")
        # The verdict at the top of the view, as the person sees it when the run ends.
        self.page.runJavaScript(SHOW_VERDICT_JS, QWebEngineScript.ScriptWorldId.ApplicationWorld)
        QTimer.singleShot(500, self.screenshot)

    def screenshot(self):
        ok = self.view.grab().save(self.a.screenshot, "PNG")
        self.log("screenshot", path=self.a.screenshot, ok=ok)
        self.quit(0, "finished")

    def give_up(self):
        """No end of the page: what it shows goes to the log first (common.STUCK_JS)."""
        why = f"no end of the page after {self.a.timeout} s"

        def logged(page):
            self.log("stuck", page=page)
            self.quit(2, why)
        self.page.runJavaScript(common.STUCK_JS, logged)
        QTimer.singleShot(3000, lambda: self.quit(2, why + " (unresponsive)"))

    def quit(self, code, why):
        self.log("exit", code=code, why=why)
        self.code = code
        self.app.quit()


def main():
    app = QApplication(sys.argv[:1])
    a = common.parse_settings(sys.argv[1:], engine="QtWebEngine")
    host = Host(a, app)
    app.exec()
    # Tear the page down before the profile, or Qt warns about a profile released first.
    host.view.setPage(None)
    del host.page
    sys.exit(host.code)


if __name__ == "__main__":
    main()
