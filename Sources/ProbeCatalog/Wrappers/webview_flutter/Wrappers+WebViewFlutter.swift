/// Flutter's own WebView plugin, webview_flutter (flutter.dev). What was read in its source is
/// webview_flutter.json beside this file; its fixes, being code, are here.
extension WrapperCatalog {
    static let webviewFlutterDocs = "https://pub.dev/documentation/webview_flutter/latest/webview_flutter/WebViewController-class.html"

    /// A whole Dart file that creates the controller with webview_flutter_wkwebview's creation
    /// parameters (one argument on their line, more each on its own), after an optional comment
    /// (template "webKitController").
    static func webKitController(_ arguments: [String], comment: String? = nil) -> WrapperSettingRow.Fix {
        let list = arguments.count == 1 ? arguments[0] : "\n" + arguments.map { "    \($0),\n" }.joined() + "  "
        return .code(language: "Dart", kind: "dart.file", """
            import 'package:webview_flutter/webview_flutter.dart';
            import 'package:webview_flutter_wkwebview/webview_flutter_wkwebview.dart';

            \(comment.map { "// \($0)\n" } ?? "")final controller = WebViewController.fromPlatformCreationParams(
              WebKitWebViewControllerCreationParams(\(list)),
            );
            """)
    }

    /// Custom schemes out of the WebView, also window.open's target on Android (which the
    /// plugin loads into the main WebView after the navigation delegate).
    static let wfNavigationDelegate = """
        controller.setNavigationDelegate(NavigationDelegate(
          onNavigationRequest: (request) {
            if (!request.url.startsWith('https://id.example.com/')) {
              launchUrl(Uri.parse(request.url), mode: LaunchMode.externalApplication);
              return NavigationDecision.prevent;
            }
            return NavigationDecision.navigate;
          },
        ));
        """

    static let webviewFlutterFixes: [WrapperFix] = [
        WrapperFix(.webviewFlutter, .cameraOrigin, language: "Dart", docs: webviewFlutterDocs, code: """
            import 'package:webview_flutter/webview_flutter.dart';

            // webview_flutter does not say which origin asks: the origin check belongs in the platform class
            // (WKUIDelegate / WebChromeClient), which the plugin keeps to itself. Until then grant only the camera,
            // only while the main frame is yours, and load no frame of another origin.
            const own = 'id.example.com';

            bool isOwn(Uri? uri) => uri != null && uri.scheme == 'https' && uri.host == own && uri.port == 443;

            WebViewController verificationController() {
              late final WebViewController controller;
              controller = WebViewController()
                ..setJavaScriptMode(JavaScriptMode.unrestricted)
                ..setNavigationDelegate(NavigationDelegate(
                  onNavigationRequest: (request) =>
                      isOwn(Uri.tryParse(request.url)) ? NavigationDecision.navigate : NavigationDecision.prevent,
                ))
                ..setOnPermissionRequest((request) async {
                  final page = Uri.tryParse(await controller.currentUrl() ?? '');
                  final cameraOnly = request.types.length == 1 && request.types.contains(WebViewPermissionResourceType.camera);
                  if (isOwn(page) && cameraOnly) {
                    await request.grant();
                  } else {
                    await request.deny();
                  }
                })
                ..loadRequest(Uri.parse('https://$own/start'));
              return controller;
            }
            // For the requesting frame's own origin use flutter_inappwebview, whose PermissionRequest has it.
            """),
        WrapperFix(.webviewFlutter, .permissionHandler, language: "Dart", docs: webviewFlutterDocs, code: """
            import 'package:permission_handler/permission_handler.dart';
            import 'package:webview_flutter/webview_flutter.dart';

            // webview_flutter denies the page's camera request unless the app
            // answers it, and never asks for the OS permission: ask, then grant.
            // AndroidManifest.xml: <uses-permission android:name="android.permission.CAMERA" />
            // Info.plist: NSCameraUsageDescription
            WebViewController cameraController() {
              return WebViewController()
                ..setJavaScriptMode(JavaScriptMode.unrestricted)
                ..setOnPermissionRequest((request) async {
                  final cameraOnly = request.types.length == 1 &&
                      request.types.contains(WebViewPermissionResourceType.camera);
                  if (cameraOnly && (await Permission.camera.request()).isGranted) {
                    await request.grant();
                  } else {
                    await request.deny();
                  }
                });
            }
            // Grant only your own origin's pages: see the camera-origin fix.
            """),
        WrapperFix(.webviewFlutter, .inlinePlayback, language: "Dart", docs: "https://pub.dev/documentation/webview_flutter_wkwebview/latest/webview_flutter_wkwebview/WebKitWebViewControllerCreationParams-class.html", code: """
            import 'package:webview_flutter/webview_flutter.dart';
            import 'package:webview_flutter_android/webview_flutter_android.dart';
            import 'package:webview_flutter_wkwebview/webview_flutter_wkwebview.dart';

            Future<WebViewController> mediaController() async {
              PlatformWebViewControllerCreationParams params = const PlatformWebViewControllerCreationParams();
              if (WebViewPlatform.instance is WebKitWebViewPlatform) {
                params = WebKitWebViewControllerCreationParams(
                  allowsInlineMediaPlayback: true,
                  mediaTypesRequiringUserAction: const <PlaybackMediaTypes>{},
                );
              }
              final controller = WebViewController.fromPlatformCreationParams(params);
              if (controller.platform is AndroidWebViewController) {
                await (controller.platform as AndroidWebViewController).setMediaPlaybackRequiresUserGesture(false);
              }
              return controller;
            }
            """),
        WrapperFix(.webviewFlutter, .autoplay, language: "Dart", docs: "https://pub.dev/documentation/webview_flutter_wkwebview/latest/webview_flutter_wkwebview/WebKitWebViewControllerCreationParams-class.html", code: """
            // iOS: WebKitWebViewControllerCreationParams(mediaTypesRequiringUserAction: const <PlaybackMediaTypes>{})
            // Android: (controller.platform as AndroidWebViewController).setMediaPlaybackRequiresUserGesture(false)
            // (both in mediaController() of the inline-playback fix)
            """),
        WrapperFix(.webviewFlutter, .fileChooser, family: .android, language: "Dart", docs: "https://pub.dev/documentation/webview_flutter_android/latest/webview_flutter_android/AndroidWebViewController/setOnShowFileSelector.html", code: """
            import 'package:file_picker/file_picker.dart';
            import 'package:webview_flutter_android/webview_flutter_android.dart';

            // Without a file selector every <input type=file> is cancelled on Android.
            Future<void> answerFileInputs(AndroidWebViewController android) => android.setOnShowFileSelector((params) async {
                  final picked = await FilePicker.platform.pickFiles(
                    allowMultiple: params.mode == FileSelectorMode.openMultiple,
                    type: FileType.any,
                  );
                  // content:// or file:// URIs; an empty list answers a cancel.
                  return picked?.files.where((f) => f.path != null).map((f) => Uri.file(f.path!).toString()).toList() ?? <String>[];
                });
            """),
        WrapperFix(.webviewFlutter, .storage, language: "Dart", docs: webviewFlutterDocs, code: """
            // Storage needs JavaScript and a real https origin (loadHtmlString without a baseUrl has an opaque origin):
            controller
              ..setJavaScriptMode(JavaScriptMode.unrestricted)
              ..loadRequest(Uri.parse('https://id.example.com/start'));
            """),
        WrapperFix(.webviewFlutter, .cookies, family: .android, language: "Dart", docs: "https://pub.dev/documentation/webview_flutter_android/latest/webview_flutter_android/AndroidWebViewCookieManager-class.html", code: """
            import 'package:webview_flutter/webview_flutter.dart';
            import 'package:webview_flutter_android/webview_flutter_android.dart';

            Future<void> allowThirdPartyCookies(WebViewController controller) async {
              final cookies = WebViewCookieManager();
              if (cookies.platform is AndroidWebViewCookieManager && controller.platform is AndroidWebViewController) {
                await (cookies.platform as AndroidWebViewCookieManager)
                    .setAcceptThirdPartyCookies(controller.platform as AndroidWebViewController, true);
              }
            }
            """),
    ]
}
