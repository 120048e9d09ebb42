// The .NET MAUI, .NET for Android and .NET for iOS API that the catalog's C# snippets call,
// as declarations only (from learn.microsoft.com and dotnet/maui's source), so mcs can check
// the snippets. Compiled with the snippets and -define:ANDROID.
using System;
using System.Threading.Tasks;

namespace Android.Net { public class Uri { public string Scheme => ""; public string Host => ""; public int Port => -1; } }
namespace Android.Content { public class Context {} }
namespace Android.Content.PM { public enum Permission { Denied = -1, Granted = 0 } }
namespace Android.App { public static class Application { public static Android.Content.Context Context => null; } }
namespace Android { public static class Manifest { public static class Permission { public const string Camera = "android.permission.CAMERA"; } } }
namespace Android.Webkit {
    public class PermissionRequest {
        public const string ResourceVideoCapture = "android.webkit.resource.VIDEO_CAPTURE";
        public Android.Net.Uri Origin => null;
        public string[] GetResources() => null;
        public void Grant(string[] resources) {}
        public void Deny() {}
    }
    public class WebSettings {
        public bool MediaPlaybackRequiresUserGesture { get; set; }
        public bool DomStorageEnabled { get; set; }
        public bool DatabaseEnabled { get; set; }
        public MixedContentHandling MixedContentMode { get; set; }
        public void SetSupportMultipleWindows(bool support) {}
    }
    public enum MixedContentHandling { AlwaysAllow = 0, NeverAllow = 1, CompatibilityMode = 2 }
    public class WebView { public WebSettings Settings => null; public void SetWebChromeClient(WebChromeClient client) {} }
    public class WebChromeClient { public virtual void OnPermissionRequest(PermissionRequest request) {} }
    public class CookieManager { public static CookieManager Instance => null; public void SetAcceptThirdPartyCookies(WebView webView, bool accept) {} }
}
namespace AndroidX.Core.Content { public static class ContextCompat { public static Android.Content.PM.Permission CheckSelfPermission(Android.Content.Context context, string permission) => 0; } }
namespace Foundation { [AttributeUsage(AttributeTargets.All)] public class ExportAttribute : Attribute { public ExportAttribute(string selector) {} } }
namespace WebKit {
    public class WKWebView {}
    public class WKSecurityOrigin { public string Protocol => ""; public string Host => ""; public long Port => 0; /* nint in .NET for iOS, which mcs does not know */ }
    public class WKFrameInfo {}
    public enum WKMediaCaptureType { Camera, Microphone, CameraAndMicrophone }
    public enum WKPermissionDecision { Prompt, Grant, Deny }
    public class WKUIDelegate {}
    public class WKWebViewConfiguration { public bool AllowsInlineMediaPlayback { get; set; } }
}
namespace Microsoft.Maui.Platform {
    public class MauiWebChromeClient : Android.Webkit.WebChromeClient { public MauiWebChromeClient(Microsoft.Maui.Handlers.WebViewHandler handler) {} }
    public class MauiWKWebView { public static WebKit.WKWebViewConfiguration CreateConfiguration() => null; }
}
namespace Microsoft.Maui.Handlers {
    public interface IWebView {}
    public class PropertyMapper<TView, THandler> { public void AppendToMapping(string key, Action<THandler, TView> method) {} }
    public class WebViewHandler {
        public Android.Webkit.WebView PlatformView => null;
        public static PropertyMapper<IWebView, WebViewHandler> Mapper = new PropertyMapper<IWebView, WebViewHandler>();
    }
}
namespace Microsoft.Maui.ApplicationModel {
    public enum PermissionStatus { Unknown, Denied, Disabled, Granted, Restricted, Limited }
    public static class Permissions {
        public abstract class BasePermission {}
        public class Camera : BasePermission {}
        public static Task<PermissionStatus> RequestAsync<T>() where T : BasePermission, new() => Task.FromResult(PermissionStatus.Granted);
    }
    public static class AppInfo { public static void ShowSettingsUI() {} }
}
