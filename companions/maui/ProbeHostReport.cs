// probe-server host report for a .NET MAUI app (the WebView control) — docs/host-report.md.
//
// A handler mapping on MAUI's WebViewHandler that gives the platform WebView the probe page's
// own bridges: on Android a JavaScript interface named ProbeHost (window.ProbeHost.hostReport,
// the JSON string it returns is the answer), on iOS and Mac Catalyst a script message handler
// named probe with a reply (window.webkit.messageHandlers.probe, the promise's value). Not
// HybridWebView: it shows the app's own pages (Resources/Raw/wwwroot) and bridges only those,
// while the probe page is a remote page in a WebView.
//
// Where it goes: in a debug build, in MauiProgram.CreateMauiApp before builder.Build():
//
//     #if DEBUG
//     ProbeHostReport.Register(new Uri("https://192.168.1.23:8443"));
//     #endif
//
// The mapping runs for every WebView the app creates, when its handler connects, before the
// page loads. On iOS the handler is told the calling frame (WKScriptMessage.FrameInfo) and
// answers only the main frame, on the probe server's origin (scheme, host and port). On Android
// a JavaScript interface is injected into every frame of the page, whatever its origin, and is
// not told which frame called it: that bridge cannot tell frames apart. So it never hands the
// report to its caller (a frame gets an empty string); it answers into the main frame only,
// with EvaluateJavascript ("in the context of the currently displayed page"), when the top page
// is on the probe server's origin. Keep this out of release builds.
//
// APIs:
//   Handler mappings (WebViewHandler.Mapper.AppendToMapping, PlatformView)
//     https://learn.microsoft.com/en-us/dotnet/maui/user-interface/handlers/customize
//     https://learn.microsoft.com/en-us/dotnet/api/microsoft.maui.handlers.webviewhandler
//   HybridWebView (why not)      https://learn.microsoft.com/en-us/dotnet/maui/user-interface/controls/hybridwebview
//   MainThread.InvokeOnMainThreadAsync https://learn.microsoft.com/en-us/dotnet/maui/platform-integration/appmodel/main-thread
//   Android (.NET for Android bindings of the Android SDK):
//     WebView.AddJavascriptInterface https://learn.microsoft.com/en-us/dotnet/api/android.webkit.webview.addjavascriptinterface
//     JavascriptInterfaceAttribute   https://learn.microsoft.com/en-us/dotnet/api/android.webkit.javascriptinterfaceattribute
//     Java.Interop.ExportAttribute (the Mono.Android.Export assembly) https://learn.microsoft.com/en-us/dotnet/api/java.interop.exportattribute
//     WebView.Url, WebChromeClient, CurrentWebViewPackage https://developer.android.com/reference/android/webkit/WebView
//     WebView.EvaluateJavascript     https://developer.android.com/reference/android/webkit/WebView#evaluateJavascript(java.lang.String,%20android.webkit.ValueCallback%3Cjava.lang.String%3E)
//     Build.VERSION.SdkInt            https://developer.android.com/reference/android/os/Build.VERSION#SDK_INT
//     WebSettings                    https://developer.android.com/reference/android/webkit/WebSettings
//     CookieManager                  https://developer.android.com/reference/android/webkit/CookieManager
//     ContextCompat.CheckSelfPermission https://developer.android.com/reference/androidx/core/content/ContextCompat#checkSelfPermission(android.content.Context,java.lang.String)
//     PackageInfo.RequestedPermissions https://developer.android.com/reference/android/content/pm/PackageInfo#requestedPermissions
//   iOS (.NET for iOS bindings of WebKit, AVFoundation, Photos, Foundation):
//     IWKScriptMessageHandlerWithReply https://learn.microsoft.com/en-us/dotnet/api/webkit.iwkscriptmessagehandlerwithreply
//     WKUserContentController.AddScriptMessageHandler https://developer.apple.com/documentation/webkit/wkusercontentcontroller/addscriptmessagehandler(_:contentworld:name:)
//     WKUserContentController.RemoveScriptMessageHandler https://developer.apple.com/documentation/webkit/wkusercontentcontroller/removescriptmessagehandler(forname:contentworld:)
//     WKScriptMessage.FrameInfo      https://developer.apple.com/documentation/webkit/wkscriptmessage/frameinfo
//     WKWebViewConfiguration         https://developer.apple.com/documentation/webkit/wkwebviewconfiguration
//     WKWebsiteDataStore.Persistent  https://developer.apple.com/documentation/webkit/wkwebsitedatastore/ispersistent
//     WKUIDelegate media capture     https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:requestmediacapturepermissionfor:initiatedbyframe:type:decisionhandler:)
//     NSBundle.ObjectForInfoDictionary https://developer.apple.com/documentation/foundation/bundle/object(forinfodictionarykey:)
//     AVCaptureDevice.GetAuthorizationStatus https://developer.apple.com/documentation/avfoundation/avcapturedevice/authorizationstatus(for:)
//     PHPhotoLibrary.GetAuthorizationStatus https://developer.apple.com/documentation/photokit/phphotolibrary/authorizationstatus(for:)

using System;
using System.Collections.Generic;
using System.Text.Json;
using Microsoft.Maui.ApplicationModel;
using Microsoft.Maui.Handlers;
#if ANDROID
using Android.Content.PM;
using Android.Webkit;
using AndroidX.Core.Content;
using Java.Interop;
#elif IOS || MACCATALYST
using AVFoundation;
using Foundation;
using ObjCRuntime;
using Photos;
using WebKit;
#endif

public static class ProbeHostReport
{
    public static void Register(Uri probeOrigin)
    {
        WebViewHandler.Mapper.AppendToMapping("ProbeHostReport", (handler, view) =>
        {
#if ANDROID
            handler.PlatformView.AddJavascriptInterface(new AndroidBridge(handler.PlatformView, probeOrigin), "ProbeHost");
#elif IOS || MACCATALYST
            // WebKit refuses a second handler of the same name: a mapping that runs again replaces it.
            var controller = handler.PlatformView.Configuration.UserContentController;
            controller.RemoveScriptMessageHandler("probe", WKContentWorld.Page);
            controller.AddScriptMessageHandler(new AppleBridge(handler.PlatformView, probeOrigin), WKContentWorld.Page, "probe");
#endif
        });
    }

    static int Port(string scheme, int port) => port > 0 ? port : (scheme == "https" ? 443 : 80);

    static bool SameOrigin(string scheme, string host, int port, Uri probeOrigin) =>
        scheme == probeOrigin.Scheme && host == probeOrigin.Host && Port(scheme, port) == Port(probeOrigin.Scheme, probeOrigin.Port);

    static Dictionary<string, object> Fact(object value, string how) => new Dictionary<string, object> { ["value"] = value, ["how"] = how };

    static string Json(string platform, string app, Dictionary<string, object> facts) =>
        JsonSerializer.Serialize(new Dictionary<string, object>
        {
            ["schema"] = "probe-server.host-report/1",
            ["host"] = new Dictionary<string, object> { ["platform"] = platform, ["wrapper"] = "maui", ["app"] = app },
            ["facts"] = facts,
        });

#if ANDROID
    /// The object the page sees as window.ProbeHost: only its [JavascriptInterface] [Export] methods.
    sealed class AndroidBridge : Java.Lang.Object
    {
        readonly Android.Webkit.WebView webView;
        readonly Uri probeOrigin;

        public AndroidBridge(Android.Webkit.WebView webView, Uri probeOrigin)
        {
            this.webView = webView;
            this.probeOrigin = probeOrigin;
        }

        /// Called by a frame of the page on a background thread. Returns nothing to it: the report
        /// goes to the main frame through EvaluateJavascript, read and sent on the main thread,
        /// when the top page is on the probe server's origin.
        [JavascriptInterface]
        [Export("hostReport")]
        public string HostReport(string request)
        {
            MainThread.BeginInvokeOnMainThread(() =>
            {
                var page = Android.Net.Uri.Parse(webView.Url ?? "");
                if (page == null || !SameOrigin(page.Scheme, page.Host, page.Port, probeOrigin)) return;
                // A JSON string literal is a JavaScript expression; the page defines window.probeHostReport.
                webView.EvaluateJavascript("window.probeHostReport(" + JsonSerializer.Serialize(Build()) + ");", null);
            });
            return "";
        }

        static string Authorization(Android.Content.Context context, string permission) =>
            ContextCompat.CheckSelfPermission(context, permission) == Permission.Granted ? "authorized" : "denied";

        /// Whether the WebChromeClient's Java class overrides `name` (MAUI's MauiWebChromeClient, or the app's own).
        static bool Overrides(WebChromeClient client, string name, params Java.Lang.Class[] types) =>
            client != null && !client.Class.GetMethod(name, types).DeclaringClass.Equals(Java.Lang.Class.FromType(typeof(WebChromeClient)));

        string Build()
        {
            var context = webView.Context;
            var settings = webView.Settings;
            var cookies = CookieManager.Instance;
            var requested = context.PackageManager.GetPackageInfo(context.PackageName, PackageInfoFlags.Permissions).RequestedPermissions;
            var api33 = Android.OS.Build.VERSION.SdkInt >= Android.OS.BuildVersionCodes.Tiramisu;
            var facts = new Dictionary<string, object>
            {
                ["cameraAuthorization"] = Fact(Authorization(context, Android.Manifest.Permission.Camera), "ContextCompat.CheckSelfPermission(context, Manifest.Permission.Camera)"),
                ["photosAuthorization"] = api33
                    ? Fact(Authorization(context, Android.Manifest.Permission.ReadMediaImages), "ContextCompat.CheckSelfPermission(context, Manifest.Permission.ReadMediaImages)")
                    : Fact(Authorization(context, Android.Manifest.Permission.ReadExternalStorage), "ContextCompat.CheckSelfPermission(context, Manifest.Permission.ReadExternalStorage)"),
                ["manifestPermissions"] = Fact(requested == null ? new List<string>() : new List<string>(requested), "PackageManager.GetPackageInfo(PackageName, PackageInfoFlags.Permissions).RequestedPermissions"),
                ["javaScriptEnabled"] = Fact(settings.JavaScriptEnabled, "handler.PlatformView.Settings.JavaScriptEnabled"),
                ["domStorageEnabled"] = Fact(settings.DomStorageEnabled, "handler.PlatformView.Settings.DomStorageEnabled"),
                ["mediaPlaybackRequiresUserGesture"] = Fact(settings.MediaPlaybackRequiresUserGesture, "handler.PlatformView.Settings.MediaPlaybackRequiresUserGesture"),
                ["allowFileAccess"] = Fact(settings.AllowFileAccess, "handler.PlatformView.Settings.AllowFileAccess"),
                ["acceptCookies"] = Fact(cookies.AcceptCookie(), "CookieManager.Instance.AcceptCookie()"),
                ["acceptThirdPartyCookies"] = Fact(cookies.AcceptThirdPartyCookies(webView), "CookieManager.Instance.AcceptThirdPartyCookies(handler.PlatformView)"),
            };
            if (Android.OS.Build.VERSION.SdkInt >= Android.OS.BuildVersionCodes.O)  // WebChromeClient, CurrentWebViewPackage: API 26; before it, leave the facts out.
            {
                var client = webView.WebChromeClient;
                facts["mediaCaptureHandler"] = Fact(Overrides(client, "onPermissionRequest", Java.Lang.Class.FromType(typeof(PermissionRequest))),
                    "handler.PlatformView.WebChromeClient's Java class declares onPermissionRequest(PermissionRequest)");
                facts["fileChooserHandler"] = Fact(Overrides(client, "onShowFileChooser", Java.Lang.Class.FromType(typeof(Android.Webkit.WebView)),
                        Java.Lang.Class.FromType(typeof(IValueCallback)), Java.Lang.Class.FromType(typeof(WebChromeClient.FileChooserParams))),
                    "handler.PlatformView.WebChromeClient's Java class declares onShowFileChooser(WebView, ValueCallback, FileChooserParams)");
                var provider = Android.Webkit.WebView.CurrentWebViewPackage;
                if (provider != null)
                {
                    facts["webViewPackage"] = Fact(provider.PackageName, "WebView.CurrentWebViewPackage.PackageName");
                    facts["webViewVersion"] = Fact(provider.VersionName, "WebView.CurrentWebViewPackage.VersionName");
                }
            }
            var app = context.PackageManager.GetPackageInfo(context.PackageName, (PackageInfoFlags)0);
            return Json("android", context.PackageName + " " + app.VersionName, facts);
        }
    }
#elif IOS || MACCATALYST
    /// The script message handler the page posts to as window.webkit.messageHandlers.probe; it
    /// answers through the reply, not EvaluateJavaScript, which WebKit runs as a user gesture.
    sealed class AppleBridge : NSObject, IWKScriptMessageHandlerWithReply
    {
        readonly WeakReference<WKWebView> webView;
        readonly Uri probeOrigin;

        public AppleBridge(WKWebView webView, Uri probeOrigin)
        {
            this.webView = new WeakReference<WKWebView>(webView);
            this.probeOrigin = probeOrigin;
        }

        public void DidReceiveScriptMessage(WKUserContentController userContentController, WKScriptMessage message, Action<NSObject, NSString> replyHandler)
        {
            // The page's end-of-run summary arrives on the same handler: answer requests only.
            var body = message.Body as NSDictionary;
            var type = body == null ? null : body.ObjectForKey(new NSString("type")) as NSString;
            var origin = message.FrameInfo.SecurityOrigin;
            WKWebView shown;
            // Only the probe server's page: the main frame, on its origin (WKSecurityOrigin.Port is 0 for the default port).
            if (type == null || type.ToString() != "host-report-request" || !message.FrameInfo.MainFrame
                || !SameOrigin(origin.Protocol, origin.Host, (int)origin.Port, probeOrigin) || !webView.TryGetTarget(out shown))
            {
                replyHandler(null, null);
                return;
            }
            replyHandler(new NSString(Build(shown)), null);
        }

        static string Authorization(AVAuthorizationStatus status) =>
            status == AVAuthorizationStatus.Authorized ? "authorized" : status == AVAuthorizationStatus.Denied ? "denied"
            : status == AVAuthorizationStatus.Restricted ? "restricted" : "not-determined";

        static string Authorization(PHAuthorizationStatus status) =>
            status == PHAuthorizationStatus.Authorized ? "authorized" : status == PHAuthorizationStatus.Limited ? "limited"
            : status == PHAuthorizationStatus.Denied ? "denied" : status == PHAuthorizationStatus.Restricted ? "restricted" : "not-determined";

        static object InfoString(string key) => NSBundle.MainBundle.ObjectForInfoDictionary(key)?.ToString();

        static string Build(WKWebView webView)
        {
            var configuration = webView.Configuration;
            var userAction = new List<string>();
            if (configuration.MediaTypesRequiringUserActionForPlayback.HasFlag(WKAudiovisualMediaTypes.Audio)) userAction.Add("audio");
            if (configuration.MediaTypesRequiringUserActionForPlayback.HasFlag(WKAudiovisualMediaTypes.Video)) userAction.Add("video");
            var facts = new Dictionary<string, object>
            {
                ["cameraAuthorization"] = Fact(Authorization(AVCaptureDevice.GetAuthorizationStatus(AVAuthorizationMediaType.Video)), "AVCaptureDevice.GetAuthorizationStatus(AVAuthorizationMediaType.Video)"),
                ["photosAuthorization"] = Fact(Authorization(PHPhotoLibrary.GetAuthorizationStatus(PHAccessLevel.ReadWrite)), "PHPhotoLibrary.GetAuthorizationStatus(PHAccessLevel.ReadWrite)"),
                ["cameraUsageDescription"] = Fact(InfoString("NSCameraUsageDescription"), "NSBundle.MainBundle.ObjectForInfoDictionary(\"NSCameraUsageDescription\")"),
                ["photoLibraryUsageDescription"] = Fact(InfoString("NSPhotoLibraryUsageDescription"), "NSBundle.MainBundle.ObjectForInfoDictionary(\"NSPhotoLibraryUsageDescription\")"),
                ["microphoneUsageDescription"] = Fact(InfoString("NSMicrophoneUsageDescription"), "NSBundle.MainBundle.ObjectForInfoDictionary(\"NSMicrophoneUsageDescription\")"),
                // MAUI's own WKUIDelegate (MauiWKWebView's) unless the app replaced it.
                ["uiDelegate"] = Fact(webView.UIDelegate != null, "handler.PlatformView.UIDelegate != null"),
                ["mediaCaptureHandler"] = Fact(webView.UIDelegate is NSObject ui && ui.RespondsToSelector(new Selector("webView:requestMediaCapturePermissionForOrigin:initiatedByFrame:type:decisionHandler:")),
                    "(handler.PlatformView.UIDelegate as NSObject).RespondsToSelector(webView:requestMediaCapturePermissionForOrigin:initiatedByFrame:type:decisionHandler:)"),
                ["javaScriptEnabled"] = Fact(configuration.DefaultWebpagePreferences.AllowsContentJavaScript, "handler.PlatformView.Configuration.DefaultWebpagePreferences.AllowsContentJavaScript"),
                ["allowsInlineMediaPlayback"] = Fact(configuration.AllowsInlineMediaPlayback, "handler.PlatformView.Configuration.AllowsInlineMediaPlayback"),
                ["mediaTypesRequiringUserActionForPlayback"] = Fact(userAction, "handler.PlatformView.Configuration.MediaTypesRequiringUserActionForPlayback"),
                ["dataStorePersistent"] = Fact(configuration.WebsiteDataStore.Persistent, "handler.PlatformView.Configuration.WebsiteDataStore.Persistent"),
            };
            var bundle = NSBundle.MainBundle;
            var app = bundle.BundleIdentifier + " " + bundle.ObjectForInfoDictionary("CFBundleShortVersionString");
            return Json("ios", app, facts);
        }
    }
#endif
}
