// The .NET MAUI, .NET for Android and .NET for iOS API that the catalog's C# snippets call,
// as declarations only (from learn.microsoft.com and dotnet/maui's source), so mcs can check
// the snippets. Compiled with the snippets and -define:ANDROID; the companions
// (Tests/remedies/companions.py) once with -define:ANDROID and once with -define:IOS, which
// makes WebViewHandler.PlatformView the WKWebView it is on iOS.
using System;
using System.Collections.Generic;
using System.Threading.Tasks;

namespace Android.Net { public class Uri { public string Scheme => ""; public string Host => ""; public int Port => -1; public static Uri Parse(string uriString) => null; } }
namespace Android.Content { public class Context { public Android.Content.PM.PackageManager PackageManager => null; public string PackageName => ""; } }
namespace Android.Content.PM {
    public enum Permission { Denied = -1, Granted = 0 }
    [Flags] public enum PackageInfoFlags { Permissions = 4096 }
    public class PackageInfo { public string PackageName => ""; public string VersionName => ""; public IList<string> RequestedPermissions => null; }
    public class PackageManager { public PackageInfo GetPackageInfo(string packageName, PackageInfoFlags flags) => null; }
}
namespace Android.OS {
    public enum BuildVersionCodes { O = 26, Tiramisu = 33 }
    public static class Build { public static class VERSION { public static BuildVersionCodes SdkInt => 0; } }
}
namespace Java.Lang {
    public class Object { public Class Class => null; }
    public sealed class Class : Object {
        public static Class FromType(Type type) => null;
        public Java.Lang.Reflect.Method GetMethod(string name, params Class[] parameterTypes) => null;
    }
}
namespace Java.Lang.Reflect { public sealed class Method : Java.Lang.Object { public Java.Lang.Class DeclaringClass => null; } }
namespace Java.Interop { [AttributeUsage(AttributeTargets.Method)] public class ExportAttribute : Attribute { public ExportAttribute(string name) {} } }
namespace System.Text.Json { public static class JsonSerializer { public static string Serialize<TValue>(TValue value) => ""; } }
namespace Android.App { public static class Application { public static Android.Content.Context Context => null; } }
namespace Android { public static class Manifest { public static class Permission {
    public const string Camera = "android.permission.CAMERA";
    public const string ReadMediaImages = "android.permission.READ_MEDIA_IMAGES";
    public const string ReadExternalStorage = "android.permission.READ_EXTERNAL_STORAGE";
} } }
namespace Android.Webkit {
    public class PermissionRequest {
        public const string ResourceVideoCapture = "android.webkit.resource.VIDEO_CAPTURE";
        public Android.Net.Uri Origin => null;
        public string[] GetResources() => null;
        public void Grant(string[] resources) {}
        public void Deny() {}
    }
    [AttributeUsage(AttributeTargets.Method)] public class JavascriptInterfaceAttribute : Attribute {}
    public interface IValueCallback {}
    public class WebSettings {
        public bool JavaScriptEnabled { get; set; }
        public bool AllowFileAccess { get; set; }
        public bool MediaPlaybackRequiresUserGesture { get; set; }
        public bool DomStorageEnabled { get; set; }
        public bool DatabaseEnabled { get; set; }
        public MixedContentHandling MixedContentMode { get; set; }
        public void SetSupportMultipleWindows(bool support) {}
        public string UserAgentString { get; set; }
        public static string GetDefaultUserAgent(Android.Content.Context context) => "";
    }
    public enum MixedContentHandling { AlwaysAllow = 0, NeverAllow = 1, CompatibilityMode = 2 }
    public class WebView : Java.Lang.Object {
        public WebSettings Settings => null;
        public void SetWebChromeClient(WebChromeClient client) {}
        public WebChromeClient WebChromeClient => null;
        public string Url => "";
        public Android.Content.Context Context => null;
        public void AddJavascriptInterface(Java.Lang.Object obj, string interfaceName) {}
        public void EvaluateJavascript(string script, IValueCallback resultCallback) {}
        public static Android.Content.PM.PackageInfo CurrentWebViewPackage => null;
    }
    public class GeolocationPermissions : Java.Lang.Object {
        public interface ICallback { void Invoke(string origin, bool allow, bool retain); }
    }
    public class WebChromeClient : Java.Lang.Object {
        public virtual void OnPermissionRequest(PermissionRequest request) {}
        public virtual void OnGeolocationPermissionsShowPrompt(string origin, GeolocationPermissions.ICallback callback) {}
        public abstract class FileChooserParams : Java.Lang.Object {}
    }
    public class CookieManager {
        public static CookieManager Instance => null;
        public void SetAcceptThirdPartyCookies(WebView webView, bool accept) {}
        public bool AcceptCookie() => true;
        public bool AcceptThirdPartyCookies(WebView webView) => true;
        public void SetCookie(string url, string value) {}
        public void Flush() {}
    }
}
namespace AndroidX.Core.Content { public static class ContextCompat { public static Android.Content.PM.Permission CheckSelfPermission(Android.Content.Context context, string permission) => 0; } }
namespace CoreGraphics { public struct CGRect { public static CGRect Empty => default(CGRect); } }
namespace ObjCRuntime { public class Selector { public Selector(string name) {} } }
namespace Foundation {
    [AttributeUsage(AttributeTargets.All)] public class ExportAttribute : Attribute { public ExportAttribute(string selector) {} }
    public class NSObject { public virtual bool RespondsToSelector(ObjCRuntime.Selector sel) => false; }
    public class NSString : NSObject { public NSString(string str) {} }
    public class NSDictionary : NSObject { public NSObject ObjectForKey(NSObject key) => null; }
    public class NSBundle : NSObject { public static NSBundle MainBundle => null; public string BundleIdentifier => ""; public NSObject ObjectForInfoDictionary(string key) => null; }
}
namespace AVFoundation {
    public enum AVAuthorizationMediaType { Video, Audio }
    public enum AVAuthorizationStatus { NotDetermined, Restricted, Denied, Authorized }
    public class AVCaptureDevice { public static AVAuthorizationStatus GetAuthorizationStatus(AVAuthorizationMediaType mediaType) => 0; }
}
namespace Photos {
    public enum PHAccessLevel { AddOnly = 1, ReadWrite = 2 }
    public enum PHAuthorizationStatus { NotDetermined, Restricted, Denied, Authorized, Limited }
    public class PHPhotoLibrary { public static PHAuthorizationStatus GetAuthorizationStatus(PHAccessLevel accessLevel) => 0; }
}
namespace WebKit {
    public interface IWKUIDelegate {}
    [Flags] public enum WKAudiovisualMediaTypes { None = 0, Audio = 1, Video = 2, All = 3 }
    public enum WKContentMode : long { Recommended, Mobile, Desktop }
    public class WKWebpagePreferences { public bool AllowsContentJavaScript { get; set; } public WKContentMode PreferredContentMode { get; set; } }
    public class WKWebsiteDataStore { public bool Persistent => true; }
    public class WKContentWorld { public static WKContentWorld Page => null; }
    public class WKScriptMessage : Foundation.NSObject { public Foundation.NSObject Body => null; public WKFrameInfo FrameInfo => null; }
    public interface IWKScriptMessageHandlerWithReply {
        void DidReceiveScriptMessage(WKUserContentController userContentController, WKScriptMessage message, Action<Foundation.NSObject, Foundation.NSString> replyHandler);
    }
    public class WKUserContentController {
        public void AddScriptMessageHandler(IWKScriptMessageHandlerWithReply scriptMessageHandlerWithReply, WKContentWorld contentWorld, string name) {}
        public void RemoveScriptMessageHandler(string name, WKContentWorld contentWorld) {}
    }
    public class WKWebView { public WKWebViewConfiguration Configuration => null; public string CustomUserAgent { get; set; } public IWKUIDelegate UIDelegate { get; set; } }
    public class WKSecurityOrigin { public string Protocol => ""; public string Host => ""; public long Port => 0; /* nint in .NET for iOS, which mcs does not know */ }
    public class WKFrameInfo { public bool MainFrame => true; public WKSecurityOrigin SecurityOrigin => null; }
    public enum WKMediaCaptureType { Camera, Microphone, CameraAndMicrophone }
    public enum WKPermissionDecision { Prompt, Grant, Deny }
    public class WKUIDelegate : Foundation.NSObject, IWKUIDelegate {
        public virtual WKWebView CreateWebView(WKWebView webView, WKWebViewConfiguration configuration, WKNavigationAction navigationAction, WKWindowFeatures windowFeatures) => null;
    }
    public class WKNavigationAction { public Foundation.NSUrlRequest Request => null; public WKFrameInfo TargetFrame => null; }
    public class WKWindowFeatures {}
    public class WKWebViewConfiguration {
        public bool AllowsInlineMediaPlayback { get; set; }
        public WKAudiovisualMediaTypes MediaTypesRequiringUserActionForPlayback { get; set; }
        public WKWebpagePreferences DefaultWebpagePreferences => null;
        public WKWebsiteDataStore WebsiteDataStore => null;
        public WKUserContentController UserContentController => null;
    }
}
namespace Microsoft.Maui.Platform {
    public class MauiWebChromeClient : Android.Webkit.WebChromeClient { public MauiWebChromeClient(Microsoft.Maui.Handlers.WebViewHandler handler) {} }
    public class MauiWKWebView : WebKit.WKWebView {
        public MauiWKWebView(CoreGraphics.CGRect frame, Microsoft.Maui.Handlers.WebViewHandler handler, WebKit.WKWebViewConfiguration configuration) {}
        public static WebKit.WKWebViewConfiguration CreateConfiguration() => null;
    }
}
namespace Microsoft.Maui.Handlers {
    public interface IWebView {}
    public class PropertyMapper<TView, THandler> { public void AppendToMapping(string key, Action<THandler, TView> method) {} }
    public class WebViewHandler {
        // iOS's: a handler of the app's own overrides it in a file under Platforms/iOS.
        protected virtual WebKit.WKWebView CreatePlatformView() => null;
#if IOS || MACCATALYST
        public WebKit.WKWebView PlatformView => null;
#else
        public Android.Webkit.WebView PlatformView => null;
#endif
        public static PropertyMapper<IWebView, WebViewHandler> Mapper = new PropertyMapper<IWebView, WebViewHandler>();
    }
}
// As Microsoft.Maui.Controls declares them: the WebView's Navigating event and its arguments
// (WebNavigatingEventArgs : WebNavigationEventArgs, Url and Cancel).
namespace Microsoft.Maui.Controls {
    public class WebNavigationEventArgs : EventArgs { public string Url => ""; }
    public class WebNavigatingEventArgs : WebNavigationEventArgs { public bool Cancel { get; set; } }
    public class WebView { public event EventHandler<WebNavigatingEventArgs> Navigating { add {} remove {} } }
}
namespace Microsoft.Maui.ApplicationModel {
    public enum PermissionStatus { Unknown, Denied, Disabled, Granted, Restricted, Limited }
    public static class Permissions {
        public abstract class BasePermission {}
        public class Camera : BasePermission {}
        public static Task<PermissionStatus> RequestAsync<T>() where T : BasePermission, new() => Task.FromResult(PermissionStatus.Granted);
    }
    public static class AppInfo { public static void ShowSettingsUI() {} }
    public static class MainThread {
        public static Task<T> InvokeOnMainThreadAsync<T>(Func<T> func) => Task.FromResult(func());
        public static void BeginInvokeOnMainThread(Action action) => action();
    }
}
namespace Microsoft.Maui.Hosting {
    public sealed class MauiAppBuilder {}
}
namespace Microsoft.Maui.LifecycleEvents {
    public interface ILifecycleBuilder {}
    public interface IAndroidLifecycleBuilder {}
    public interface IiOSLifecycleBuilder {}
    public static class LifecycleBuilderExtensions {
        public static Microsoft.Maui.Hosting.MauiAppBuilder ConfigureLifecycleEvents(this Microsoft.Maui.Hosting.MauiAppBuilder builder, Action<ILifecycleBuilder> configureDelegate) => builder;
        public static ILifecycleBuilder AddAndroid(this ILifecycleBuilder builder, Action<IAndroidLifecycleBuilder> configureDelegate) => builder;
        public static ILifecycleBuilder AddiOS(this ILifecycleBuilder builder, Action<IiOSLifecycleBuilder> configureDelegate) => builder;
        public static IAndroidLifecycleBuilder OnCreate(this IAndroidLifecycleBuilder lifecycle, Action<Android.App.Activity, Android.OS.Bundle> del) => lifecycle;
        public static IAndroidLifecycleBuilder OnPause(this IAndroidLifecycleBuilder lifecycle, Action<Android.App.Activity> del) => lifecycle;
        public static IAndroidLifecycleBuilder OnNewIntent(this IAndroidLifecycleBuilder lifecycle, Action<Android.App.Activity, Android.Content.Intent> del) => lifecycle;
        public static IiOSLifecycleBuilder OpenUrl(this IiOSLifecycleBuilder lifecycle, Func<UIKit.UIApplication, Foundation.NSUrl, Foundation.NSDictionary, bool> del) => lifecycle;
    }
}
namespace Android.App { public class Activity : Android.Content.Context { public Android.Content.Intent Intent => null; } }
namespace Android.Content { public class Intent { public Android.Net.Uri Data => null; } }
namespace Android.OS { public sealed class Bundle {} }
namespace Foundation { public class NSUrl : NSObject { public string AbsoluteString => ""; public string Host => ""; } public class NSUrlRequest : NSObject { public NSUrl Url => null; } }
namespace UIKit {
    public class UIApplicationOpenUrlOptions {}
    public class UIApplication {
        public static UIApplication SharedApplication => null;
        public void OpenUrl(Foundation.NSUrl url, UIApplicationOpenUrlOptions options, Action<bool> completion) {}
    }
}

namespace Android.Webkit { public class RenderProcessGoneDetail : Java.Lang.Object {} public class WebViewClient : Java.Lang.Object { public virtual bool OnRenderProcessGone(WebView view, RenderProcessGoneDetail detail) => false; } }
namespace Microsoft.Maui.Handlers { public interface IWebViewHandler { WebKit.WKWebView PlatformView { get; } } }
namespace Microsoft.Maui.Platform {
    public class MauiWebViewClient : Android.Webkit.WebViewClient { public MauiWebViewClient(Microsoft.Maui.Handlers.WebViewHandler handler) {} }
    public class MauiWebViewNavigationDelegate : Foundation.NSObject { public MauiWebViewNavigationDelegate(Microsoft.Maui.Handlers.IWebViewHandler handler) {} }
}
namespace WebKit { public static class WKWebViewReloadExt { public static object Reload(this WKWebView w) => null; public static object LoadRequest(this WKWebView w, Foundation.NSUrlRequest request) => null; } }
namespace Microsoft.Maui.Platform { public class MauiWebViewUIDelegate : WebKit.WKUIDelegate { public MauiWebViewUIDelegate(Microsoft.Maui.Handlers.IWebViewHandler handler) {} } }
