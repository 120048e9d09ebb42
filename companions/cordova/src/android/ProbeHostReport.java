// probe-server host report for a Cordova app, cordova-android side — docs/host-report.md.
//
// A CordovaPlugin that loads at startup (plugin.xml: <param name="onload" value="true" />) and
// adds a JavaScript interface named ProbeHost to the app's system WebView before the first
// page loads; the probe page calls window.ProbeHost.hostReport(request), and the answer comes
// back through window.probeHostReport(json), the global the page defines. The probe origin is
// the plugin variable PROBE_ORIGIN (config.xml's ProbeOrigin preference). See ../../plugin.xml
// for where it goes.
//
// An addJavascriptInterface object is injected into every frame of the page, whatever its
// origin, and is not told which frame called it: this bridge cannot tell frames apart. So it
// never hands the report to its caller (a frame gets an empty string); it answers into the
// main frame only, with evaluateJavascript ("in the context of the currently displayed page"),
// only in a debuggable build and only when the top page is on the probe server's origin
// (scheme, host and port). Keep the plugin out of release builds.
//
// APIs:
//   CordovaPlugin (pluginInitialize, webView, cordova, preferences)
//     https://cordova.apache.org/docs/en/latest/guide/platforms/android/plugin.html
//   CordovaInterface.hasPermission, CordovaWebView.getView / getUrl
//     https://github.com/apache/cordova-android/blob/rel/15.0.0/framework/src/org/apache/cordova/CordovaInterface.java
//     https://github.com/apache/cordova-android/blob/rel/15.0.0/framework/src/org/apache/cordova/CordovaWebView.java
//   addJavascriptInterface / @JavascriptInterface https://developer.android.com/reference/android/webkit/WebView#addJavascriptInterface(java.lang.Object,%20java.lang.String)
//   WebView.evaluateJavascript           https://developer.android.com/reference/android/webkit/WebView#evaluateJavascript(java.lang.String,%20android.webkit.ValueCallback%3Cjava.lang.String%3E)
//   WebView.getWebChromeClient (API 26)  https://developer.android.com/reference/android/webkit/WebView#getWebChromeClient()
//   WebView.getCurrentWebViewPackage (API 26) https://developer.android.com/reference/android/webkit/WebView#getCurrentWebViewPackage()
//   WebSettings                          https://developer.android.com/reference/android/webkit/WebSettings
//   CookieManager                        https://developer.android.com/reference/android/webkit/CookieManager
//   ApplicationInfo.FLAG_DEBUGGABLE      https://developer.android.com/reference/android/content/pm/ApplicationInfo#FLAG_DEBUGGABLE
//   PackageInfo.requestedPermissions     https://developer.android.com/reference/android/content/pm/PackageInfo#requestedPermissions
package org.probeserver.hostreport;

import android.Manifest;
import android.content.Context;
import android.content.pm.ApplicationInfo;
import android.content.pm.PackageInfo;
import android.content.pm.PackageManager;
import android.net.Uri;
import android.os.Build;
import android.view.View;
import android.webkit.CookieManager;
import android.webkit.JavascriptInterface;
import android.webkit.PermissionRequest;
import android.webkit.ValueCallback;
import android.webkit.WebChromeClient;
import android.webkit.WebSettings;
import android.webkit.WebView;


import org.apache.cordova.CordovaPlugin;
import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;

public class ProbeHostReport extends CordovaPlugin {
    private WebView systemWebView;

    @Override
    protected void pluginInitialize() {
        Context context = cordova.getActivity();
        boolean debuggable = (context.getApplicationInfo().flags & ApplicationInfo.FLAG_DEBUGGABLE) != 0;
        View view = webView.getView();
        // Only cordova-android's system WebView engine is an android.webkit.WebView.
        if (!debuggable || !(view instanceof WebView)) return;
        systemWebView = (WebView) view;
        cordova.getActivity().runOnUiThread(() -> systemWebView.addJavascriptInterface(new Bridge(), "ProbeHost"));
    }

    /** The object the page sees as window.ProbeHost: only its @JavascriptInterface methods. */
    final class Bridge {
        /**
         * Called by a frame of the page on a background thread. Returns nothing to it: the report
         * goes to the main frame through evaluateJavascript, read and sent on the UI thread, when
         * the top page is on the probe server's origin.
         */
        @JavascriptInterface
        public String hostReport(String request) {
            cordova.getActivity().runOnUiThread(() -> {
                try {
                    if (!sameOrigin(webView.getUrl())) return;
                    systemWebView.evaluateJavascript("window.probeHostReport(" + JSONObject.quote(build().toString()) + ");", null);
                } catch (JSONException | PackageManager.NameNotFoundException e) {
                    // no answer: the page records "no host report"
                }
            });
            return "";
        }
    }

    private boolean sameOrigin(String url) {
        String origin = preferences.getString("ProbeOrigin", null);
        if (url == null || origin == null) return false;
        Uri page = Uri.parse(url), probe = Uri.parse(origin);
        return page.getScheme() != null && page.getScheme().equals(probe.getScheme())
            && page.getHost() != null && page.getHost().equals(probe.getHost()) && port(page) == port(probe);
    }

    private static int port(Uri uri) {
        if (uri.getPort() != -1) return uri.getPort();
        return "https".equals(uri.getScheme()) ? 443 : 80;
    }

    private static JSONObject fact(Object value, String how) throws JSONException {
        return new JSONObject().put("value", value == null ? JSONObject.NULL : value).put("how", how);
    }

    private String authorization(String permission) {
        return cordova.hasPermission(permission) ? "authorized" : "denied";
    }

    /** Whether the WebChromeClient overrides `name` (cordova-android's SystemWebChromeClient, or the app's own). */
    private static boolean overrides(WebChromeClient client, String name, Class<?>... types) {
        if (client == null) return false;
        try {
            return client.getClass().getMethod(name, types).getDeclaringClass() != WebChromeClient.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private JSONObject build() throws JSONException, PackageManager.NameNotFoundException {
        Context context = cordova.getActivity();
        WebSettings settings = systemWebView.getSettings();
        CookieManager cookies = CookieManager.getInstance();
        PackageManager packages = context.getPackageManager();
        String[] requested = packages.getPackageInfo(context.getPackageName(), PackageManager.GET_PERMISSIONS).requestedPermissions;
        boolean api33 = Build.VERSION.SDK_INT >= 33;
        JSONObject facts = new JSONObject()
            .put("cameraAuthorization", fact(authorization(Manifest.permission.CAMERA), "cordova.hasPermission(Manifest.permission.CAMERA)"))
            .put("photosAuthorization", api33
                ? fact(authorization(Manifest.permission.READ_MEDIA_IMAGES), "cordova.hasPermission(Manifest.permission.READ_MEDIA_IMAGES)")
                : fact(authorization(Manifest.permission.READ_EXTERNAL_STORAGE), "cordova.hasPermission(Manifest.permission.READ_EXTERNAL_STORAGE)"))
            .put("manifestPermissions", fact(new JSONArray(requested == null ? new String[0] : requested), "PackageManager.getPackageInfo(packageName, GET_PERMISSIONS).requestedPermissions"))
            .put("javaScriptEnabled", fact(settings.getJavaScriptEnabled(), "systemWebView.getSettings().getJavaScriptEnabled()"))
            .put("domStorageEnabled", fact(settings.getDomStorageEnabled(), "systemWebView.getSettings().getDomStorageEnabled()"))
            .put("mediaPlaybackRequiresUserGesture", fact(settings.getMediaPlaybackRequiresUserGesture(), "systemWebView.getSettings().getMediaPlaybackRequiresUserGesture()"))
            .put("allowFileAccess", fact(settings.getAllowFileAccess(), "systemWebView.getSettings().getAllowFileAccess()"))
            .put("acceptCookies", fact(cookies.acceptCookie(), "CookieManager.getInstance().acceptCookie()"))
            .put("acceptThirdPartyCookies", fact(cookies.acceptThirdPartyCookies(systemWebView), "CookieManager.getInstance().acceptThirdPartyCookies(systemWebView)"));
        if (Build.VERSION.SDK_INT >= 26) {  // getWebChromeClient(), getCurrentWebViewPackage(): API 26; before it, leave the facts out.
            WebChromeClient client = systemWebView.getWebChromeClient();
            facts.put("mediaCaptureHandler", fact(overrides(client, "onPermissionRequest", PermissionRequest.class),
                "systemWebView.getWebChromeClient()'s class declares onPermissionRequest(PermissionRequest)"));
            facts.put("fileChooserHandler", fact(overrides(client, "onShowFileChooser", WebView.class, ValueCallback.class, WebChromeClient.FileChooserParams.class),
                "systemWebView.getWebChromeClient()'s class declares onShowFileChooser(WebView, ValueCallback, FileChooserParams)"));
            PackageInfo provider = WebView.getCurrentWebViewPackage();
            if (provider != null) {
                facts.put("webViewPackage", fact(provider.packageName, "WebView.getCurrentWebViewPackage().packageName"));
                facts.put("webViewVersion", fact(provider.versionName, "WebView.getCurrentWebViewPackage().versionName"));
            }
        }
        PackageInfo app = packages.getPackageInfo(context.getPackageName(), 0);
        return new JSONObject()
            .put("schema", "probe-server.host-report/1")
            .put("host", new JSONObject().put("platform", "android").put("wrapper", "cordova").put("app", context.getPackageName() + " " + app.versionName))
            .put("facts", facts);
    }
}
