"""The page's host.report step (docs/host-report.md) in headless Chromium against the real
server, with the bridges an app injects before the page loads: an Android
@JavascriptInterface object is a plain object on window, flutter_inappwebview's callHandler
a function returning a promise, react-native-webview's postMessage a function whose answer
comes back through window.probeHostReport. Each is injected here the way the app injects it
(a script that runs before the page's own)."""
import json
import pathlib

from conftest import wait_finished

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "companions" / "fixtures"


def report_js(name):
    return json.dumps((FIXTURES / name).read_text())


# Android: addJavascriptInterface(report, "ProbeHost"). The interface cannot tell frames apart,
# so the companions return an empty string to the caller and answer into the main frame with
# evaluateJavascript("window.probeHostReport(…)") (companions/android, cordova, maui).
ANDROID = ("window.ProbeHost = { hostReport: function (request) { if (JSON.parse(request).type === 'host-report-request') "
           "setTimeout(function () { window.probeHostReport(%s); }, 50); return ''; } };")
# flutter_inappwebview: callHandler returns the handler's value through a promise.
FLUTTER = "window.flutter_inappwebview = { callHandler: function (name) { return Promise.resolve(name === 'probeHostReport' ? %s : null); } };"
# react-native-webview: postMessage, answered later with injectJavaScript("window.probeHostReport(…)").
REACT_NATIVE = ("window.ReactNativeWebView = { postMessage: function (text) { if (JSON.parse(text).type === 'host-report-request') "
                "setTimeout(function () { window.probeHostReport(JSON.parse(%s)); }, 50); } };")
# A react-native app without the snippet: the bridge exists, nobody answers.
# webview_flutter: a JavaScriptChannel named ProbeHost has postMessage only; the app answers by
# running window.probeHostReport(…) (companions/webview_flutter).
WEBVIEW_FLUTTER = ("window.ProbeHost = { postMessage: function (text) { if (JSON.parse(text).type === 'host-report-request') "
                   "setTimeout(function () { window.probeHostReport(%s); }, 50); } };")
SILENT = "window.ReactNativeWebView = { postMessage: function () {} };"
# Capacitor: the local plugin's report method, which Capacitor's bridge defines in the page as
# Capacitor.Plugins.ProbeHost; the call resolves with {report: json} (companions/capacitor).
CAPACITOR = ("window.Capacitor = { Plugins: { ProbeHost: { report: function (request) { "
             "return Promise.resolve(request.type === 'host-report-request' ? { report: %s } : {}); } } } };")
# WKScriptMessageHandlerWithReply named probe (Cordova's and MAUI's iOS companions): postMessage
# returns a promise of the handler's reply.
WEBKIT_REPLY = ("window.webkit = { messageHandlers: { probe: { postMessage: function (message) { "
                "return Promise.resolve(message && message.type === 'host-report-request' ? %s : null); } } } };")


def run_host_step(server, browser, init_script, platform):
    context = browser.new_context(ignore_https_errors=True, viewport={"width": 390, "height": 844})
    # Before any of the page's scripts, as the app's bridge is.
    context.add_init_script(init_script)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    try:
        page.goto(server.base + f"/?mode=unattended&probes=host.report&platform={platform}")
        end = wait_finished(page)
        assert page.errors == []
        stored = server.stored_results(end["run"])["host.report"]
        diff = server.get("/api/runs/" + end["run"] + "/diff")
        shown = page.evaluate("() => Array.from(document.querySelectorAll('.host-items li')).map((li) => li.id)")
        return stored, diff, shown
    finally:
        context.close()


def settled(diff):
    """The checklist items the host report settled: id -> status."""
    return {i["id"]: i["status"] for i in diff["coverage"]["items"] if i.get("source") == "host-report"}


def test_android_interface_report_is_posted_and_verifies_the_manifest_item(server, browser):
    stored, diff, shown = run_host_step(server, browser, ANDROID % report_js("android-native.json"), "android-webview")
    assert stored["status"] == "info"
    assert stored["observed"]["bridge"] == "android" and stored["observed"]["answered"] is True
    assert stored["observed"]["report"]["facts"]["manifestPermissions"]["value"][-1] == "android.permission.CAMERA"
    items = {i["id"]: i for i in diff["coverage"]["items"]}
    assert (items["android.manifest.camera"]["status"], items["android.manifest.camera"].get("source")) == ("verified", "host-report")
    # The end screen lists the items the host settled.
    assert "host-item-android-manifest-camera" in shown


def test_flutter_call_handler_reply_is_the_answer(server, browser):
    stored, diff, _ = run_host_step(server, browser, FLUTTER % report_js("flutter-android.json"), "android-webview")
    assert stored["observed"]["bridge"] == "flutter" and stored["observed"]["report"]["host"]["wrapper"] == "flutter_inappwebview"
    finding = {f["probe"]: f for f in diff["findings"]}["host.report"]
    assert finding["verdict"] == "info" and "host report through flutter" in finding["observed"]


def test_webview_flutter_channel_answers_through_the_global(server, browser):
    stored, diff, _ = run_host_step(server, browser, WEBVIEW_FLUTTER % report_js("webview_flutter-android.json"), "android-webview")
    assert stored["observed"]["bridge"] == "webview_flutter" and stored["observed"]["answered"] is True
    assert "host report through webview_flutter" in {f["probe"]: f for f in diff["findings"]}["host.report"]["observed"]
    # What the app stated it gave the setters settles the Android items they decide.
    assert settled(diff) == {"android.onPermissionRequest": "verified", "android.onShowFileChooser": "verified", "android.mediaGesture": "verified"}


def test_webview_flutter_channel_on_ios_settles_the_media_capture_item(server, browser):
    # On iOS the channel is webkit.messageHandlers.ProbeHost, which webview_flutter copies to window.ProbeHost.
    stored, diff, shown = run_host_step(server, browser, WEBVIEW_FLUTTER % report_js("webview_flutter-ios.json"), "ios-wkwebview")
    assert stored["observed"]["bridge"] == "webview_flutter" and stored["observed"]["report"]["host"]["platform"] == "ios"
    assert settled(diff) == {"ios.mediaCaptureHandler": "verified"}
    assert "host-item-ios-mediaCaptureHandler" in shown


def test_maui_android_interface_answers_as_the_android_bridge(server, browser):
    stored, diff, _ = run_host_step(server, browser, ANDROID % report_js("maui-android.json"), "android-webview")
    assert stored["observed"]["bridge"] == "android" and stored["observed"]["report"]["host"]["wrapper"] == "maui"
    items = settled(diff)
    # MauiWebChromeClient has no onPermissionRequest: the host says so, and the item fails.
    assert items["android.onPermissionRequest"] == "failed" and items["android.manifest.camera"] == "verified"


def test_maui_ios_reply_settles_the_ios_items(server, browser):
    stored, diff, _ = run_host_step(server, browser, WEBKIT_REPLY % report_js("maui-ios.json"), "ios-wkwebview")
    assert stored["observed"]["bridge"] == "webkit" and stored["observed"]["report"]["host"]["wrapper"] == "maui"
    items = settled(diff)
    assert items["ios.plist.camera"] == "verified" and items["ios.mediaCaptureHandler"] == "failed"


def test_capacitor_plugin_call_resolves_the_report_on_android(server, browser):
    stored, diff, shown = run_host_step(server, browser, CAPACITOR % report_js("capacitor-android.json"), "android-webview")
    assert stored["observed"]["bridge"] == "capacitor" and stored["observed"]["report"]["host"]["wrapper"] == "capacitor"
    items = settled(diff)
    assert items["android.manifest.camera"] == "verified" and items["android.onPermissionRequest"] == "verified"
    # The host reports third-party cookies off (an app that turned off what Capacitor turns on).
    assert items["android.cookies"] == "failed"
    assert "host-item-android-manifest-camera" in shown


def test_capacitor_plugin_call_resolves_the_report_on_ios(server, browser):
    stored, diff, _ = run_host_step(server, browser, CAPACITOR % report_js("capacitor-ios.json"), "ios-wkwebview")
    assert stored["observed"]["bridge"] == "capacitor" and stored["observed"]["report"]["host"]["platform"] == "ios"
    items = settled(diff)
    assert items["ios.plist.camera"] == "verified" and items["ios.uiDelegate"] == "verified"
    # The app opened the WebView before asking for the camera (not-determined).
    assert items["ios.appCameraPermission"] == "failed"


def test_cordova_android_interface_settles_the_manifest_item_it_lacks(server, browser):
    stored, diff, _ = run_host_step(server, browser, ANDROID % report_js("cordova-android.json"), "android-webview")
    assert stored["observed"]["bridge"] == "android" and stored["observed"]["report"]["host"]["wrapper"] == "cordova"
    items = settled(diff)
    assert items["android.manifest.camera"] == "failed" and items["android.domStorageEnabled"] == "verified"


def test_cordova_ios_reply_settles_the_ios_items(server, browser):
    stored, diff, _ = run_host_step(server, browser, WEBKIT_REPLY % report_js("cordova-ios.json"), "ios-wkwebview")
    assert stored["observed"]["bridge"] == "webkit" and stored["observed"]["report"]["host"]["wrapper"] == "cordova"
    items = settled(diff)
    assert items["ios.plist.camera"] == "verified" and items["ios.plist.photos"] == "failed"


def test_react_native_answers_through_the_global(server, browser):
    stored, diff, _ = run_host_step(server, browser, REACT_NATIVE % report_js("react-native-ios.json"), "rn-webview-ios")
    assert stored["observed"]["bridge"] == "react-native" and stored["observed"]["answered"] is True
    items = {i["id"]: i for i in diff["coverage"]["items"]}
    assert items["rn.mediaCapture"].get("source") == "host-report"


def test_a_bridge_that_never_answers_is_no_host_report_not_a_failure(server, browser):
    stored, diff, shown = run_host_step(server, browser, SILENT, "rn-webview-android")
    assert stored["status"] == "info"
    assert stored["observed"]["bridge"] == "react-native" and stored["observed"]["answered"] is False
    assert stored["observed"]["report"] is None
    finding = {f["probe"]: f for f in diff["findings"]}["host.report"]
    assert finding["verdict"] == "info" and "no host report" in finding["observed"]
    assert not any(i.get("source") for i in diff["coverage"]["items"]) and shown == []


def test_an_answer_of_another_schema_is_named_and_not_posted_as_a_report(server, browser):
    other = json.dumps(json.dumps({"schema": "probe-server.host-report/9", "host": {"platform": "android"}, "facts": {}}))
    stored, diff, _ = run_host_step(server, browser, ANDROID % other, "android-webview")
    assert stored["observed"]["report"] is None
    assert "probe-server.host-report/1" in stored["observed"]["problem"]
    finding = {f["probe"]: f for f in diff["findings"]}["host.report"]
    assert "no host report" in finding["observed"] and "host-report/9" in finding["observed"]
