#!/usr/bin/python3
"""A WebKitGTK host configured like an app configures WKWebView (stand-in for iOS).

WebKit2 4.1 through PyGObject, in a mapped Gtk.Window (in an OffscreenWindow getUserMedia
never settles, ENGINES.md). Run under `xvfb-run -a`. The app's settings are arguments
(see common.parse_settings); every decision the host takes is logged as a JSON line.

The WebKit counterparts of the iOS settings:
  JavaScript            Settings.enable-javascript      (allowsContentJavaScript)
  DOM storage           Settings.enable-html5-local-storage (a data store that refuses storage)
  cookies               CookieManager accept policy     (WKHTTPCookieStore / data store policy)
  media-capture handler the permission-request signal   (requestMediaCapturePermissionFor)
  geolocation           the permission-request signal, GeolocationPermissionRequest (location authorization)
  file chooser          the run-file-chooser signal     (runOpenPanelWith)
  gesture for media     media-playback-requires-user-gesture (mediaTypesRequiringUserActionForPlayback)
  inline playback       media-playback-allows-inline    (allowsInlineMediaPlayback)
  local CA              allow_tls_certificate_for_host with a leaf the host verified
"""

import json
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
gi.require_version("JavaScriptCore", "4.1")
from gi.repository import Gio, GLib, Gtk, JavaScriptCore, WebKit2  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import host_report  # noqa: E402

WORLD = "probe-farm"
# Runs in its own script world at every load: reports the farm's buttons and the page's
# end to the host. Polling with evaluate_javascript instead would run as a user gesture
# (ENGINES.md) and hand the page the activation that the autoplay probe must not have.
_WATCH_JS = """
(function () {
  var send = function () {
    try { window.webkit.messageHandlers.farm.postMessage(%s); } catch (e) {}
  };
  new MutationObserver(send).observe(document, { subtree: true, childList: true, attributes: true });
  /* Buttons that stay on screen (file.cancel) are looked at again. */
  setInterval(send, 500);
  send();
})();
"""


def watch_js(buttons):
    """The watcher for the farm's buttons `buttons` (ids, from the catalog)."""
    return _WATCH_JS % common.find_taps_js(buttons).strip().rstrip(";")


class Host:
    def __init__(self, a):
        self.a = a
        self.log = common.Log()
        self.farm = common.Farm(common.farm_taps(a.url, a.trust_ca))
        self.chooser = common.Chooser(a.file_chooser, a.file)
        self.pending_requests = []  # requests the host took and never answers (kept alive)
        self.finished = None

        self.context = WebKit2.WebContext.new_ephemeral()
        data = self.context.get_website_data_manager()
        policy = {"always": WebKit2.CookieAcceptPolicy.ALWAYS, "no-third-party": WebKit2.CookieAcceptPolicy.NO_THIRD_PARTY,
                  "never": WebKit2.CookieAcceptPolicy.NEVER}[a.cookies]
        self.context.get_cookie_manager().set_accept_policy(policy)
        data.set_tls_errors_policy(WebKit2.TLSErrorsPolicy.FAIL)
        if a.trust_ca:
            for host, certs in common.verified_leaf_certs(a.trust_ca, common.origins_of_run(a.url, a.trust_ca)).items():
                for pem, digest in certs:
                    self.context.allow_tls_certificate_for_host(Gio.TlsCertificate.new_from_pem(pem, -1), host)
                    self.log("trust", host=host, sha256=digest)

        content = WebKit2.UserContentManager()
        content.register_script_message_handler_in_world("farm", WORLD)
        content.connect("script-message-received::farm", self.on_farm_message)
        content.add_script(WebKit2.UserScript.new_for_world(
            watch_js(self.farm.buttons), WebKit2.UserContentInjectedFrames.TOP_FRAME, WebKit2.UserScriptInjectionTime.END, WORLD, None, None))
        if a.host_report != "off":
            # The iOS snippet's WKScriptMessageHandlerWithReply: window.webkit.messageHandlers.probe
            # in the page's world, answered through the reply (no evaluate_javascript, which
            # would run as a user gesture).
            content.register_script_message_handler_with_reply("probe", None)
            content.connect("script-message-with-reply-received::probe", self.on_probe_message)
        if a.wrapper_script:
            # The page's own world, before its scripts: where a wrapper's bridge global lives.
            content.add_script(WebKit2.UserScript.new(
                a.wrapper_script, WebKit2.UserContentInjectedFrames.TOP_FRAME, WebKit2.UserScriptInjectionTime.START, None, None))

        # iOS's mediaTypesRequiringUserActionForPlayback is two WebKitGTK knobs: the gesture
        # setting, and the autoplay website policy (default: allow without sound only).
        policies = WebKit2.WebsitePolicies(autoplay=WebKit2.AutoplayPolicy.ALLOW_WITHOUT_SOUND if a.gesture_required == "on"
                                           else WebKit2.AutoplayPolicy.ALLOW)
        self.view = WebKit2.WebView(web_context=self.context, user_content_manager=content, website_policies=policies)
        s = self.view.get_settings()
        s.set_enable_javascript(a.javascript == "on")
        if a.user_agent_suffix:
            s.set_user_agent(s.get_user_agent() + " " + a.user_agent_suffix)
        s.set_enable_html5_local_storage(a.dom_storage == "on")
        s.set_enable_media_stream(True)
        s.set_enable_mock_capture_devices(True)  # a fake camera with moving frames
        s.set_media_playback_requires_user_gesture(a.gesture_required == "on")
        s.set_media_playback_allows_inline(a.inline == "on")
        s.set_enable_fullscreen(True)
        s.set_enable_write_console_messages_to_stdout(False)

        self.view.connect("permission-request", self.on_permission)
        if a.file_chooser != "none":
            self.view.connect("run-file-chooser", self.on_file_chooser)
        self.view.connect("load-failed-with-tls-errors", self.on_tls_error)
        # Evidence for env.script: the engine fetched the <noscript> beacon.
        self.view.connect("resource-load-started", lambda v, res, req: "/probe/noscript" in (req.get_uri() or "")
                          and self.log("noscript-beacon", uri=req.get_uri()))
        self.view.connect("load-changed", lambda v, e: self.log("load", state=e.value_nick, uri=v.get_uri()))

        self.window = Gtk.Window(title="probe host")
        self.window.set_default_size(a.width, a.height)
        self.window.add(self.view)
        self.window.connect("destroy", lambda *_: self.quit(3, "window closed"))
        self.window.show_all()
        GLib.timeout_add(int(a.timeout * 1000), self.give_up)
        self.view.load_uri(a.url)
        self.log("start", engine="WebKitGTK", version="%d.%d.%d" % (WebKit2.get_major_version(), WebKit2.get_minor_version(),
                 WebKit2.get_micro_version()), settings={k: v for k, v in vars(a).items() if k not in ("url",)})

    # --- the app's callbacks -------------------------------------------------------

    def on_permission(self, view, request):
        if isinstance(request, WebKit2.GeolocationPermissionRequest):
            return self.on_geolocation(view, request)
        if not isinstance(request, WebKit2.UserMediaPermissionRequest):
            self.log("permission", kind=type(request).__name__, decision="deny")
            request.deny()
            return True
        video, audio = request.props.is_for_video_device, request.props.is_for_audio_device
        if video and self.a.os_camera == "denied":
            # iOS checks the app's camera authorization before it asks the delegate, and
            # denies at once when it is off (docs/host-report.md): the host's OS switch does.
            self.log("permission", video=video, audio=audio, decision="os-denied")
            request.deny()
            return True
        # The origin of the frame that asks, as iOS hands it to the delegate. WebKitGTK 2.50's
        # request has no getter for it (ENGINES.md), so the app can only compare the page's
        # URI, which is its own origin whatever frame asks. Logged as origin_source: the
        # matrix's WebKit origin baseline holds only while it is "page-uri".
        getter = getattr(request, "get_security_origin", None) or getattr(request, "get_origin", None)
        if getter:
            o = getter()
            origin = common.origin_of(o.to_string() if hasattr(o, "to_string") else str(o))
            source = "request"
        else:
            origin, source = common.origin_of(view.get_uri()), "page-uri"
        mode = self.a.media_handler
        if mode == "none":
            self.log("permission", video=video, audio=audio, origin=origin, origin_source=source, decision="engine-default")
            return False
        grant = common.app_decides(mode, origin, self.a.app_origin)
        if grant and audio and self.a.grant == "video":
            # WebKitGTK answers a request as a whole: an app that grants the camera only
            # refuses a request that also wants the microphone.
            grant = False
        self.log("permission", video=video, audio=audio, origin=origin, origin_source=source,
                 decision="allow" if grant else "deny")
        request.allow() if grant else request.deny()
        return True

    def on_geolocation(self, view, request):
        """iOS asks the app's location authorization (NSLocationWhenInUseUsageDescription,
        https://developer.apple.com/documentation/bundleresources/information-property-list/nslocationwheninuseusagedescription)
        and, from iOS 15, the WKUIDelegate's requestGeolocationPermissionFor; the host's answer is
        both: allow, deny at once, or take the request and never answer it. The request carries
        no origin (as the media request): the page's URI stands for it."""
        mode = self.a.geolocation
        if mode == "ignore":
            self.pending_requests.append(request)
            self.log("permission", kind="GeolocationPermissionRequest", decision="unanswered")
            return True
        grant = mode == "grant" and common.app_decides("own-origin", common.origin_of(view.get_uri()), self.a.app_origin)
        self.log("permission", kind="GeolocationPermissionRequest", decision="allow" if grant else "deny")
        request.allow() if grant else request.deny()
        return True

    def on_probe_message(self, manager, value, reply):
        try:
            message = json.loads(value.to_json(0))
        except Exception:  # noqa: BLE001
            message = None
        context = value.get_context()
        if not isinstance(message, dict) or message.get("type") != "host-report-request" \
                or not host_report.answers(self.view.get_uri(), self.a.app_origin):
            reply.return_value(JavaScriptCore.Value.new_null(context))
            return True
        report = self.host_report()
        self.log("host-report", facts=sorted(json.loads(report)["facts"]))
        reply.return_value(JavaScriptCore.Value.new_string(context, report))
        return True

    def host_report(self):
        """The report, read from this WebView's real settings (stale: from a fresh Settings
        object, as an app that reads another WebView than the one showing the page)."""
        s = self.view.get_settings() if self.a.host_report == "on" else WebKit2.Settings()
        f = host_report.fact
        autoplay = self.view.get_website_policies().get_autoplay_policy()
        gesture = s.get_media_playback_requires_user_gesture()
        # mediaTypesRequiringUserActionForPlayback is the gesture setting and the autoplay policy.
        needs = ["audio", "video"] if gesture else (["audio"] if autoplay == WebKit2.AutoplayPolicy.ALLOW_WITHOUT_SOUND else [])
        facts = {
            "cameraAuthorization": host_report.os_camera(self.a),
            "uiDelegate": f(True, "WebKitWebView permission-request and run-file-chooser handlers connected (the WKUIDelegate)"),
            "mediaCaptureHandler": f(self.a.media_handler != "none", "the host's permission-request handler decides (returns TRUE) for user media"),
            "javaScriptEnabled": f(s.get_enable_javascript(), "WebKitSettings.get_enable_javascript() (allowsContentJavaScript)"),
            "allowsInlineMediaPlayback": f(s.get_media_playback_allows_inline(), "WebKitSettings.get_media_playback_allows_inline()"),
            "mediaTypesRequiringUserActionForPlayback": f(needs, "WebKitSettings.get_media_playback_requires_user_gesture() and WebKitWebsitePolicies autoplay"),
            "dataStorePersistent": f(not self.context.get_website_data_manager().is_ephemeral(), "WebKitWebsiteDataManager.is_ephemeral()"),
        }
        return host_report.document("ios", "webkitgtk-host", facts)

    def on_file_chooser(self, view, request):
        mimes = list(request.get_mime_types() or [])
        answer = self.chooser.answer(self.farm.last_id)
        self.log("chooser", n=self.chooser.count, accept=mimes, answer=answer)
        if answer == "pick":
            request.select_files([self.a.file])
            self.farm.chooser_closed()
        elif answer == "cancel":
            # The person looks at the panel, then dismisses it (common.PERSON_CANCEL_S).
            self.pending_requests.append(request)
            self.farm.chooser_opened()

            def dismiss():
                request.cancel()
                self.farm.chooser_closed()
                return False
            GLib.timeout_add(int(common.PERSON_CANCEL_S * 1000), dismiss)
        else:  # ignore: taken and never answered; the page gives up on it (answerWait)
            self.pending_requests.append(request)
            self.farm.chooser_closed()
        return True

    def on_tls_error(self, view, uri, cert, errors):
        self.log("tls-error", uri=uri, errors=int(errors))
        return False

    # --- the device-farm script ----------------------------------------------------

    def on_farm_message(self, manager, value):
        try:
            state = json.loads(value.to_string() if hasattr(value, "to_string") else value.get_js_value().to_string())
        except Exception as e:  # noqa: BLE001
            self.log("farm-error", error=str(e))
            return
        if state.get("finished") and not self.finished:
            self.finished = state["finished"]
            self.log("finished", verdict=self.finished)
            GLib.timeout_add(400, self.finish)
            return
        GLib.idle_add(self.maybe_tap, state.get("taps") or [])

    def maybe_tap(self, taps):
        tap = self.farm.next_tap(taps)
        if tap:
            self.farm.clicked(tap["id"])
            self.log("tap", id=tap["id"], n=self.farm.clicks[tap["id"]])
            # A tap is a user gesture: evaluate_javascript runs as one (ENGINES.md).
            self.view.evaluate_javascript("document.getElementById(%s).click()" % json.dumps(tap["id"]), -1,
                                          None, None, None, None, None)
        return False

    # --- the end -------------------------------------------------------------------

    def finish(self):
        if self.a.screenshot:
            # The verdict at the top of the view, as the person sees it when the run ends.
            self.view.evaluate_javascript("var s = document.getElementById('summary'); if (s) s.scrollIntoView({block: 'start'});",
                                          -1, WORLD, None, None, None, None)
            GLib.timeout_add(500, lambda: self.view.get_snapshot(
                WebKit2.SnapshotRegion.VISIBLE, WebKit2.SnapshotOptions.NONE, None, self.on_snapshot) and False)
        else:
            self.quit(0, "finished")
        return False

    def on_snapshot(self, view, result):
        try:
            surface = view.get_snapshot_finish(result)
            surface.write_to_png(self.a.screenshot)
            self.log("screenshot", path=self.a.screenshot)
        except Exception as e:  # noqa: BLE001
            self.log("screenshot-error", error=str(e))
        self.quit(0, "finished")

    def give_up(self):
        """No end of the page: what it shows (its progress line and the running steps) goes to
        the log first, so a matrix failure says where the page stood."""
        def logged(view, result, *_):
            try:
                self.log("stuck", page=view.evaluate_javascript_finish(result).to_string())
            except Exception as e:  # noqa: BLE001
                self.log("stuck", error=str(e))
            self.quit(2, f"no end of the page after {self.a.timeout} s")
        self.view.evaluate_javascript(common.STUCK_JS, -1, WORLD, None, None, logged, None)
        GLib.timeout_add(3000, lambda: self.quit(2, f"no end of the page after {self.a.timeout} s (unresponsive)"))
        return False

    def quit(self, code, why):
        self.log("exit", code=code, why=why)
        self.code = code
        Gtk.main_quit()
        return False


def main():
    a = common.parse_settings(engine="WebKitGTK")
    host = Host(a)
    host.code = 1
    Gtk.main()
    sys.exit(host.code)


if __name__ == "__main__":
    main()
