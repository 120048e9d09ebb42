/// Capacitor (Ionic): Android's BridgeWebChromeClient and iOS's WebViewDelegationHandler
/// answer the camera request for the app, granting every origin. What was read in its source
/// is capacitor.json beside this file; its fixes, being code, are here.
extension WrapperCatalog {
    static let capacitorSource = "https://github.com/ionic-team/capacitor/blob/8.4.2"
    /// onPermissionRequest: launches the CAMERA permission request, then
    /// `request.grant(request.getResources())` whatever `request.getOrigin()` is.
    static let capacitorChromeClient = capacitorSource + "/android/capacitor/src/main/java/com/getcapacitor/BridgeWebChromeClient.java"
    /// `webView(_:requestMediaCapturePermissionFor:…)` calls `decisionHandler(.grant)`.
    static let capacitorDelegation = capacitorSource + "/ios/Capacitor/Capacitor/WebViewDelegationHandler.swift"

    /// capacitor.config.ts, as an object literal (the CapacitorConfig type has every key;
    /// template "capConfig").
    static func capConfig(_ body: String) -> WrapperSettingRow.Fix {
        .code(language: "TypeScript", kind: "ts.module", "// capacitor.config.ts\nconst config = {\n" + body + "\n};\nexport default config;\n")
    }

    static let capacitorFixes: [WrapperFix] = [
        WrapperFix(.capacitor, .cameraOrigin, family: .android, language: "Kotlin", docs: "https://capacitorjs.com/docs/android/custom-code", code: """
            // android/app/src/main/java/com/example/app/MainActivity.kt
            package com.example.app

            import android.Manifest
            import android.content.pm.PackageManager
            import android.webkit.PermissionRequest
            import androidx.core.content.ContextCompat
            import com.getcapacitor.Bridge
            import com.getcapacitor.BridgeActivity
            import com.getcapacitor.BridgeWebChromeClient

            // BridgeWebChromeClient grants whatever any origin asks: grant the camera to your origin only.
            class OwnOriginChromeClient(private val capBridge: Bridge) : BridgeWebChromeClient(capBridge) {
                override fun onPermissionRequest(request: PermissionRequest) {
                    val origin = request.origin
                    val port = if (origin.port == -1) 443 else origin.port
                    val own = origin.scheme == "https" && origin.host == "id.example.com" && port == 443
                    val camera = PermissionRequest.RESOURCE_VIDEO_CAPTURE in request.resources
                    val held = ContextCompat.checkSelfPermission(capBridge.context, Manifest.permission.CAMERA) ==
                        PackageManager.PERMISSION_GRANTED
                    if (own && camera && held) {
                        request.grant(arrayOf(PermissionRequest.RESOURCE_VIDEO_CAPTURE))
                    } else {
                        request.deny() // request CAMERA (@capacitor/camera requestPermissions) before opening the page
                    }
                }
            }

            class MainActivity : BridgeActivity() {
                override fun onStart() {
                    super.onStart()
                    bridge.webView.webChromeClient = OwnOriginChromeClient(bridge)
                }
            }
            """),
        WrapperFix(.capacitor, .cameraOrigin, family: .ios, language: "Swift", docs: "https://capacitorjs.com/docs/ios/viewcontroller", code: """
            // ios/App/App/ViewController.swift; set it as the class of the view controller in Main.storyboard
            import Capacitor
            import WebKit

            // Answers the camera request itself and leaves everything else (alerts, file panels)
            // to Capacitor's WebViewDelegationHandler, which grants every origin.
            final class OwnOriginUIDelegate: NSObject, WKUIDelegate {
                private let capacitor: WKUIDelegate?
                init(forwardingTo capacitor: WKUIDelegate?) { self.capacitor = capacitor }

                func webView(_ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin,
                             initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType,
                             decisionHandler: @escaping (WKPermissionDecision) -> Void) {
                    let own = origin.protocol == "https" && origin.host == "id.example.com" && (origin.port == 0 || origin.port == 443)
                    decisionHandler(own && type == .camera ? .grant : .deny)
                }

                override func responds(to selector: Selector!) -> Bool {
                    super.responds(to: selector) || (capacitor?.responds(to: selector) ?? false)
                }
                override func forwardingTarget(for selector: Selector!) -> Any? { capacitor }
            }

            class ViewController: CAPBridgeViewController {
                private var ownOrigin: OwnOriginUIDelegate?

                override func capacitorDidLoad() {
                    ownOrigin = OwnOriginUIDelegate(forwardingTo: webView?.uiDelegate)
                    webView?.uiDelegate = ownOrigin
                }
            }
            """),
        WrapperFix(.capacitor, .permissionHandler, language: "TypeScript", docs: "https://capacitorjs.com/docs/apis/camera#requestpermissions", code: """
            // before navigating to the verification page
            import { Camera } from '@capacitor/camera';

            export async function cameraReady(): Promise<boolean> {
              const status = await Camera.requestPermissions({ permissions: ['camera'] });
              return status.camera === 'granted'; // else explain and open the app's settings
            }
            // AndroidManifest.xml: <uses-permission android:name="android.permission.CAMERA" />
            // Info.plist: NSCameraUsageDescription
            """),
        WrapperFix(.capacitor, .inlinePlayback, family: .ios, language: "Swift", docs: "https://capacitorjs.com/docs/ios/viewcontroller", code: """
            // Capacitor sets allowsInlineMediaPlayback = true; a subclass that overrides the configuration must keep it.
            import Capacitor
            import WebKit

            class ViewController: CAPBridgeViewController {
                override func webViewConfiguration(for instanceConfiguration: InstanceConfiguration) -> WKWebViewConfiguration {
                    let configuration = super.webViewConfiguration(for: instanceConfiguration)
                    configuration.allowsInlineMediaPlayback = true
                    configuration.mediaTypesRequiringUserActionForPlayback = []
                    return configuration
                }
            }
            """),
        WrapperFix(.capacitor, .autoplay, language: "Swift / Kotlin", docs: "https://capacitorjs.com/docs/ios/viewcontroller", code: """
            // iOS (ViewController.swift, as for inline playback):
            //   configuration.mediaTypesRequiringUserActionForPlayback = []
            // Android (MainActivity.kt, in onStart after super.onStart()):
            //   bridge.webView.settings.mediaPlaybackRequiresUserGesture = false
            """),
        WrapperFix(.capacitor, .fileChooser, family: .android, language: "Kotlin", docs: capacitorChromeClient, code: """
            // BridgeWebChromeClient already answers file inputs: a chrome client of your own must extend it,
            // not android.webkit.WebChromeClient, or every <input type=file> is cancelled.
            class OwnOriginChromeClient(bridge: Bridge) : BridgeWebChromeClient(bridge)
            """),
        WrapperFix(.capacitor, .storage, language: "TypeScript", docs: "https://capacitorjs.com/docs/config", code: """
            // capacitor.config.ts: keep the page's origin stable so its storage survives relaunches
            import type { CapacitorConfig } from '@capacitor/cli';

            const config: CapacitorConfig = {
              appId: 'com.example.app',
              appName: 'Example',
              webDir: 'dist',
              server: { androidScheme: 'https' },
            };
            export default config;
            """),
        WrapperFix(.capacitor, .cookies, language: "TypeScript", docs: "https://capacitorjs.com/docs/apis/cookies", code: """
            // capacitor.config.ts
            import type { CapacitorConfig } from '@capacitor/cli';

            const config: CapacitorConfig = {
              appId: 'com.example.app',
              appName: 'Example',
              webDir: 'dist',
              plugins: { CapacitorCookies: { enabled: true } },
            };
            export default config;
            """),
    ]
}
