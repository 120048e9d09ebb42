/// .NET MAUI's WebView control: the handlers configure the platform WebViews, and an app
/// reaches them through the handler's mapper. What was read in its source is maui.json beside this file;
/// its fixes, being code, are here.
extension WrapperCatalog {
    /// MauiWebChromeClient overrides OnShowFileChooser only: no OnPermissionRequest, so
    /// Android's default denies every camera request.
    static let mauiChromeClient = "https://github.com/dotnet/maui/blob/081049e2890b6614e8961221098508e0bd9ffed7/src/Core/src/Platform/Android/MauiWebChromeClient.cs"
    /// CreateConfiguration: AllowsInlineMediaPlayback = true, MediaTypesRequiringUserActionForPlayback
    /// = None; the constructor sets a NavigationDelegate and no media-capture answer.
    static let mauiWKWebView = "https://github.com/dotnet/maui/blob/07d6839d1cfd4c9fa6c03ea443b04e05b958bcd2/src/Core/src/Platform/iOS/MauiWKWebView.cs"
    static let mauiCustomize = "https://learn.microsoft.com/dotnet/maui/user-interface/handlers/customize"

    /// A WebViewHandler mapping that runs `statement` on Android (template "mauiMapping").
    static func mauiMapping(_ key: String, _ statement: String) -> WrapperSettingRow.Fix {
        .code(language: "C#", kind: "cs.statements", """
            // MauiProgram.cs, in CreateMauiApp():
            Microsoft.Maui.Handlers.WebViewHandler.Mapper.AppendToMapping("\(key)", (handler, view) =>
            {
            #if ANDROID
                \(statement)
            #endif
            });
            """)
    }

    static let mauiFixes: [WrapperFix] = [
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
    ]
}
