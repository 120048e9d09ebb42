/// Flutter's two WebView plugins: webview_flutter (flutter.dev) and flutter_inappwebview.
extension WrapperCatalog {
    static let flutterPackages = "https://github.com/flutter/packages/blob/webview_flutter-v4.14.1/packages/webview_flutter"
    /// WebKitWebViewControllerCreationParams: allowsInlineMediaPlayback = false,
    /// mediaTypesRequiringUserAction = {audio, video}; requestMediaCapturePermission returns
    /// .prompt without a callback and hands the callback the capture types, not the origin.
    static let webviewFlutterWebKit = wfWebKit + wfWebKitController + "#L72-L92"
    /// onPermissionRequest: `request.deny()` without a callback; the callback gets the types only.
    /// setOnShowFileSelector: without it the chooser's synchronous answer is false (cancelled).
    static let webviewFlutterAndroid = wfAndroid + wfController + "#L286-L322"
    /// WebViewPermissionRequest: `types`, `grant()`, `deny()`; no origin.
    static let webviewFlutterRequest = flutterPackages + "/webview_flutter/lib/src/webview_controller.dart#L59-L63"
    static let webviewFlutterDocs = "https://pub.dev/documentation/webview_flutter/latest/webview_flutter/WebViewController-class.html"

    static let inAppSource = "https://github.com/pichillilorenzo/flutter_inappwebview/blob/v6.1.5"
    /// onPermissionRequest gets origin and resources; without a handler the request is denied.
    static let inAppAndroidChrome = inAppSource + "/flutter_inappwebview_android/android/src/main/java/com/pichillilorenzo/flutter_inappwebview_android/webview/in_app_webview/InAppWebViewChromeClient.java#L1241-L1282"
    static let inAppIOSWebView = inAppSource + "/flutter_inappwebview_ios/ios/Classes/InAppWebView/InAppWebView.swift#L1668-L1704"
    /// InAppWebViewSettings: mediaPlaybackRequiresUserGesture = true, allowsInlineMediaPlayback
    /// = false, domStorageEnabled = true, thirdPartyCookiesEnabled = true.
    static let inAppSettings = inAppSource + "/flutter_inappwebview_platform_interface/lib/src/in_app_webview/in_app_webview_settings.dart"
    static let inAppDocs = "https://inappwebview.dev/docs/webview/in-app-webview"

    static let webviewFlutter = WrapperProfile(
        wrapper: .webviewFlutter,
        minimumVersions: ["webview_flutter 4.x", "webview_flutter_android 4.x", "webview_flutter_wkwebview 3.x"],
        home: webviewFlutterDocs,
        defaults: [
            WrapperDefault(.cameraOrigin, "the permission request carries the capture types but not the origin (WebViewPermissionRequest.types): an origin check cannot be written through the plugin's API; it belongs in the platform class (WKUIDelegate, WebChromeClient) the plugin does not expose", source: webviewFlutterRequest, fails: [.cameraForeignOrigin]),
            WrapperDefault(.permissionHandler, family: .android, "no setOnPermissionRequest callback: every camera request is denied", source: webviewFlutterAndroid, fails: [.cameraGetUserMedia]),
            WrapperDefault(.permissionHandler, family: .ios, "no callback: WebKit prompts (PermissionDecision.prompt)", source: webviewFlutterWebKit),
            WrapperDefault(.inlinePlayback, family: .ios, "WebKitWebViewControllerCreationParams.allowsInlineMediaPlayback is false", source: webviewFlutterWebKit, fails: [.mediaInline, .cameraFrames]),
            WrapperDefault(.autoplay, "iOS: mediaTypesRequiringUserAction {audio, video}; Android: the WebView's gesture requirement", source: webviewFlutterWebKit, fails: [.mediaAutoplay]),
            WrapperDefault(.fileChooser, family: .android, "no setOnShowFileSelector: every file input is cancelled", source: webviewFlutterAndroid, fails: [.fileAccept, .fileCancel]),
            WrapperDefault(.storage, family: .android, "DOM storage on", source: webviewFlutterAndroid),
            WrapperDefault(.cookies, family: .android, "third-party cookies off (the WebView's default) until AndroidWebViewCookieManager.setAcceptThirdPartyCookies", source: webviewFlutterAndroid, fails: [.cookieThirdParty]),
        ],
        fixes: [
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
            WrapperFix(.webviewFlutter, .permissionHandler, language: "Dart", docs: "https://pub.dev/packages/permission_handler", code: """
                import 'package:permission_handler/permission_handler.dart';

                // webview_flutter_android grants nothing by itself and never asks for CAMERA: ask first.
                Future<bool> cameraReady() async => (await Permission.camera.request()).isGranted;
                // AndroidManifest.xml: <uses-permission android:name="android.permission.CAMERA" />
                // Info.plist: NSCameraUsageDescription
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
        ],
        checklistTab: nil,
        checklistMapping: [
            WrapperChecklistMapping("android.onPermissionRequest", "WebViewController.setOnPermissionRequest (types only: no origin)"),
            WrapperChecklistMapping("android.onShowFileChooser", "AndroidWebViewController.setOnShowFileSelector"),
            WrapperChecklistMapping("android.mediaGesture", "AndroidWebViewController.setMediaPlaybackRequiresUserGesture(false)"),
            WrapperChecklistMapping("android.cookies", "AndroidWebViewCookieManager.setAcceptThirdPartyCookies"),
            WrapperChecklistMapping("ios.mediaCaptureHandler", "WebViewController.setOnPermissionRequest (prompt without it; no origin)"),
            WrapperChecklistMapping("ios.javaScript", "WebViewController.setJavaScriptMode(JavaScriptMode.unrestricted)"),
        ])

    static let flutterInAppWebView = WrapperProfile(
        wrapper: .flutterInAppWebView,
        minimumVersions: ["flutter_inappwebview 6.x"],
        home: inAppDocs,
        defaults: [
            WrapperDefault(.cameraOrigin, "onPermissionRequest receives the origin and the resources; without it the request is denied", source: inAppAndroidChrome),
            WrapperDefault(.permissionHandler, "no onPermissionRequest: denied on Android and on iOS 15+ (defaultBehaviour → deny); the plugin never requests CAMERA itself", source: inAppIOSWebView, fails: [.cameraGetUserMedia]),
            WrapperDefault(.inlinePlayback, family: .ios, "InAppWebViewSettings.allowsInlineMediaPlayback is false", source: inAppSettings, fails: [.mediaInline, .cameraFrames]),
            WrapperDefault(.autoplay, "InAppWebViewSettings.mediaPlaybackRequiresUserGesture is true", source: inAppSettings, fails: [.mediaAutoplay]),
            WrapperDefault(.fileChooser, family: .android, "the plugin's chrome client opens a chooser for file inputs", source: inAppAndroidChrome),
            WrapperDefault(.storage, "domStorageEnabled true, incognito false", source: inAppSettings),
            WrapperDefault(.cookies, family: .android, "thirdPartyCookiesEnabled true", source: inAppSettings),
        ],
        fixes: [
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
        ],
        checklistTab: nil,
        checklistMapping: [
            WrapperChecklistMapping("android.onPermissionRequest", "InAppWebView onPermissionRequest (origin and resources)"),
            WrapperChecklistMapping("android.runtime.camera", "permission_handler Permission.camera.request()"),
            WrapperChecklistMapping("android.mediaGesture", "InAppWebViewSettings.mediaPlaybackRequiresUserGesture"),
            WrapperChecklistMapping("android.domStorageEnabled", "InAppWebViewSettings.domStorageEnabled"),
            WrapperChecklistMapping("android.cookies", "InAppWebViewSettings.thirdPartyCookiesEnabled"),
            WrapperChecklistMapping("ios.mediaCaptureHandler", "InAppWebView onPermissionRequest (denies without it)"),
            WrapperChecklistMapping("ios.dataStore", "InAppWebViewSettings.incognito false"),
        ])
}
