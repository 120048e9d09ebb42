/// .NET MAUI's handlers, read at the dotnet/maui commits linked (the repository is too large
/// to mirror whole, so no release tag could be matched to each file: the links are pinned to
/// commits, which do not move). No previous major was compared.
extension WrapperCatalog {
    static let mauiChromeClientAt = "https://github.com/dotnet/maui/blob/081049e2890b6614e8961221098508e0bd9ffed7/src/Core/src/Platform/Android/MauiWebChromeClient.cs"
    static let mauiAndroidHandlerAt = "https://github.com/dotnet/maui/blob/0267bbd52017d691ff0b0e67dfcea90139b805db/src/Core/src/Handlers/WebView/WebViewHandler.Android.cs"
    static let mauiWKWebViewAt = "https://github.com/dotnet/maui/blob/07d6839d1cfd4c9fa6c03ea443b04e05b958bcd2/src/Core/src/Platform/iOS/MauiWKWebView.cs"
    static let mauiUIDelegateAt = "https://github.com/dotnet/maui/blob/0eb6777e5f864c0fda530591cf52dc6328045db9/src/Core/src/Platform/iOS/MauiWebViewUIDelegate.cs"
    static let mauiBlazorChromeAt = "https://github.com/dotnet/maui/blob/0049fbece1e2724c4d45a20f34c725f3a41eeafb/src/BlazorWebView/src/Maui/Android/BlazorWebChromeClient.cs"
    static let mauiAt = ".NET MAUI (dotnet/maui, commits linked)"

    static func mauiMapping(_ key: String, _ statement: String) -> WrapperSettingRow.Fix {
        .code(language: "C#", kind: "cs.statements", """
            // MauiProgram.cs, in CreateMauiApp():
            Microsoft.Maui.Handlers.WebViewHandler.Mapper.AppendToMapping("\(key)", (handler, view) =>
            {
            #if ANDROID
                \(statement)
            #endif
            });
            """)
    }

    static let mauiSettings: [WrapperSettingRow] = [
        WrapperSettingRow("AllowsInlineMediaPlayback", "MauiWKWebView.CreateConfiguration() AllowsInlineMediaPlayback", .media, .ios,
            current: (mauiAt, "true (WebView, BlazorWebView, HybridWebView)"), previous: nil,
            native: "WKWebViewConfiguration.AllowsInlineMediaPlayback",
            probes: [.mediaInline, .cameraFrames], wrong: "fails only when a custom handler builds its own configuration",
            cause: .setting(.inlinePlayback), fix: .wrapperFix(.inlinePlayback),
            sources: [mauiWKWebViewAt]),
        WrapperSettingRow("MediaTypesRequiringUserActionForPlayback", "MauiWKWebView.CreateConfiguration() MediaTypesRequiringUserActionForPlayback", .media, .ios,
            current: (mauiAt, "WKAudiovisualMediaTypes.None"), previous: nil,
            native: "WKWebViewConfiguration.MediaTypesRequiringUserActionForPlayback",
            probes: [.mediaAutoplay], wrong: "fails only when a custom handler builds its own configuration",
            cause: .setting(.autoplay), fix: .wrapperFix(.inlinePlayback),
            sources: [mauiWKWebViewAt]),
        WrapperSettingRow("MediaPlaybackRequiresUserGesture", "handler.PlatformView.Settings.MediaPlaybackRequiresUserGesture", .media, .android,
            current: (mauiAt, "not set: the WebView's true"), previous: nil,
            native: "WebSettings.MediaPlaybackRequiresUserGesture",
            probes: [.mediaAutoplay], wrong: "play() without a tap rejects NotAllowedError",
            cause: .setting(.autoplay), fix: .wrapperFix(.autoplay),
            sources: [mauiAndroidHandlerAt]),
        WrapperSettingRow("OnPermissionRequest", "WebChromeClient.OnPermissionRequest (a MauiWebChromeClient subclass)", .camera, .android,
            current: (mauiAt, "not overridden in MauiWebChromeClient nor BlazorWebChromeClient: denied"), previous: nil,
            native: "WebChromeClient.onPermissionRequest",
            probes: [.cameraGetUserMedia, .cameraScope], wrong: "NotAllowedError at once, promptShown false",
            cause: .known("android.camera.no-permission-handler"), fix: .wrapperFix(.cameraOrigin),
            sources: [mauiChromeClientAt, mauiBlazorChromeAt]),
        WrapperSettingRow("CameraRuntimePermission", "Permissions.RequestAsync<Permissions.Camera>()", .camera, .android,
            current: (mauiAt, "never requested by the WebView"), previous: nil,
            native: "Activity.requestPermissions(CAMERA)",
            probes: [.cameraGetUserMedia], wrong: "a grant without the CAMERA permission cannot open the camera",
            cause: .known("android.camera.no-runtime-permission"), fix: .wrapperFix(.permissionHandler),
            sources: [mauiChromeClientAt]),
        WrapperSettingRow("RequestMediaCapturePermission", "WKUIDelegate RequestMediaCapturePermission (a MauiWebViewUIDelegate subclass)", .camera, .ios,
            current: (mauiAt, "not overridden: WebKit prompts each time"), previous: nil,
            native: "WKUIDelegate requestMediaCapturePermissionFor",
            probes: [.cameraPermission, .cameraReacquire], wrong: "promptShown true every launch",
            cause: .setting(.permissionHandler), fix: .wrapperFix(.cameraOrigin),
            sources: [mauiUIDelegateAt]),
        WrapperSettingRow("OnShowFileChooser", "MauiWebChromeClient.OnShowFileChooser", .files, .android,
            current: (mauiAt, "createIntent() in a chooser, no camera intent; cancel answers null"), previous: nil,
            native: "WebChromeClient.onShowFileChooser",
            probes: [.fileCapture], wrong: "no camera option: gallery and files only",
            cause: .setting(.fileChooser), fix: .wrapperFix(.fileChooser),
            sources: [mauiChromeClientAt]),
        WrapperSettingRow("BlazorOnShowFileChooser", "BlazorWebChromeClient.OnShowFileChooser (BlazorWebView)", .files, .android,
            current: (mauiAt, "FilePicker.PickAsync with the accept types; no capture; cancel answers null"), previous: nil,
            native: "WebChromeClient.onShowFileChooser",
            probes: [.fileCapture], wrong: "no camera option",
            cause: .setting(.fileChooser), fix: .wrapperFix(.fileChooser),
            sources: [mauiBlazorChromeAt]),
        WrapperSettingRow("DomStorageEnabled", "handler.PlatformView.Settings.DomStorageEnabled", .storage, .android,
            current: (mauiAt, "true (JavaScript on too)"), previous: nil,
            native: "WebSettings.DomStorageEnabled",
            probes: [.storageLocal], wrong: "passes unless a custom handler turns it off",
            cause: .known("android.dom-storage-off"), fix: .wrapperFix(.storage),
            sources: [mauiAndroidHandlerAt]),
        WrapperSettingRow("SetAcceptThirdPartyCookies", "CookieManager.Instance.SetAcceptThirdPartyCookies(handler.PlatformView, true)", .storage, .android,
            current: (mauiAt, "not set: refused; SetAcceptCookie(true) only with WebView.Cookies"), previous: nil,
            native: "CookieManager.setAcceptThirdPartyCookies",
            probes: [.cookieThirdParty], wrong: "the third-party cookie is not sent",
            cause: .known("android.third-party-cookies-off"), fix: .wrapperFix(.cookies),
            sources: [mauiAndroidHandlerAt]),
        WrapperSettingRow("SetSupportMultipleWindows", "handler.PlatformView.Settings.SetSupportMultipleWindows", .navigation, .android,
            current: (mauiAt, "true, with no OnCreateWindow"), previous: nil,
            native: "WebSettings.setSupportMultipleWindows, WebChromeClient.onCreateWindow",
            probes: [.navWindowOpen], wrong: "window.open and target=_blank do nothing",
            cause: .probe(.navWindowOpen), fix: mauiMapping("WindowOpen", "handler.PlatformView.Settings.SetSupportMultipleWindows(false);"),
            sources: [mauiAndroidHandlerAt]),
        WrapperSettingRow("MixedContentMode", "handler.PlatformView.Settings.MixedContentMode", .network, .android,
            current: (mauiAt, "not set: MIXED_CONTENT_NEVER_ALLOW"), previous: nil,
            native: "WebSettings.setMixedContentMode",
            probes: [.netMixedContent], wrong: "the http: image and fetch are both blocked",
            cause: .probe(.netMixedContent), fix: mauiMapping("MixedContent", "handler.PlatformView.Settings.MixedContentMode = Android.Webkit.MixedContentHandling.CompatibilityMode;"),
            sources: [mauiAndroidHandlerAt, "https://developer.android.com/reference/android/webkit/WebSettings#setMixedContentMode(int)"]),
    ]
}
