// The debug deep link: opens the probe page in this app's own InAppWebView, so a tester brings a
// run into the app (a WebView has no address bar to type it in):
//   adb shell "am start -a android.intent.action.VIEW -d 'myapp-debug://probe?url=…'"
//   xcrun simctl openurl booted 'myapp-debug://probe?url=…'
//
// Where it goes:
// 1. The scheme, natively, in debug builds: CFBundleURLTypes in ios/Runner/Info.plist (Apple,
//    "Defining a custom URL scheme for your app",
//    https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app) and an
//    intent filter in android/app/src/debug/AndroidManifest.xml (Android, "Create deep links to
//    app content", https://developer.android.com/training/app-links/deep-linking). With Flutter's
//    own deep linking off (FlutterDeepLinkingEnabled false,
//    https://docs.flutter.dev/ui/navigation/deep-linking), the links reach the app_links package
//    (https://pub.dev/packages/app_links: getInitialLink, uriLinkStream).
// 2. In the State that owns the InAppWebViewController: listenForProbeDeepLink(controller) once
//    the WebView is created (onWebViewCreated); loadUrl:
//    https://pub.dev/documentation/flutter_inappwebview/latest/flutter_inappwebview/InAppWebViewController/loadUrl.html
//
// Only the probe server's origin is opened, and only in debug mode (kDebugMode,
// https://api.flutter.dev/flutter/foundation/kDebugMode-constant.html). A debug hook that loads any
// URL it is given is a security hole: any page or app on the device could load an attacker's
// page into a WebView with the app's cookies and its JavaScript handlers.
import 'dart:async';

import 'package:app_links/app_links.dart';
import 'package:flutter/foundation.dart';
import 'package:flutter_inappwebview/flutter_inappwebview.dart';

const probeScheme = 'myapp-debug';

/// The probe server's origin (scheme, host and port), as `probe-server serve` prints it.
const probeOrigin = 'https://probe-server.invalid:8443';

/// myapp-debug://probe?url=<percent-encoded probe URL> → the probe URL, when it is on the probe
/// origin (scheme, host and port, RFC 6454 §5); null for any other link.
Uri? probeUrlFrom(Uri link) {
  if (!kDebugMode || link.scheme != probeScheme || link.host != 'probe') return null;
  final url = Uri.tryParse(link.queryParameters['url'] ?? '');
  if (url == null || !url.hasScheme) return null;
  return url.origin == Uri.parse(probeOrigin).origin ? url : null;
}

/// Loads the probe URL of the link that opened the app, then of each link while it runs.
Future<StreamSubscription<Uri>?> listenForProbeDeepLink(InAppWebViewController controller) async {
  if (!kDebugMode) return null;
  final links = AppLinks();
  Future<void> open(Uri link) async {
    final url = probeUrlFrom(link);
    if (url != null) await controller.loadUrl(urlRequest: URLRequest(url: WebUri.uri(url)));
  }

  final initial = await links.getInitialLink();
  if (initial != null) await open(initial);
  return links.uriLinkStream.listen(open);
}
