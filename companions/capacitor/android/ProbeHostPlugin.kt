// probe-server host report for a Capacitor app, Android side — docs/host-report.md.
//
// A local Capacitor plugin named ProbeHost with one method, report. Capacitor's Android
// bridge defines Capacitor.Plugins.ProbeHost.report in the pages of the app's origin
// (server.url when it points at the probe server; Bridge.loadWebView and JSExport.getPluginJS:
// https://github.com/ionic-team/capacitor/blob/8.4.2/android/capacitor/src/main/java/com/getcapacitor/Bridge.java),
// so the probe page finds it without
// @capacitor/core and calls Capacitor.Plugins.ProbeHost.report(request); the call resolves
// with {report: json}.
//
// Where it goes: in a debug build, in android/app/src/main/java/…/, registered by the app's
// BridgeActivity before super.onCreate:
//
//     class MainActivity : BridgeActivity() {
//         override fun onCreate(savedInstanceState: Bundle?) {
//             if (BuildConfig.DEBUG) registerPlugin(ProbeHostPlugin::class.java)
//             super.onCreate(savedInstanceState)
//         }
//     }
//
// with the probe server's origin in capacitor.config's plugins section, read with getConfig():
//
//     plugins: { ProbeHost: { probeOrigin: 'https://192.168.1.23:8443' } }
//
// A PluginCall is not told which frame made it; Capacitor's bridge is. With the WebView's
// WEB_MESSAGE_LISTENER feature and the default (not legacy) bridge, Capacitor installs its
// androidBridge with WebViewCompat.addWebMessageListener, limited to the app's allowed origins,
// and drops any message whose isMainFrame is false ("Plugin execution is allowed in Main Frame
// only": MessageHandler.java,
// https://github.com/ionic-team/capacitor/blob/8.4.2/android/capacitor/src/main/java/com/getcapacitor/MessageHandler.java).
// Without them (android.useLegacyBridge, or an old WebView) its bridge is an
// addJavascriptInterface object that every frame can call and that cannot tell frames apart:
// then the plugin refuses to answer. It answers only when the top page the WebView shows is on
// the probe server's origin (scheme, host and port of probeOrigin); otherwise the call is
// rejected, which the page takes as no answer.
//
// APIs:
//   Capacitor local plugins (@CapacitorPlugin, @PluginMethod, Plugin, registerPlugin)
//     https://capacitorjs.com/docs/android/custom-code
//   Plugin.getConfig / getBridge, PluginCall.resolve / reject, Bridge.getWebView, executeOnMainThread
//     https://capacitorjs.com/docs/plugins/android
//   WebView.getUrl                       https://developer.android.com/reference/android/webkit/WebView#getUrl()
//   WebViewFeature.isFeatureSupported(WEB_MESSAGE_LISTENER) https://developer.android.com/reference/androidx/webkit/WebViewFeature#WEB_MESSAGE_LISTENER()
//   CapConfig.isUsingLegacyBridge (android.useLegacyBridge) https://capacitorjs.com/docs/config
//   WebView.getWebChromeClient (API 26)  https://developer.android.com/reference/android/webkit/WebView#getWebChromeClient()
//   WebSettings                          https://developer.android.com/reference/android/webkit/WebSettings
//   CookieManager                        https://developer.android.com/reference/android/webkit/CookieManager
//   ContextCompat.checkSelfPermission    https://developer.android.com/reference/androidx/core/content/ContextCompat#checkSelfPermission(android.content.Context,java.lang.String)
//   PackageInfo.requestedPermissions     https://developer.android.com/reference/android/content/pm/PackageInfo#requestedPermissions
//   WebViewCompat.getCurrentWebViewPackage https://developer.android.com/reference/androidx/webkit/WebViewCompat#getCurrentWebViewPackage(android.content.Context)

import android.Manifest
import android.content.pm.PackageManager
import android.net.Uri
import android.os.Build
import android.webkit.CookieManager
import android.webkit.PermissionRequest
import android.webkit.ValueCallback
import android.webkit.WebChromeClient
import android.webkit.WebView
import androidx.core.content.ContextCompat
import androidx.webkit.WebViewCompat
import androidx.webkit.WebViewFeature
import com.getcapacitor.JSArray
import com.getcapacitor.JSObject
import com.getcapacitor.Plugin
import com.getcapacitor.PluginCall
import com.getcapacitor.PluginMethod
import com.getcapacitor.annotation.CapacitorPlugin
import org.json.JSONObject

@CapacitorPlugin(name = "ProbeHost")
class ProbeHostPlugin : Plugin() {
    private fun sameOrigin(url: String?): Boolean {
        val probeOrigin = config.getString("probeOrigin")?.let(Uri::parse) ?: return false
        val page = url?.let(Uri::parse) ?: return false
        fun port(u: Uri) = if (u.port != -1) u.port else if (u.scheme == "https") 443 else 80
        return page.scheme == probeOrigin.scheme && page.host == probeOrigin.host && port(page) == port(probeOrigin)
    }

    private fun fact(value: Any?, how: String) = JSObject().put("value", value ?: JSONObject.NULL).put("how", how)

    private fun authorization(permission: String) =
        if (ContextCompat.checkSelfPermission(context, permission) == PackageManager.PERMISSION_GRANTED) "authorized" else "denied"

    /** Whether the WebChromeClient overrides `name` (Capacitor's BridgeWebChromeClient, or the app's own). */
    private fun overrides(client: WebChromeClient?, name: String, vararg types: Class<*>): Boolean =
        client != null && client.javaClass.getMethod(name, *types).declaringClass != WebChromeClient::class.java

    /** Whether Capacitor's bridge takes calls from the main frame only (MessageHandler.java, above). */
    private fun bridgeIsMainFrameOnly() =
        WebViewFeature.isFeatureSupported(WebViewFeature.WEB_MESSAGE_LISTENER) && !bridge.config.isUsingLegacyBridge

    @PluginMethod
    fun report(call: PluginCall) {
        if (!bridgeIsMainFrameOnly()) return call.reject("Capacitor's legacy bridge cannot tell frames apart")
        // Plugin methods run on Capacitor's plugin thread; the WebView is read on the main thread.
        bridge.executeOnMainThread {
            val webView = bridge.webView
            if (!sameOrigin(webView.url)) call.reject("not the probe server's page")
            else call.resolve(JSObject().put("report", build(webView).toString()))
        }
    }

    private fun build(webView: WebView): JSObject {
        val settings = webView.settings
        val cookies = CookieManager.getInstance()
        val client = if (Build.VERSION.SDK_INT >= 26) webView.webChromeClient else null
        val requested = context.packageManager
            .getPackageInfo(context.packageName, PackageManager.GET_PERMISSIONS).requestedPermissions ?: emptyArray()
        val provider = WebViewCompat.getCurrentWebViewPackage(context)
        val photosHow = if (Build.VERSION.SDK_INT >= 33) "ContextCompat.checkSelfPermission(context, Manifest.permission.READ_MEDIA_IMAGES)"
                     else "ContextCompat.checkSelfPermission(context, Manifest.permission.READ_EXTERNAL_STORAGE)"
        val facts = JSObject()
            .put("cameraAuthorization", fact(authorization(Manifest.permission.CAMERA), "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA)"))
            .put("photosAuthorization", fact(authorization(if (Build.VERSION.SDK_INT >= 33) Manifest.permission.READ_MEDIA_IMAGES else Manifest.permission.READ_EXTERNAL_STORAGE), photosHow))
            .put("manifestPermissions", fact(JSArray(requested.toList()), "PackageManager.getPackageInfo(packageName, GET_PERMISSIONS).requestedPermissions"))
            .put("javaScriptEnabled", fact(settings.javaScriptEnabled, "bridge.webView.settings.javaScriptEnabled"))
            .put("domStorageEnabled", fact(settings.domStorageEnabled, "bridge.webView.settings.domStorageEnabled"))
            .put("mediaPlaybackRequiresUserGesture", fact(settings.mediaPlaybackRequiresUserGesture, "bridge.webView.settings.mediaPlaybackRequiresUserGesture"))
            .put("allowFileAccess", fact(settings.allowFileAccess, "bridge.webView.settings.allowFileAccess"))
            .put("acceptCookies", fact(cookies.acceptCookie(), "CookieManager.getInstance().acceptCookie()"))
            .put("acceptThirdPartyCookies", fact(cookies.acceptThirdPartyCookies(webView), "CookieManager.getInstance().acceptThirdPartyCookies(bridge.webView)"))
        if (provider != null) {
            facts.put("webViewPackage", fact(provider.packageName, "WebViewCompat.getCurrentWebViewPackage(context)?.packageName"))
            facts.put("webViewVersion", fact(provider.versionName, "WebViewCompat.getCurrentWebViewPackage(context)?.versionName"))
        }
        if (Build.VERSION.SDK_INT >= 26) {  // getWebChromeClient(): API 26; before it, leave the facts out.
            facts.put("mediaCaptureHandler", fact(overrides(client, "onPermissionRequest", PermissionRequest::class.java),
                "bridge.webView.webChromeClient's class declares onPermissionRequest(PermissionRequest)"))
            facts.put("fileChooserHandler", fact(overrides(client, "onShowFileChooser", WebView::class.java, ValueCallback::class.java, WebChromeClient.FileChooserParams::class.java),
                "bridge.webView.webChromeClient's class declares onShowFileChooser(WebView, ValueCallback, FileChooserParams)"))
        }
        val app = context.packageManager.getPackageInfo(context.packageName, 0)
        return JSObject()
            .put("schema", "probe-server.host-report/1")
            .put("host", JSObject().put("platform", "android").put("wrapper", "capacitor").put("app", "${context.packageName} ${app.versionName}"))
            .put("facts", facts)
    }
}
