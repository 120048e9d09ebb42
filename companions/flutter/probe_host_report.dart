// probe-server host report for flutter_inappwebview — docs/host-report.md.
//
// Where it goes: in a debug build, in the widget that builds the InAppWebView opening the
// probe page. Keep the settings in one value, give the same value to the InAppWebView and to
// the report, and add the handler once the WebView is created:
//
//   final probeOrigin = WebUri('https://192.168.1.23:8443');
//   final settings = InAppWebViewSettings(javaScriptEnabled: true, domStorageEnabled: true,
//       mediaPlaybackRequiresUserGesture: false, allowFileAccess: true, thirdPartyCookiesEnabled: true);
//   InAppWebView(
//     initialUrlRequest: URLRequest(url: probeOrigin),
//     initialSettings: settings,
//     onPermissionRequest: ...,                        // your camera grant
//     onWebViewCreated: (controller) => addProbeHostReport(controller, settings, probeOrigin,
//         mediaCaptureHandler: true),                  // true when onPermissionRequest is set above
//   )
//
// The handler is told the calling frame (JavaScriptHandlerFunctionData, flutter_inappwebview
// 6.1+): it answers only the main frame (isMainFrame) on the probe server's origin (origin:
// scheme, host and port); any other frame or page gets null. callHandler's promise carries the
// answer back to the page. To keep the handler out of other frames altogether, also set
// InAppWebViewSettings(javaScriptHandlersForMainFrameOnly: true,
// javaScriptHandlersOriginAllowList: {probeOrigin.origin}).
//
// APIs (flutter_inappwebview documentation):
//   addJavaScriptHandler   https://inappwebview.dev/docs/webview/javascript/communication/#javascript-handlers
//   JavaScriptHandlerFunctionData (isMainFrame, origin) https://pub.dev/documentation/flutter_inappwebview/latest/flutter_inappwebview/JavaScriptHandlerFunctionData-class.html
//   javaScriptHandlersForMainFrameOnly, javaScriptHandlersOriginAllowList https://inappwebview.dev/docs/webview/inappwebview-settings
//   InAppWebViewSettings   https://inappwebview.dev/docs/webview/inappwebview-settings
//   onPermissionRequest    https://inappwebview.dev/docs/webview/webview-events#onpermissionrequest

import 'dart:convert';
import 'dart:io' show Platform;

import 'package:flutter_inappwebview/flutter_inappwebview.dart';

void addProbeHostReport(InAppWebViewController controller, InAppWebViewSettings settings, WebUri probeOrigin,
    {required bool mediaCaptureHandler}) {
  controller.addJavaScriptHandler(
    handlerName: 'probeHostReport',
    callback: (JavaScriptHandlerFunctionData data) async {
      // Only the probe server's page, asking from its main frame.
      final caller = data.origin;
      if (!data.isMainFrame || caller.scheme != probeOrigin.scheme || caller.host != probeOrigin.host || caller.port != probeOrigin.port) {
        return null;
      }
      Map<String, Object?> fact(Object? value, String how) => {'value': value, 'how': how};
      final facts = <String, Object?>{
        'mediaCaptureHandler': fact(mediaCaptureHandler, 'InAppWebView(onPermissionRequest: …) is set'),
        'javaScriptEnabled': fact(settings.javaScriptEnabled, 'InAppWebViewSettings.javaScriptEnabled'),
        'mediaPlaybackRequiresUserGesture': fact(settings.mediaPlaybackRequiresUserGesture, 'InAppWebViewSettings.mediaPlaybackRequiresUserGesture'),
      };
      if (Platform.isAndroid) {
        facts['domStorageEnabled'] = fact(settings.domStorageEnabled, 'InAppWebViewSettings.domStorageEnabled');
        facts['allowFileAccess'] = fact(settings.allowFileAccess, 'InAppWebViewSettings.allowFileAccess');
        facts['acceptThirdPartyCookies'] = fact(settings.thirdPartyCookiesEnabled, 'InAppWebViewSettings.thirdPartyCookiesEnabled');
      } else {
        facts['allowsInlineMediaPlayback'] = fact(settings.allowsInlineMediaPlayback, 'InAppWebViewSettings.allowsInlineMediaPlayback');
      }
      // A setting left unset (null) was not given: leave it out rather than guess the default.
      facts.removeWhere((_, f) => (f as Map)['value'] == null);
      return jsonEncode({
        'schema': 'probe-server.host-report/1',
        'host': {'platform': Platform.isAndroid ? 'android' : 'ios', 'wrapper': 'flutter_inappwebview'},
        'facts': facts,
      });
    },
  );
}
