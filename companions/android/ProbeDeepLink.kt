// The debug deep link: opens the probe page in this app's own WebView, so a tester brings a run
// into the app (a WebView has no address bar to type it in):
//   adb shell "am start -a android.intent.action.VIEW -d 'myapp-debug://probe?url=…'"
//
// Where it goes:
// 1. src/debug/AndroidManifest.xml (merged into debug builds only), in the activity that shows
//    the WebView, an intent filter for the scheme (rename myapp-debug to one of your app's own):
//      <intent-filter>
//        <action android:name="android.intent.action.VIEW" />
//        <category android:name="android.intent.category.DEFAULT" />
//        <category android:name="android.intent.category.BROWSABLE" />
//        <data android:scheme="myapp-debug" android:host="probe" />
//      </intent-filter>
//    Android, "Create deep links to app content":
//    https://developer.android.com/training/app-links/deep-linking
//    Build variants and their source sets (src/debug/):
//    https://developer.android.com/build/build-variants#sourcesets
// 2. In that activity: probeDeepLink(intent) in onCreate, and again in onNewIntent, where a
//    link arrives while the activity runs (https://developer.android.com/reference/android/app/Activity#onNewIntent(android.content.Intent)).
//
// Only the probe server's origin is opened, and only in a debuggable build (ApplicationInfo.FLAG_DEBUGGABLE,
// https://developer.android.com/reference/android/content/pm/ApplicationInfo#FLAG_DEBUGGABLE). A debug
// hook that loads any URL it is given is a security hole: any app on the device can send a
// VIEW intent, and it would load an attacker's page into a WebView with the app's cookies and
// its JavaScript interfaces.

import android.content.Context
import android.content.Intent
import android.content.pm.ApplicationInfo
import android.net.Uri
import android.webkit.WebView

object ProbeDeepLink {
    const val SCHEME = "myapp-debug"
    const val HOST = "probe"
    /** The probe server's origin (scheme, host and port), as `probe-server serve` prints it. */
    const val PROBE_ORIGIN = "https://probe-server.invalid:8443"

    /** The probe URL a VIEW intent carries, when it is on the probe server's origin; null otherwise. */
    fun probeUrl(context: Context, intent: Intent?): String? {
        if (context.applicationInfo.flags and ApplicationInfo.FLAG_DEBUGGABLE == 0) return null
        val link = intent?.data ?: return null
        if (intent.action != Intent.ACTION_VIEW || !link.scheme.equals(SCHEME, ignoreCase = true) || !link.host.equals(HOST, ignoreCase = true)) return null
        val url = link.getQueryParameter("url") ?: return null
        return if (sameOrigin(Uri.parse(url), Uri.parse(PROBE_ORIGIN))) url else null
    }

    /** Scheme, host and port (RFC 6454 §5): https://probe-server.invalid.example.com does not pass. */
    fun sameOrigin(a: Uri?, b: Uri?): Boolean {
        if (a == null || b == null || a.scheme == null || a.host == null) return false
        return a.scheme.equals(b.scheme, ignoreCase = true) && a.host.equals(b.host, ignoreCase = true) && port(a) == port(b)
    }

    private fun port(uri: Uri): Int = if (uri.port != -1) uri.port else if (uri.scheme.equals("https", ignoreCase = true)) 443 else 80
}

/** Call from onCreate and onNewIntent with the activity's WebView. */
fun WebView.probeDeepLink(context: Context, intent: Intent?) {
    ProbeDeepLink.probeUrl(context, intent)?.let { loadUrl(it) }
}
