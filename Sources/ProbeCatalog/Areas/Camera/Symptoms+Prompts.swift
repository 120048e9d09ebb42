/// camera.reacquire: a second prompt for a camera the person already allowed in this page.
/// Who asks again differs by platform: on iOS 15+ it is WebKit, whenever the host's
/// media-capture decision is `.prompt` or is not implemented
/// (https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:requestmediacapturepermissionfor:initiatedbyframe:type:decisionhandler:));
/// Android WebView never prompts on its own, it hands every request to the app's
/// onPermissionRequest (https://developer.android.com/reference/android/webkit/WebChromeClient#onPermissionRequest(android.webkit.PermissionRequest)),
/// so a prompt there is the app's own dialog.
extension Symptom {
    /// iOS wrappers whose own setting answers `.prompt` by default, each named by its cause.
    static let promptingWrappers: Set<Wrapper> = [.reactNativeWebView, .flutterInAppWebView]

    static let promptsAgain = Symptom(id: "camera.prompts-again", probes: [.cameraReacquire], observation: "the camera was asked for again and a second prompt appeared", causes: [
        KnownCause("rn.ios.camera.grant-type-prompt", .webViewSetting, scope: "react-native-webview on iOS 15+",
            summary: "react-native-webview's mediaCapturePermissionGrantType is \"prompt\", its default, which asks the person on every request",
            check: "the WebView's mediaCapturePermissionGrantType prop: \"grantIfSameHostElsePrompt\" asks once for the page's own host",
            remedy: .cameraReacquire, source: PlatformSource.rnMediaCaptureGrantType,
            applies: { $0.family == .ios && $0.wrapper == .reactNativeWebView },
            weigh: .likely("a second prompt in react-native-webview on iOS, whose default is \"prompt\"")),
        KnownCause("iaw.ios.camera.prompt-default", .webViewSetting, scope: "flutter_inappwebview on iOS 15+",
            summary: "flutter_inappwebview's onPermissionRequest answers PermissionResponseAction.PROMPT, which asks the person again (in 5.x, which makes no media-capture decision on iOS, WebKit asks each time; in 6.x an app with no callback is denied instead)",
            check: "onPermissionRequest returns PermissionResponse(action: PermissionResponseAction.GRANT) for the page's own origin",
            remedy: .cameraReacquire,
            source: "https://pub.dev/documentation/flutter_inappwebview/latest/flutter_inappwebview/PlatformWebViewCreationParams/onPermissionRequest.html",
            applies: { $0.family == .ios && $0.wrapper == .flutterInAppWebView },
            // 6.x answers .deny with no callback and .prompt for PROMPT: https://github.com/pichillilorenzo/flutter_inappwebview/blob/v6.1.5/flutter_inappwebview_ios/ios/Classes/InAppWebView/InAppWebView.swift#L1668-L1712
            weigh: .likely("a second prompt in flutter_inappwebview on iOS, whose PROMPT action leaves the choice to WebKit")),
        KnownCause("ios.camera.prompt-each-time", .webViewSetting, scope: "iOS WKWebView 15+ (native, Capacitor, Cordova, webview_flutter, MAUI)",
            summary: "the WKUIDelegate's requestMediaCapturePermissionFor answers .prompt or is not implemented, so WebKit asks the person on every request",
            check: "the WKUIDelegate implements webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:) and answers .grant for the page's own origin",
            remedy: .cameraReacquire, source: PlatformSource.wkMediaCaptureDelegate,
            applies: { $0.family == .ios && $0.platform.isAppWebView && !($0.wrapper.map(promptingWrappers.contains) ?? false) },
            weigh: { e in
                let supporting = ["a second prompt in a WKWebView: WebKit's own, on a .prompt decision"]
                switch e.wrapper {
                case .capacitor?:
                    return .init(likelihood: .possible, supporting: supporting, against: ["Capacitor's WebViewDelegationHandler answers .grant unless the app replaced it (\(WrapperCatalog.capacitorDelegation))"])
                case .cordova?:
                    return .init(likelihood: .possible, supporting: supporting + ["cordova-ios 7 has no media-capture decision at all"], against: ["cordova-ios 8 grants the page's own host by default (MediaPermissionGrantType, \(WrapperCatalog.cordovaIOSUIDelegate))"])
                default:
                    return .init(likelihood: .likely, supporting: supporting)
                }
            }),
        KnownCause("android.camera.own-dialog-each-time", .webViewSetting, scope: "Android WebView, every wrapper",
            summary: "the app shows its own dialog in onPermissionRequest on every request (Android WebView has no prompt of its own), or asks for the CAMERA permission again although it holds it",
            check: "onPermissionRequest grants RESOURCE_VIDEO_CAPTURE at once when ContextCompat.checkSelfPermission(CAMERA) is PERMISSION_GRANTED",
            remedy: .cameraReacquire, source: PlatformSource.androidOnPermissionRequest,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: .likely("a second prompt in an Android WebView, which never prompts itself")),
    ])
}
