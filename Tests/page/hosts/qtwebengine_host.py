"""A QtWebEngine WebView host, the stand-in for Android WebView (Tests/page, ENGINES.md).

Run: QT_QPA_PLATFORM=offscreen QTWEBENGINE_DISABLE_SANDBOX=1
     QTWEBENGINE_CHROMIUM_FLAGS=--use-fake-device-for-media-stream python3 qtwebengine_host.py URL POLICY
POLICY is the app's configuration. `strict`, as docs/requirements.md#camera-getusermedia says: onPermissionRequest grants
video capture to the page's own origin (scheme, host and port) and denies everything else,
and media plays without a gesture (mediaPlaybackRequiresUserGesture = false). `grant-all`:
request.grant(request.resources) for any origin, and the WebView's default autoplay policy.
Prints `FINISHED <verdict>|<run>` when the page ends."""
import sys

from PyQt6.QtCore import QTimer, QUrl
from PyQt6.QtWebEngineCore import QWebEnginePage, QWebEnginePermission, QWebEngineProfile, QWebEngineSettings
from PyQt6.QtWebEngineWidgets import QWebEngineView
from PyQt6.QtWidgets import QApplication

url, policy = sys.argv[1], sys.argv[2]
app = QApplication(sys.argv[:1])
profile = QWebEngineProfile("probe-host")  # a fresh, off-the-record profile per run
page = QWebEnginePage(profile)
if policy == "strict":
    page.settings().setAttribute(QWebEngineSettings.WebAttribute.PlaybackRequiresUserGesture, False)
view = QWebEngineView()
view.setPage(page)
view.resize(390, 844)
expected = QUrl(url).adjusted(QUrl.UrlFormattingOption.RemovePath | QUrl.UrlFormattingOption.RemoveQuery).toString()


def on_permission(permission):
    kind = permission.permissionType()
    origin = permission.origin().toString().rstrip("/")
    video = kind == QWebEnginePermission.PermissionType.MediaVideoCapture
    grant = policy == "grant-all" or (video and origin == expected)
    print("permission", kind.name, origin, "grant" if grant else "deny", flush=True)
    # Decide inside the slot: a later decision is ignored (ENGINES.md).
    permission.grant() if grant else permission.deny()


def on_certificate(error):
    # The server's local CA; the app under test would trust it through /setup.
    error.acceptCertificate()


def poll():
    page.runJavaScript("document.documentElement.getAttribute('data-finished') + '|' + (window.ProbeApp && ProbeApp.run)", 0, on_value)


def on_value(value):
    if value and not str(value).startswith("null"):
        print("FINISHED", value, flush=True)
        app.quit()


page.permissionRequested.connect(on_permission)
page.certificateError.connect(on_certificate)
timer = QTimer()
timer.timeout.connect(poll)
timer.start(500)
QTimer.singleShot(170000, lambda: (print("TIMEOUT", flush=True), app.quit()))
view.show()
page.load(QUrl(url))
app.exec()
