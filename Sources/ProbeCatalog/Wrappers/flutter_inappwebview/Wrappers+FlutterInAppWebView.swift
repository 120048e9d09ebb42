/// flutter_inappwebview, Flutter's other WebView plugin. What was read in its source is
/// flutter_inappwebview.json beside this file; its fixes, being code, are here.
extension WrapperCatalog {
    static let iawWindows = """
        initialSettings: InAppWebViewSettings(supportMultipleWindows: true, javaScriptCanOpenWindowsAutomatically: true),
        onCreateWindow: (controller, action) async {
          final url = action.request.url;
          if (url != null) await launchUrl(url, mode: LaunchMode.externalApplication);
          return false;
        },
        """

    static let flutterInAppWebViewFixes: [WrapperFix] = [
        WrapperFix(.flutterInAppWebView, .cameraOrigin, language: "Dart", docs: "https://inappwebview.dev/docs/webview/in-app-webview#onpermissionrequest", code: """
            import 'package:flutter_inappwebview/flutter_inappwebview.dart';

            const own = 'id.example.com';

            InAppWebView verificationWebView() => InAppWebView(
                  initialUrlRequest: URLRequest(url: WebUri('https://$own/start')),
                  onPermissionRequest: (controller, request) async {
                    final origin = request.origin;
                    final isOwn = origin.scheme == 'https' && origin.host == own && origin.port == 443;
                    final wantsCamera = request.resources.contains(PermissionResourceType.CAMERA);
                    return PermissionResponse(
                      resources: isOwn && wantsCamera ? [PermissionResourceType.CAMERA] : [],
                      action: isOwn && wantsCamera ? PermissionResponseAction.GRANT : PermissionResponseAction.DENY,
                    );
                  },
                );
            """),
        WrapperFix(.flutterInAppWebView, .permissionHandler, language: "Dart", docs: "https://pub.dev/packages/permission_handler", code: """
            import 'package:permission_handler/permission_handler.dart';

            // flutter_inappwebview grants what onPermissionRequest returns without asking for CAMERA: ask first.
            Future<bool> cameraReady() async => (await Permission.camera.request()).isGranted;
            // AndroidManifest.xml: <uses-permission android:name="android.permission.CAMERA" />
            // Info.plist: NSCameraUsageDescription
            """),
        WrapperFix(.flutterInAppWebView, .inlinePlayback, language: "Dart", docs: "https://inappwebview.dev/docs/webview/in-app-webview-settings", code: """
            InAppWebView(
              initialUrlRequest: URLRequest(url: WebUri('https://id.example.com/start')),
              initialSettings: InAppWebViewSettings(
                allowsInlineMediaPlayback: true,
                mediaPlaybackRequiresUserGesture: false,
              ),
            )
            """),
        WrapperFix(.flutterInAppWebView, .autoplay, language: "Dart", docs: "https://inappwebview.dev/docs/webview/in-app-webview-settings", code: """
            initialSettings: InAppWebViewSettings(mediaPlaybackRequiresUserGesture: false, allowsInlineMediaPlayback: true),
            """),
        WrapperFix(.flutterInAppWebView, .fileChooser, language: "Dart", docs: "https://inappwebview.dev/docs/webview/in-app-webview-settings", code: """
            // Keep the plugin's own chooser: do not set useOnShowFileChooser unless onShowFileChooser answers every call.
            initialSettings: InAppWebViewSettings(allowFileAccess: true),
            """),
        WrapperFix(.flutterInAppWebView, .storage, language: "Dart", docs: "https://inappwebview.dev/docs/webview/in-app-webview-settings", code: """
            initialSettings: InAppWebViewSettings(domStorageEnabled: true, databaseEnabled: true, incognito: false, cacheEnabled: true),
            """),
        WrapperFix(.flutterInAppWebView, .cookies, language: "Dart", docs: "https://inappwebview.dev/docs/webview/in-app-webview-settings", code: """
            initialSettings: InAppWebViewSettings(thirdPartyCookiesEnabled: true, sharedCookiesEnabled: true),
            """),
    ]
}
