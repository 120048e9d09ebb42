/// Apache Cordova: cordova-android's SystemWebChromeClient, cordova-ios's config.xml
/// preferences, and cordova-plugin-inappbrowser's own WebView. What was read in its source is
/// cordova.json beside this file; its fixes, being code, are here.
extension WrapperCatalog {
    /// onPermissionRequest: `request.grant(request.getResources())` for any origin (15.0.0 and
    /// earlier grant without asking for CAMERA; master asks first, then grants the same way).
    static let cordovaChromeClient = "https://github.com/apache/cordova-android/blob/rel/15.0.0/framework/src/org/apache/cordova/engine/SystemWebChromeClient.java#L326-L329"
    /// setAcceptThirdPartyCookies(webView, true) in the constructor.
    static let cordovaCookies = "https://github.com/apache/cordova-android/blob/rel/15.0.0/framework/src/org/apache/cordova/engine/SystemCookieManager.java#L36"
    /// MediaPermissionGrantType: grantIfSameHostElsePrompt by default, compares the host only.
    static let cordovaIOSUIDelegate = "https://github.com/apache/cordova-ios/blob/rel/8.1.0/CordovaLib/Classes/Private/Plugins/CDVWebViewEngine/CDVWebViewUIDelegate.m#L162-L186"
    /// InAppChromeClient.onPermissionRequest: `request.grant(request.getResources())`.
    static let inAppBrowserChromeClient = "https://github.com/apache/cordova-plugin-inappbrowser/blob/rel/6.0.0/src/android/InAppChromeClient.java#L50-L54"

    /// A settings row's config.xml lines (template "configXML").
    static func configXML(_ code: String) -> WrapperSettingRow.Fix {
        .code(language: "XML (config.xml)", kind: "xml.configPlatform", "<!-- config.xml -->\n" + code)
    }

    /// A MainActivity override that reaches the engine's WebView settings (template "cordovaSettingsJava").
    static func cordovaSettingsJava(_ statement: String) -> WrapperSettingRow.Fix {
        .code(language: "Java", kind: "java.cordovaActivityMember", """
            // platforms/android/app/src/main/java/com/example/app/MainActivity.java
            @Override
            public void onCreate(android.os.Bundle savedInstanceState) {
                super.onCreate(savedInstanceState);
                loadUrl(launchUrl);
                android.webkit.WebView webView = (android.webkit.WebView) appView.getEngine().getView();
                \(statement)
            }
            """)
    }

    /// The config.xml reference: the docs of every config.xml fix below.
    static let cordovaConfigXML = "https://cordova.apache.org/docs/en/latest/config_ref/"

    static let cordovaFixes: [WrapperFix] = [
        WrapperFix(.cordova, .cameraOrigin, family: .android, language: "Java", docs: "https://cordova.apache.org/docs/en/latest/guide/platforms/android/", code: """
            // platforms/android/app/src/main/java/com/example/app/MainActivity.java
            package com.example.app;

            import android.Manifest;
            import android.content.pm.PackageManager;
            import android.net.Uri;
            import android.os.Bundle;
            import android.webkit.PermissionRequest;
            import androidx.core.content.ContextCompat;
            import java.util.Arrays;
            import org.apache.cordova.CordovaActivity;
            import org.apache.cordova.engine.SystemWebChromeClient;
            import org.apache.cordova.engine.SystemWebView;
            import org.apache.cordova.engine.SystemWebViewEngine;

            public class MainActivity extends CordovaActivity {
                // SystemWebChromeClient grants every resource to every origin: grant the camera to your origin only.
                static class OwnOriginChromeClient extends SystemWebChromeClient {
                    private final SystemWebViewEngine engine;
                    OwnOriginChromeClient(SystemWebViewEngine engine) { super(engine); this.engine = engine; }

                    @Override
                    public void onPermissionRequest(final PermissionRequest request) {
                        Uri origin = request.getOrigin();
                        int port = origin.getPort() == -1 ? 443 : origin.getPort();
                        boolean own = "https".equals(origin.getScheme()) && "id.example.com".equals(origin.getHost()) && port == 443;
                        boolean camera = Arrays.asList(request.getResources()).contains(PermissionRequest.RESOURCE_VIDEO_CAPTURE);
                        boolean held = ContextCompat.checkSelfPermission(engine.getView().getContext(), Manifest.permission.CAMERA)
                            == PackageManager.PERMISSION_GRANTED;
                        if (own && camera && held) {
                            request.grant(new String[] { PermissionRequest.RESOURCE_VIDEO_CAPTURE });
                        } else {
                            request.deny(); // request CAMERA (cordova-plugin-android-permissions) before opening the page
                        }
                    }
                }

                @Override
                public void onCreate(Bundle savedInstanceState) {
                    super.onCreate(savedInstanceState);
                    loadUrl(launchUrl);
                    SystemWebViewEngine engine = (SystemWebViewEngine) appView.getEngine();
                    ((SystemWebView) engine.getView()).setWebChromeClient(new OwnOriginChromeClient(engine));
                }
            }
            """),
        WrapperFix(.cordova, .cameraOrigin, family: .ios, language: "XML (config.xml)", docs: cordovaConfigXML, code: """
            <!-- config.xml: deny instead of prompting other hosts (cordova-ios compares the host only,
                 so serve nothing else from that host on another port or scheme) -->
            <platform name="ios">
                <preference name="MediaPermissionGrantType" value="grantIfSameHostElseDeny" />
            </platform>
            """),
        WrapperFix(.cordova, .permissionHandler, family: .android, language: "JavaScript", docs: "https://github.com/NeoLSN/cordova-plugin-android-permissions#readme", code: """
            // cordova plugin add cordova-plugin-android-permissions
            // then, on deviceready and before opening the verification page:
            document.addEventListener('deviceready', () => {
              const permissions = cordova.plugins.permissions;
              permissions.requestPermission(permissions.CAMERA, (status) => {
                if (!status.hasPermission) { /* explain, and offer the app's settings */ }
              }, () => { /* the request failed: explain */ });
            });
            // config.xml, inside <platform name="android">:
            // <config-file target="AndroidManifest.xml" parent="/manifest">
            //     <uses-permission android:name="android.permission.CAMERA" />
            // </config-file>
            """),
        WrapperFix(.cordova, .inlinePlayback, family: .ios, language: "XML (config.xml)", docs: cordovaConfigXML, code: """
            <!-- config.xml -->
            <platform name="ios">
                <preference name="AllowInlineMediaPlayback" value="true" />
            </platform>
            """),
        WrapperFix(.cordova, .autoplay, family: .ios, language: "XML (config.xml)", docs: cordovaConfigXML, code: """
            <!-- config.xml -->
            <platform name="ios">
                <preference name="AllowInlineMediaPlayback" value="true" />
                <preference name="MediaTypesRequiringUserActionForPlayback" value="none" />
            </platform>
            """),
        WrapperFix(.cordova, .fileChooser, family: .android, language: "Java", docs: cordovaChromeClient, code: """
            // SystemWebChromeClient already answers file inputs: a chrome client of your own must extend it
            // (as OwnOriginChromeClient does), not android.webkit.WebChromeClient.
            static class OwnOriginChromeClient extends org.apache.cordova.engine.SystemWebChromeClient {
                OwnOriginChromeClient(org.apache.cordova.engine.SystemWebViewEngine engine) { super(engine); }
            }
            """),
        WrapperFix(.cordova, .storage, language: "XML (config.xml)", docs: cordovaConfigXML, code: """
            <!-- config.xml: a fixed scheme and host keep the page's origin, and its storage, across updates -->
            <preference name="scheme" value="app" />
            <preference name="hostname" value="localhost" />
            """),
        WrapperFix(.cordova, .cookies, language: "none", docs: cordovaCookies, code: """
            Nothing to add on Android: SystemCookieManager accepts third-party cookies. On iOS WKWebView blocks
            them whatever the app sets (ITP): serve every step of the flow from the page's own site.
            """),
    ]
}
