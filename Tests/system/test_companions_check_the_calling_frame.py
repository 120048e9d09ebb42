"""Every companion answers the probe page's frame, not whichever frame asks. A frame inside the
probe page (any origin the page's frame-src lets in) can reach the app's bridge; the top page's
URL says nothing about who called. So each companion either consults what its platform tells
it about the calling frame, or, where its wrapper cannot tell frames apart, says so and
answers only into the main frame, never back to the caller. The table is the one place that
lists, per companion, the API it must call and the public source that documents it."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
COMPANIONS = ROOT / "companions"
CODE = {".swift", ".kt", ".java", ".js", ".dart", ".cs"}
CANNOT_TELL = "cannot tell frames apart"

# companion -> (the calls in its code, the public source it cites for them, whether its wrapper
# cannot tell frames apart: then its calls are the main-frame-only way it answers).
FRAME_CHECKS = {
    "ios/ProbeHostReport.swift": (
        ["message.frameInfo.isMainFrame", "message.frameInfo.securityOrigin"],
        "https://developer.apple.com/documentation/webkit/wkscriptmessage/frameinfo", False),
    "cordova/src/ios/ProbeHostReport.swift": (
        ["message.frameInfo.isMainFrame", "message.frameInfo.securityOrigin"],
        "https://developer.apple.com/documentation/webkit/wkscriptmessage/frameinfo", False),
    # iOS side: the frame; Android side: a JavaScript interface, answered into the main frame.
    "maui/ProbeHostReport.cs": (
        ["message.FrameInfo.MainFrame", "message.FrameInfo.SecurityOrigin", "webView.EvaluateJavascript("],
        "https://developer.android.com/reference/android/webkit/WebView#evaluateJavascript", True),
    "android/ProbeHostReport.kt": (
        ["webView.evaluateJavascript(", 'return ""'],
        "https://developer.android.com/reference/android/webkit/WebView#evaluateJavascript", True),
    "cordova/src/android/ProbeHostReport.java": (
        ["systemWebView.evaluateJavascript(", 'return "";'],
        "https://developer.android.com/reference/android/webkit/WebView#evaluateJavascript", True),
    "capacitor/android/ProbeHostPlugin.kt": (
        ["WebViewFeature.isFeatureSupported(WebViewFeature.WEB_MESSAGE_LISTENER)", "isUsingLegacyBridge"],
        "https://github.com/ionic-team/capacitor/blob/8.4.2/android/capacitor/src/main/java/com/getcapacitor/MessageHandler.java", False),
    "capacitor/ios/ProbeHostPlugin.swift": (
        ["webView.url"],
        "https://github.com/ionic-team/capacitor/blob/8.4.2/ios/Capacitor/Capacitor/WebViewDelegationHandler.swift", True),
    "flutter/probe_host_report.dart": (
        ["data.isMainFrame", "data.origin"],
        "https://pub.dev/documentation/flutter_inappwebview/latest/flutter_inappwebview/JavaScriptHandlerFunctionData-class.html", False),
    "webview_flutter/probe_host_report.dart": (
        ["controller.runJavaScript("],
        "https://pub.dev/documentation/webview_flutter_platform_interface/latest/webview_flutter_platform_interface/JavaScriptMessage-class.html", True),
    "react-native/ProbeHostReport.js": (
        ["webViewRef.current.injectJavaScript("],
        "https://github.com/react-native-webview/react-native-webview/blob/master/apple/RNCWebViewImpl.m", True),
}


def split(path):
    """(code, comments) of a companion: comment lines start with //, /// or *."""
    code, comments = [], []
    for line in path.read_text().splitlines():
        (comments if re.match(r"\s*(//|/\*|\*)", line) else code).append(line)
    return "\n".join(code), " ".join(re.sub(r"^\s*(///?|/\*+|\*)\s?", "", l) for l in comments)


def companions():
    """The host-report bridges; the debug deep links (ProbeDeepLink.*, probe_deep_link.dart) answer
    no page: they load the probe origin into the WebView, and test_setup_opens_the_app.py holds them."""
    return sorted(str(p.relative_to(COMPANIONS)) for p in COMPANIONS.rglob("*")
                  if p.suffix in CODE and p.stem not in ("ProbeDeepLink", "probe_deep_link"))


def test_EveryCompanion_HasItsFrameCheckInTheTable():
    assert companions() == sorted(FRAME_CHECKS), "a companion without a row in FRAME_CHECKS, or a row without its companion"


def test_EveryCompanion_ConsultsTheCallingFrame_OrSaysItsWrapperCannot_AndAnswersOnlyTheMainFrame():
    missing = []
    for name, (calls, source, cannot_tell) in FRAME_CHECKS.items():
        code, comments = split(COMPANIONS / name)
        missing += [f"{name}: calls no {call}" for call in calls if call not in code]
        if source not in comments:
            missing.append(f"{name}: cites no {source}")
        if cannot_tell and CANNOT_TELL not in re.sub(r"\s+", " ", comments):
            missing.append(f"{name}: does not say its bridge {CANNOT_TELL}")
    assert not missing, "\n".join(missing)
