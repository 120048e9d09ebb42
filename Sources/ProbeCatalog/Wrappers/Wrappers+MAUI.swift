/// .NET MAUI's WebView control: the handlers configure the platform WebViews, and an app
/// reaches them through the handler's mapper.
extension WrapperCatalog {
        /// MauiWebChromeClient overrides OnShowFileChooser only: no OnPermissionRequest, so
    /// Android's default denies every camera request.
    static let mauiChromeClient = mauiChromeClientAt
    /// CreateConfiguration: AllowsInlineMediaPlayback = true, MediaTypesRequiringUserActionForPlayback
    /// = None; the constructor sets a NavigationDelegate and no media-capture answer.
    static let mauiWKWebView = mauiWKWebViewAt
    /// CreatePlatformView: JavaScriptEnabled and DomStorageEnabled true.
    static let mauiAndroidHandler = mauiAndroidHandlerAt
    static let mauiCustomize = "https://learn.microsoft.com/dotnet/maui/user-interface/handlers/customize"

    static let maui = WrapperProfile(
        wrapper: .maui,
        minimumVersions: [".NET MAUI 8+", "iOS 15 for WKUIDelegate media-capture decisions"],
        home: "https://learn.microsoft.com/dotnet/maui/user-interface/controls/webview",
        defaults: [
            WrapperDefault(.cameraOrigin, family: .android, "MauiWebChromeClient has no OnPermissionRequest: Android denies every camera request", source: mauiChromeClient),
            WrapperDefault(.permissionHandler, family: .android, "no OnPermissionRequest: the camera is denied; a custom WebChromeClient is needed", source: mauiChromeClient, fails: [.cameraGetUserMedia]),
            WrapperDefault(.permissionHandler, family: .ios, "no WKUIDelegate media-capture method: WebKit prompts", source: mauiWKWebView),
            WrapperDefault(.inlinePlayback, family: .ios, "AllowsInlineMediaPlayback = true", source: mauiWKWebView),
            WrapperDefault(.autoplay, family: .ios, "MediaTypesRequiringUserActionForPlayback = None", source: mauiWKWebView),
            WrapperDefault(.autoplay, family: .android, "the WebView's own default: mediaPlaybackRequiresUserGesture true", source: mauiAndroidHandler, fails: [.mediaAutoplay]),
            WrapperDefault(.fileChooser, family: .android, "MauiWebChromeClient.OnShowFileChooser opens a chooser", source: mauiChromeClient),
            WrapperDefault(.storage, family: .android, "JavaScript and DOM storage on", source: mauiAndroidHandler),
            WrapperDefault(.cookies, family: .android, "the WebView's default: third-party cookies off", source: mauiAndroidHandler, fails: [.cookieThirdParty]),
        ],
        fixes: [
            WrapperFix(.maui, .cameraOrigin, family: .android, language: "C#", docs: mauiCustomize, code: """
                // Platforms/Android/OwnOriginChromeClient.cs
                using Android.Webkit;
                using AndroidX.Core.Content;
                using Microsoft.Maui.Handlers;
                using Microsoft.Maui.Platform;

                public class OwnOriginChromeClient : MauiWebChromeClient
                {
                    public OwnOriginChromeClient(WebViewHandler handler) : base(handler) { }

                    public override void OnPermissionRequest(PermissionRequest request)
                    {
                        var origin = request?.Origin;
                        if (origin == null) { request?.Deny(); return; }
                        var port = origin.Port == -1 ? 443 : origin.Port;
                        var own = origin.Scheme == "https" && origin.Host == "id.example.com" && port == 443;
                        var camera = request.GetResources()?.Contains(PermissionRequest.ResourceVideoCapture) == true;
                        var held = ContextCompat.CheckSelfPermission(Android.App.Application.Context, Android.Manifest.Permission.Camera)
                            == Android.Content.PM.Permission.Granted;
                        if (own && camera && held)
                            request.Grant(new[] { PermissionRequest.ResourceVideoCapture });
                        else
                            request.Deny(); // await Permissions.RequestAsync<Permissions.Camera>() before opening the page
                    }
                }

                // MauiProgram.cs, in CreateMauiApp():
                // Microsoft.Maui.Handlers.WebViewHandler.Mapper.AppendToMapping("OwnOrigin", (handler, view) =>
                //     handler.PlatformView.SetWebChromeClient(new OwnOriginChromeClient((WebViewHandler)handler)));
                """),
            WrapperFix(.maui, .cameraOrigin, family: .ios, language: "C#", docs: mauiCustomize, code: """
                // Platforms/iOS/OwnOriginUIDelegate.cs
                using Foundation;
                using WebKit;

                public class OwnOriginUIDelegate : WKUIDelegate
                {
                    [Export("webView:requestMediaCapturePermissionForOrigin:initiatedByFrame:type:decisionHandler:")]
                    public void RequestMediaCapturePermission(WKWebView webView, WKSecurityOrigin origin, WKFrameInfo frame,
                        WKMediaCaptureType type, Action<WKPermissionDecision> decisionHandler)
                    {
                        var own = origin.Protocol == "https" && origin.Host == "id.example.com" && (origin.Port == 0 || origin.Port == 443);
                        decisionHandler(own && type == WKMediaCaptureType.Camera ? WKPermissionDecision.Grant : WKPermissionDecision.Deny);
                    }
                }

                // MauiProgram.cs, in CreateMauiApp():
                // Microsoft.Maui.Handlers.WebViewHandler.Mapper.AppendToMapping("OwnOrigin", (handler, view) =>
                //     handler.PlatformView.UIDelegate = new OwnOriginUIDelegate());
                """),
            WrapperFix(.maui, .permissionHandler, language: "C#", docs: "https://learn.microsoft.com/dotnet/maui/platform-integration/appmodel/permissions", code: """
                // before navigating to the verification page
                var status = await Permissions.RequestAsync<Permissions.Camera>();
                if (status != PermissionStatus.Granted)
                {
                    // explain, and offer AppInfo.ShowSettingsUI()
                }
                // Android: <uses-permission android:name="android.permission.CAMERA" /> in Platforms/Android/AndroidManifest.xml
                // iOS: NSCameraUsageDescription in Platforms/iOS/Info.plist
                // and on Android the OwnOriginChromeClient of the camera-origin fix: MAUI's own denies.
                """),
            WrapperFix(.maui, .inlinePlayback, family: .ios, language: "C#", docs: mauiWKWebView, code: """
                // MauiWKWebView.CreateConfiguration already sets AllowsInlineMediaPlayback = true: a handler that builds
                // its own WKWebViewConfiguration must set it too, before the WKWebView is created.
                var configuration = Microsoft.Maui.Platform.MauiWKWebView.CreateConfiguration();
                configuration.AllowsInlineMediaPlayback = true;
                """),
            WrapperFix(.maui, .autoplay, family: .android, language: "C#", docs: mauiCustomize, code: """
                // MauiProgram.cs, in CreateMauiApp():
                Microsoft.Maui.Handlers.WebViewHandler.Mapper.AppendToMapping("Autoplay", (handler, view) =>
                {
                #if ANDROID
                    handler.PlatformView.Settings.MediaPlaybackRequiresUserGesture = false;
                #endif
                });
                """),
            WrapperFix(.maui, .fileChooser, family: .android, language: "C#", docs: mauiChromeClient, code: """
                // MauiWebChromeClient answers file inputs: a chrome client of your own must extend it
                // (as OwnOriginChromeClient does), not Android.Webkit.WebChromeClient.
                public class OwnOriginChromeClient : Microsoft.Maui.Platform.MauiWebChromeClient
                {
                    public OwnOriginChromeClient(Microsoft.Maui.Handlers.WebViewHandler handler) : base(handler) { }
                }
                """),
            WrapperFix(.maui, .storage, family: .android, language: "C#", docs: mauiCustomize, code: """
                Microsoft.Maui.Handlers.WebViewHandler.Mapper.AppendToMapping("Storage", (handler, view) =>
                {
                #if ANDROID
                    handler.PlatformView.Settings.DomStorageEnabled = true;
                    handler.PlatformView.Settings.DatabaseEnabled = true;
                #endif
                });
                """),
            WrapperFix(.maui, .cookies, family: .android, language: "C#", docs: mauiCustomize, code: """
                Microsoft.Maui.Handlers.WebViewHandler.Mapper.AppendToMapping("Cookies", (handler, view) =>
                {
                #if ANDROID
                    Android.Webkit.CookieManager.Instance?.SetAcceptThirdPartyCookies(handler.PlatformView, true);
                #endif
                });
                """),
        ],
        checklistTab: nil,
        checklistMapping: [
            WrapperChecklistMapping("android.onPermissionRequest", "a MauiWebChromeClient subclass with OnPermissionRequest, set through WebViewHandler.Mapper"),
            WrapperChecklistMapping("android.onShowFileChooser", "MauiWebChromeClient.OnShowFileChooser (built in)"),
            WrapperChecklistMapping("android.runtime.camera", "Permissions.RequestAsync<Permissions.Camera>()"),
            WrapperChecklistMapping("android.mediaGesture", "WebViewHandler.Mapper: Settings.MediaPlaybackRequiresUserGesture = false"),
            WrapperChecklistMapping("android.cookies", "WebViewHandler.Mapper: CookieManager.SetAcceptThirdPartyCookies"),
            WrapperChecklistMapping("ios.mediaCaptureHandler", "a WKUIDelegate with requestMediaCapturePermission, set through WebViewHandler.Mapper"),
            WrapperChecklistMapping("ios.uiDelegate", "handler.PlatformView.UIDelegate"),
        ])
}
