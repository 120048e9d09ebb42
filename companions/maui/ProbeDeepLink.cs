// The debug deep link: opens the probe page in this app's own MAUI WebView, so a tester brings a
// run into the app (a WebView has no address bar to type it in):
//   adb shell "am start -a android.intent.action.VIEW -d 'myapp-debug://probe?url=…'"
//   xcrun simctl openurl booted 'myapp-debug://probe?url=…'
//
// Where it goes:
// 1. The scheme, in debug builds: on Android an [IntentFilter] on MainActivity inside #if DEBUG,
//      [IntentFilter(new[] { Intent.ActionView }, Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
//                    DataScheme = "myapp-debug", DataHost = "probe")]
//    (Android, "Create deep links to app content", https://developer.android.com/training/app-links/deep-linking;
//    .NET for Android's IntentFilterAttribute,
//    https://learn.microsoft.com/dotnet/api/android.app.intentfilterattribute), LaunchMode = SingleTop so
//    a link reaches the running activity; on iOS CFBundleURLTypes in Platforms/iOS/Info.plist
//    (Apple, "Defining a custom URL scheme for your app",
//    https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app).
// 2. MauiProgram.CreateMauiApp: builder.AddProbeDeepLink(); and, where the page with the
//    WebView is made: ProbeDeepLink.Open = url => webView.Source = url;
//    The lifecycle events it hooks (Android OnCreate and OnNewIntent, iOS OpenUrl):
//    https://learn.microsoft.com/dotnet/maui/fundamentals/app-lifecycle#platform-lifecycle-events
//
// Only the probe server's origin is opened, and only in a Debug build (#if DEBUG). A debug hook
// that loads any URL it is given is a security hole: any page or app on the device could load an
// attacker's page into a WebView with the app's cookies and its script bridges.
#if DEBUG
using System;
using Microsoft.Maui.Hosting;
using Microsoft.Maui.LifecycleEvents;

public static class ProbeDeepLink
{
    public const string Scheme = "myapp-debug";
    public const string Host = "probe";
    /// <summary>The probe server's origin (scheme, host and port), as `probe-server serve` prints it.</summary>
    public const string ProbeOrigin = "https://probe-server.invalid:8443";

    /// <summary>What loads a probe URL into the app's WebView: set by the page that shows it.</summary>
    public static Action<string> Open = _ => { };

    /// <summary>myapp-debug://probe?url=&lt;percent-encoded probe URL&gt; → the probe URL, when it is on the
    /// probe origin (scheme, host and port, RFC 6454 §5); null for any other link.</summary>
    public static string ProbeUrl(string link)
    {
        Uri uri, url;
        if (link == null || !Uri.TryCreate(link, UriKind.Absolute, out uri)) return null;
        if (uri.Scheme != Scheme || uri.Host != Host) return null;
        foreach (var pair in uri.Query.TrimStart('?').Split('&'))
        {
            var parts = pair.Split(new[] { '=' }, 2);
            if (parts.Length != 2 || parts[0] != "url") continue;
            var value = Uri.UnescapeDataString(parts[1]);
            if (!Uri.TryCreate(value, UriKind.Absolute, out url)) return null;
            var allowed = new Uri(ProbeOrigin);
            return Uri.Compare(url, allowed, UriComponents.SchemeAndServer, UriFormat.Unescaped, StringComparison.OrdinalIgnoreCase) == 0 ? value : null;
        }
        return null;
    }

    static void Take(string link)
    {
        var url = ProbeUrl(link);
        if (url != null) Open(url);
    }

    public static MauiAppBuilder AddProbeDeepLink(this MauiAppBuilder builder)
    {
        builder.ConfigureLifecycleEvents(events =>
        {
#if ANDROID
            events.AddAndroid(android => android
                .OnCreate((activity, state) => Take(activity.Intent?.Data?.ToString()))
                .OnNewIntent((activity, intent) => Take(intent?.Data?.ToString())));
#elif IOS
            events.AddiOS(ios => ios.OpenUrl((app, url, options) => { Take(url.AbsoluteString); return true; }));
#endif
        });
        return builder;
    }
}
#endif
