// probe-server host report for a native Android app (android.webkit.WebView) — docs/host-report.md.
//
// Where it goes: in a debug build, in the Activity or Fragment that creates the WebView that
// opens the probe page, after its settings and WebChromeClient are set and before loadUrl:
//
//     if (BuildConfig.DEBUG) webView.addJavascriptInterface(ProbeHostReport(this, webView, Uri.parse("https://192.168.1.23:8443")), "ProbeHost")
//
// An addJavascriptInterface object is injected into every frame of the page, whatever its
// origin, and is not told which frame called it: this bridge cannot tell frames apart. So it
// never hands the report to its caller (a frame gets an empty string); it answers into the main
// frame only, with evaluateJavascript ("in the context of the currently displayed page"), and
// only when the top page is on the probe server's origin (scheme, host and port of
// probeOrigin). A frame of another origin can at most make the app answer the probe page
// itself. Keep it out of release builds. (androidx.webkit's WebViewCompat.addWebMessageListener
// tells the frame, isMainFrame and sourceOrigin, but its JavaScript object answers through
// postMessage and onmessage, not the method the page calls here.)
//
// APIs (Android documentation):
//   addJavascriptInterface / @JavascriptInterface https://developer.android.com/reference/android/webkit/WebView#addJavascriptInterface(java.lang.Object,%20java.lang.String)
//   WebView.evaluateJavascript           https://developer.android.com/reference/android/webkit/WebView#evaluateJavascript(java.lang.String,%20android.webkit.ValueCallback%3Cjava.lang.String%3E)
//   WebView.getUrl                       https://developer.android.com/reference/android/webkit/WebView#getUrl()
//   WebViewCompat.addWebMessageListener (why not) https://developer.android.com/reference/androidx/webkit/WebViewCompat#addWebMessageListener(android.webkit.WebView,java.lang.String,java.util.Set%3Cjava.lang.String%3E,androidx.webkit.WebViewCompat.WebMessageListener)
//   WebView.getWebChromeClient (API 26)  https://developer.android.com/reference/android/webkit/WebView#getWebChromeClient()
//   WebSettings                          https://developer.android.com/reference/android/webkit/WebSettings
//   CookieManager                        https://developer.android.com/reference/android/webkit/CookieManager
//   ContextCompat.checkSelfPermission    https://developer.android.com/reference/androidx/core/content/ContextCompat#checkSelfPermission(android.content.Context,java.lang.String)
//   PackageInfo.requestedPermissions     https://developer.android.com/reference/android/content/pm/PackageInfo#requestedPermissions
//   WebViewCompat.getCurrentWebViewPackage https://developer.android.com/reference/androidx/webkit/WebViewCompat#getCurrentWebViewPackage(android.content.Context)

import android.Manifest
import android.content.Context
import android.content.pm.PackageManager
import android.net.Uri
import android.os.Build
import android.os.Handler
import android.os.Looper
import android.webkit.CookieManager
import android.webkit.JavascriptInterface
import android.webkit.PermissionRequest
import android.webkit.ValueCallback
import android.webkit.WebChromeClient
import android.webkit.WebView
import androidx.core.content.ContextCompat
import androidx.webkit.WebViewCompat
import org.json.JSONArray
import org.json.JSONObject

class ProbeHostReport(private val context: Context, private val webView: WebView, private val probeOrigin: Uri) {
    private fun sameOrigin(url: String?): Boolean {
        val page = url?.let(Uri::parse) ?: return false
        fun port(u: Uri) = if (u.port != -1) u.port else if (u.scheme == "https") 443 else 80
        return page.scheme == probeOrigin.scheme && page.host == probeOrigin.host && port(page) == port(probeOrigin)
    }

    private fun fact(value: Any?, how: String) = JSONObject().put("value", value ?: JSONObject.NULL).put("how", how)

    private fun authorization(permission: String) =
        if (ContextCompat.checkSelfPermission(context, permission) == PackageManager.PERMISSION_GRANTED) "authorized" else "denied"

    /** Whether the app's WebChromeClient overrides `name` (the platform class's default denies or cancels). */
    private fun overrides(client: WebChromeClient?, name: String, vararg types: Class<*>): Boolean =
        client != null && client.javaClass.getMethod(name, *types).declaringClass != WebChromeClient::class.java

    /**
     * Called by a frame of the page on a background thread. Returns nothing to it: the report
     * goes to the main frame through evaluateJavascript, read and sent on the UI thread, when
     * the top page (webView.url) is on the probe server's origin.
     */
    @JavascriptInterface
    fun hostReport(request: String): String {
        Handler(Looper.getMainLooper()).post {
            if (sameOrigin(webView.url)) webView.evaluateJavascript("window.probeHostReport(${JSONObject.quote(build())});", null)
        }
        return ""
    }

    private fun build(): String {
        val settings = webView.settings
        val cookies = CookieManager.getInstance()
        val client = if (Build.VERSION.SDK_INT >= 26) webView.webChromeClient else null
        val requested = context.packageManager
            .getPackageInfo(context.packageName, PackageManager.GET_PERMISSIONS).requestedPermissions ?: emptyArray()
        val provider = WebViewCompat.getCurrentWebViewPackage(context)
        val photosHow = if (Build.VERSION.SDK_INT >= 33) "ContextCompat.checkSelfPermission(context, Manifest.permission.READ_MEDIA_IMAGES)"
                     else "ContextCompat.checkSelfPermission(context, Manifest.permission.READ_EXTERNAL_STORAGE)"
        val facts = JSONObject()
            .put("cameraAuthorization", fact(authorization(Manifest.permission.CAMERA), "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA)"))
            .put("photosAuthorization", fact(authorization(if (Build.VERSION.SDK_INT >= 33) Manifest.permission.READ_MEDIA_IMAGES else Manifest.permission.READ_EXTERNAL_STORAGE), photosHow))
            .put("manifestPermissions", fact(JSONArray(requested.toList()), "PackageManager.getPackageInfo(packageName, GET_PERMISSIONS).requestedPermissions"))
            .put("javaScriptEnabled", fact(settings.javaScriptEnabled, "webView.settings.javaScriptEnabled"))
            .put("domStorageEnabled", fact(settings.domStorageEnabled, "webView.settings.domStorageEnabled"))
            .put("mediaPlaybackRequiresUserGesture", fact(settings.mediaPlaybackRequiresUserGesture, "webView.settings.mediaPlaybackRequiresUserGesture"))
            .put("allowFileAccess", fact(settings.allowFileAccess, "webView.settings.allowFileAccess"))
            .put("acceptCookies", fact(cookies.acceptCookie(), "CookieManager.getInstance().acceptCookie()"))
            .put("acceptThirdPartyCookies", fact(cookies.acceptThirdPartyCookies(webView), "CookieManager.getInstance().acceptThirdPartyCookies(webView)"))
        if (provider != null) {
            facts.put("webViewPackage", fact(provider.packageName, "WebViewCompat.getCurrentWebViewPackage(context)?.packageName"))
            facts.put("webViewVersion", fact(provider.versionName, "WebViewCompat.getCurrentWebViewPackage(context)?.versionName"))
        }
        if (Build.VERSION.SDK_INT >= 26) {  // getWebChromeClient(): API 26; before it, leave the facts out.
            facts.put("mediaCaptureHandler", fact(overrides(client, "onPermissionRequest", PermissionRequest::class.java),
                "webView.webChromeClient's class declares onPermissionRequest(PermissionRequest)"))
            facts.put("fileChooserHandler", fact(overrides(client, "onShowFileChooser", WebView::class.java, ValueCallback::class.java, WebChromeClient.FileChooserParams::class.java),
                "webView.webChromeClient's class declares onShowFileChooser(WebView, ValueCallback, FileChooserParams)"))
        }
        val app = context.packageManager.getPackageInfo(context.packageName, 0)
        return JSONObject()
            .put("schema", "probe-server.host-report/1")
            .put("host", JSONObject().put("platform", "android").put("wrapper", "native").put("app", "${context.packageName} ${app.versionName}"))
            .put("facts", facts)
            .toString()
    }
}
