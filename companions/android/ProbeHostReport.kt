// probe-server host report for a native Android app (android.webkit.WebView) — docs/host-report.md.
//
// Where it goes: in a debug build, in the Activity or Fragment that creates the WebView that
// opens the probe page, after its settings and WebChromeClient are set and before loadUrl:
//
//     val report = ProbeHostReport(this, webView, Uri.parse("https://192.168.1.23:8443"))
//     if (BuildConfig.DEBUG) webView.addJavascriptInterface(report, "ProbeHost")
//     webView.webViewClient = object : WebViewClient() {          // or your own client:
//         override fun onPageStarted(view: WebView, url: String, favicon: Bitmap?) {
//             report.pageUrl = url                                 // the top page's URL
//         }
//     }
//
// It answers only when the top page the WebView shows is on the probe server's origin
// (scheme, host and port of probeOrigin); any other page gets an empty string. An
// addJavascriptInterface object is visible to every frame of the page, whatever its origin:
// keep it out of release builds.
//
// APIs (Android documentation):
//   addJavascriptInterface / @JavascriptInterface https://developer.android.com/reference/android/webkit/WebView#addJavascriptInterface(java.lang.Object,%20java.lang.String)
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
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import org.json.JSONArray
import org.json.JSONObject

class ProbeHostReport(private val context: Context, private val webView: WebView, private val probeOrigin: Uri) {
    @Volatile var pageUrl: String? = null

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

    /** Called by the page on a background thread; WebView and its settings are read on the UI thread. */
    @JavascriptInterface
    fun hostReport(request: String): String {
        if (!sameOrigin(pageUrl)) return ""
        var report = ""
        val read = CountDownLatch(1)
        Handler(Looper.getMainLooper()).post {
            try { report = build() } finally { read.countDown() }
        }
        // The page waits two seconds for an answer; give up before it does.
        read.await(1500, TimeUnit.MILLISECONDS)
        return report
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
