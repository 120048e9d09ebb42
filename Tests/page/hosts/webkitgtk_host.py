"""A WebKitGTK WebView host, the stand-in for WKWebView (Tests/page, ENGINES.md).

Run with the system Python under X: xvfb-run -a /usr/bin/python3 webkitgtk_host.py URL CAMERA
CAMERA is the app's media-capture decision: `grant` allows video-only requests (whatever the
origin: WebKitGTK's request has no origin getter, like a delegate that never checks it),
`deny` refuses every request. Prints `FINISHED <verdict>|<run>` when the page ends."""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

url, camera = sys.argv[1], sys.argv[2]
context = WebKit2.WebContext.get_default()
# The server's local CA is not trusted here; the app under test would trust it through /setup.
context.get_website_data_manager().set_tls_errors_policy(WebKit2.TLSErrorsPolicy.IGNORE)
view = WebKit2.WebView.new_with_context(context)
settings = view.get_settings()
settings.set_enable_media_stream(True)
settings.set_enable_mock_capture_devices(True)  # a fake 640×480 camera with moving frames
settings.set_media_playback_requires_user_gesture(False)
settings.set_media_playback_allows_inline(True)


def on_permission(_view, request):
    if not isinstance(request, WebKit2.UserMediaPermissionRequest):
        return False
    video_only = request.get_property("is-for-video-device") and not request.get_property("is-for-audio-device")
    print("permission-request", "video" if video_only else "audio", flush=True)
    if camera == "grant" and video_only:
        request.allow()
    else:
        request.deny()
    return True


def poll():
    view.evaluate_javascript("document.documentElement.getAttribute('data-finished') + '|' + (window.ProbeApp && ProbeApp.run)",
                             -1, None, None, None, on_value, None)
    return True


def on_value(v, res, _):
    try:
        value = v.evaluate_javascript_finish(res).to_string()
    except GLib.Error:
        return
    if not value.startswith("null"):
        print("FINISHED", value, flush=True)
        Gtk.main_quit()


view.connect("permission-request", on_permission)
# A mapped window: in an offscreen one getUserMedia never settles (ENGINES.md).
window = Gtk.Window()
window.set_default_size(390, 844)
window.add(view)
window.show_all()
GLib.timeout_add(500, poll)
GLib.timeout_add_seconds(170, lambda: (print("TIMEOUT", flush=True), Gtk.main_quit()))
view.load_uri(url)
Gtk.main()
