// probe-server host report for webview_flutter — docs/host-report.md.
//
// A JavaScriptChannel named ProbeHost: the probe page finds window.ProbeHost.postMessage
// (on Android an @JavascriptInterface object, on iOS webkit.messageHandlers.ProbeHost that
// webview_flutter copies to window), posts its request as a JSON string, and the app answers
// with runJavaScript("window.probeHostReport(…)"), the global the page defines.
//
// Where it goes: in a debug build, where the app creates the WebViewController that opens the
// probe page, before loadRequest. What webview_flutter cannot read back (the Android settings
// and callbacks are setters only) the app states: pass the values it gave those setters, and
// leave out (null) what it never set.
//
//   final probeOrigin = Uri.parse('https://192.168.1.23:8443');
//   final controller = WebViewController.fromPlatformCreationParams(params,   // your creation params
//       onPermissionRequest: (request) => request.grant());                  // your camera grant
//   if (kDebugMode) {
//     await addProbeHostReport(controller, probeOrigin,
//         mediaCaptureHandler: true,                  // true when onPermissionRequest is set above
//         mediaPlaybackRequiresUserGesture: false);   // as given to setMediaPlaybackRequiresUserGesture
//   }
//   await controller.loadRequest(probeOrigin);
//
// webview_flutter cannot tell frames apart: a JavaScriptMessage carries only the message, not
// the frame that sent it (JavaScriptMessage-class, below), and on Android the channel is an
// addJavascriptInterface object in every frame. So the answer never goes back to the sender:
// runJavaScript runs in the main frame only, and it runs only when the page the WebView shows
// is on the probe server's origin (scheme, host and port, from currentUrl()); any other page
// gets no answer. A frame can at most make the app answer the probe page. On iOS runJavaScript is
// WKWebView.evaluateJavaScript, which WebKit runs as a user gesture: webview_flutter's
// channels have no reply, so this is the one way back (docs/host-report.md).
//
// APIs (webview_flutter documentation):
//   WebViewController.addJavaScriptChannel https://pub.dev/documentation/webview_flutter/latest/webview_flutter/WebViewController/addJavaScriptChannel.html
//   JavaScriptMessage.message           https://pub.dev/documentation/webview_flutter_platform_interface/latest/webview_flutter_platform_interface/JavaScriptMessage-class.html
//   WebViewController.currentUrl        https://pub.dev/documentation/webview_flutter/latest/webview_flutter/WebViewController/currentUrl.html
//   WebViewController.runJavaScript     https://pub.dev/documentation/webview_flutter/latest/webview_flutter/WebViewController/runJavaScript.html
//   WebViewController.platform          https://pub.dev/documentation/webview_flutter/latest/webview_flutter/WebViewController/platform.html
//   PlatformWebViewController.params    https://pub.dev/documentation/webview_flutter_platform_interface/latest/webview_flutter_platform_interface/PlatformWebViewController/params.html
//   WebKitWebViewControllerCreationParams https://pub.dev/documentation/webview_flutter_wkwebview/latest/webview_flutter_wkwebview/WebKitWebViewControllerCreationParams-class.html
//   AndroidWebViewController setters     https://pub.dev/documentation/webview_flutter_android/latest/webview_flutter_android/AndroidWebViewController-class.html
//   AndroidWebViewCookieManager.setAcceptThirdPartyCookies https://pub.dev/documentation/webview_flutter_android/latest/webview_flutter_android/AndroidWebViewCookieManager/setAcceptThirdPartyCookies.html

import 'dart:convert';
import 'dart:io' show Platform;

import 'package:webview_flutter/webview_flutter.dart';
import 'package:webview_flutter_wkwebview/webview_flutter_wkwebview.dart';

Future<void> addProbeHostReport(
  WebViewController controller,
  Uri probeOrigin, {
  bool? mediaCaptureHandler,
  bool? fileChooserHandler,
  bool? mediaPlaybackRequiresUserGesture,
  bool? allowFileAccess,
  bool? acceptThirdPartyCookies,
}) {
  return controller.addJavaScriptChannel(
    'ProbeHost',
    onMessageReceived: (JavaScriptMessage message) async {
      Object? request;
      try {
        request = jsonDecode(message.message);
      } on FormatException {
        return;
      }
      if (request is! Map || request['type'] != 'host-report-request') return;
      // Only the probe server's page.
      final String? url = await controller.currentUrl();
      final Uri? page = url == null ? null : Uri.tryParse(url);
      if (page == null || page.scheme != probeOrigin.scheme || page.host != probeOrigin.host || page.port != probeOrigin.port) {
        return;
      }
      Map<String, Object?> fact(Object? value, String how) => <String, Object?>{'value': value, 'how': how};
      final Map<String, Object?> facts = <String, Object?>{
        'mediaCaptureHandler': fact(mediaCaptureHandler, 'WebViewController(onPermissionRequest: …) is set'),
      };
      final Object params = controller.platform.params;
      if (params is WebKitWebViewControllerCreationParams) {
        // Read back from the controller's own creation params: what the WKWebView was created with.
        facts['allowsInlineMediaPlayback'] = fact(params.allowsInlineMediaPlayback, 'WebKitWebViewControllerCreationParams.allowsInlineMediaPlayback');
        facts['mediaTypesRequiringUserActionForPlayback'] = fact(
            params.mediaTypesRequiringUserAction.map((PlaybackMediaTypes type) => type.name).toList()..sort(),
            'WebKitWebViewControllerCreationParams.mediaTypesRequiringUserAction');
      }
      if (Platform.isAndroid) {
        facts['fileChooserHandler'] = fact(fileChooserHandler, 'AndroidWebViewController.setOnShowFileSelector(…) is set');
        facts['mediaPlaybackRequiresUserGesture'] = fact(mediaPlaybackRequiresUserGesture, 'AndroidWebViewController.setMediaPlaybackRequiresUserGesture(…)');
        facts['allowFileAccess'] = fact(allowFileAccess, 'AndroidWebViewController.setAllowFileAccess(…)');
        facts['acceptThirdPartyCookies'] = fact(acceptThirdPartyCookies, 'AndroidWebViewCookieManager.setAcceptThirdPartyCookies(…)');
      }
      // A value the app did not state (null) was not given: leave it out rather than guess the default.
      facts.removeWhere((String _, Object? f) => (f! as Map<String, Object?>)['value'] == null);
      final String report = jsonEncode(<String, Object?>{
        'schema': 'probe-server.host-report/1',
        'host': <String, Object?>{'platform': Platform.isAndroid ? 'android' : 'ios', 'wrapper': 'webview_flutter'},
        'facts': facts,
      });
      // JSON is a JavaScript expression; the page defines window.probeHostReport.
      await controller.runJavaScript('window.probeHostReport($report);');
    },
  );
}
