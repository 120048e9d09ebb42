/// The fixes the catalog names, each traced to the docs/requirements.md section that states it,
/// as code to paste (what it does in `//` comments) with the page documenting its API (`docs`).
/// `id.example.com` stands for the app's own origin. Lines stay within `Remedy.lineLimit`.
extension Remedy {
    static let rnReference = WrapperCatalog.rnReference
    static let wkDataStoreDefault = "https://developer.apple.com/documentation/webkit/wkwebsitedatastore/default()"
    static let wkMediaTypes = WrapperCatalog.wkMediaTypes
    static let wkOpenPanel = WrapperCatalog.wkOpenPanel
    static let wkProvisionalFailure = "https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didfailprovisionalnavigation:witherror:)"
    static let wkSchemeHandler = "https://developer.apple.com/documentation/webkit/wkurlschemehandler"
    static let uiDidBecomeActive = "https://developer.apple.com/documentation/uikit/uiapplication/didbecomeactivenotification"
    static let androidCookieFlush = "https://developer.android.com/reference/android/webkit/CookieManager#flush()"
    static let androidSupportMultipleWindows = "https://developer.android.com/reference/android/webkit/WebSettings#setSupportMultipleWindows(boolean)"
    static let androidRuntimePermission = "https://developer.android.com/training/permissions/requesting"
    static let androidWebViewOnResume = "https://developer.android.com/reference/android/webkit/WebView#onResume()"
    static let androidInterceptRequest = "https://developer.android.com/reference/android/webkit/WebViewClient#shouldInterceptRequest(android.webkit.WebView,%20android.webkit.WebResourceRequest)"
    static let androidActionImageCapture = "https://developer.android.com/reference/android/provider/MediaStore#ACTION_IMAGE_CAPTURE"
    static let androidWebViewPackage = "https://developer.android.com/reference/androidx/webkit/WebViewCompat#getCurrentWebViewPackage(android.content.Context)"
    static let mdnAccept = "https://developer.mozilla.org/en-US/docs/Web/HTML/Attributes/accept"

    // Android has JavaScript off by default (docs/requirements.md#javascript-and-secure-context).
    public static let javaScript = Remedy(
        iosSwift: """
            // On the WKWebViewConfiguration, before WKWebView(frame:configuration:)
            configuration.defaultWebpagePreferences.allowsContentJavaScript = true
            """,
        androidKotlin: """
            // Off by default in android.webkit.WebView
            webView.settings.javaScriptEnabled = true
            """,
        reactNative: "<WebView javaScriptEnabled />",
        docs: Docs(
            ios: "https://developer.apple.com/documentation/webkit/wkwebpagepreferences/allowscontentjavascript",
            android: PlatformSource.androidJavaScript, reactNative: rnReference + "#javascriptenabled"))

    // DOM storage is off by default on Android (docs/requirements.md#storage).
    public static let domStorage = Remedy(
        iosSwift: """
            // A non-persistent store loses storage
            configuration.websiteDataStore = .default()
            """,
        androidKotlin: """
            // Off by default: no localStorage without it
            webView.settings.domStorageEnabled = true
            """,
        reactNative: "<WebView domStorageEnabled />",
        docs: Docs(ios: wkDataStoreDefault, android: PlatformSource.androidDomStorage, reactNative: rnReference + "#domstorageenabled"))

    // https://developer.android.com/reference/android/webkit/CookieManager#setAcceptCookie(boolean)
    public static let cookies = Remedy(
        iosSwift: """
            // Not .nonPersistent()
            configuration.websiteDataStore = .default()
            """,
        androidKotlin: "CookieManager.getInstance().setAcceptCookie(true)",
        reactNative: """
            // sharedCookiesEnabled is iOS only; on Android allow cookies in
            // CookieManager (setAcceptCookie(true))
            <WebView sharedCookiesEnabled />
            """,
        docs: Docs(ios: wkDataStoreDefault, android: PlatformSource.androidAcceptCookie, reactNative: rnReference + "#sharedcookiesenabled"))

    // https://webkit.org/blog/10218/full-third-party-cookie-blocking-and-more/
    public static let thirdPartyCookies = Remedy(
        iosSwift: """
            // None: WebKit's ITP blocks third-party cookies whatever the app
            // sets; keep the flow first-party
            """,
        androidKotlin: "CookieManager.getInstance().setAcceptThirdPartyCookies(webView, true)",
        reactNative: """
            // Android only; iOS blocks them under ITP
            <WebView thirdPartyCookiesEnabled />
            """,
        docs: Docs(ios: PlatformSource.webKitThirdPartyCookies, android: PlatformSource.androidThirdPartyCookies,
                   reactNative: rnReference + "#thirdpartycookiesenabled"))

    // https://developer.apple.com/documentation/webkit/wkwebsitedatastore/nonpersistent()
    public static let persistentDataStore = Remedy(
        iosSwift: """
            // .nonPersistent() forgets everything on relaunch
            configuration.websiteDataStore = .default()
            """,
        androidKotlin: """
            // On start, do not call CookieManager.removeAllCookies or
            // WebStorage.getInstance().deleteAllData(); flush on pause
            override fun onPause() {
                super.onPause()
                CookieManager.getInstance().flush()
            }
            """,
        reactNative: """
            // Do not set incognito; keep cacheEnabled and the default data store
            <WebView incognito={false} cacheEnabled />
            """,
        docs: Docs(ios: wkDataStoreDefault, android: androidCookieFlush, reactNative: rnReference + "#incognito"))

    // Autoplay of the preview without an extra tap (docs/requirements.md#media-playback).
    public static let autoplay = Remedy(
        iosSwift: """
            // Before WKWebView(frame:configuration:); the default needs a tap
            configuration.mediaTypesRequiringUserActionForPlayback = []
            """,
        androidKotlin: "webView.settings.mediaPlaybackRequiresUserGesture = false",
        reactNative: "<WebView mediaPlaybackRequiresUserAction={false} />",
        docs: Docs(ios: wkMediaTypes, android: PlatformSource.androidMediaGesture, reactNative: rnReference + "#mediaplaybackrequiresuseraction"))

    // allowsInlineMediaPlayback defaults to false on iPhone, true on iPad (docs/requirements.md#media-playback).
    public static let inlineMedia = Remedy(
        iosSwift: """
            // Set before creating the WKWebView (false on iPhone by default)
            configuration.allowsInlineMediaPlayback = true
            """,
        androidKotlin: """
            // Android plays inline; the gesture rule is what holds the video
            webView.settings.mediaPlaybackRequiresUserGesture = false
            """,
        reactNative: """
            <WebView
              allowsInlineMediaPlayback
              mediaPlaybackRequiresUserAction={false}
            />
            """,
        docs: Docs(ios: PlatformSource.wkInlinePlayback, android: PlatformSource.androidMediaGesture,
                   reactNative: rnReference + "#allowsinlinemediaplayback"))

    // Both playback settings at once: what a video that never plays in the page needs when
    // the run cannot tell which of the two blocked it (camera preview, autoplay with inline off).
    // The React Native fix of `inlineMedia` already sets both props, so its line and pages are
    // this one's: one place to correct them.
    public static let inlineAndAutoplay = Remedy(
        iosSwift: """
            // Both before creating the WKWebView
            configuration.allowsInlineMediaPlayback = true
            configuration.mediaTypesRequiringUserActionForPlayback = []
            """,
        androidKotlin: "webView.settings.mediaPlaybackRequiresUserGesture = false",
        reactNative: inlineMedia.reactNative,
        docs: inlineMedia.docs)

    /// The WKUIDelegate method every iOS camera grant implements, to its opening brace: the
    /// fixes differ only in the body that decides.
    static let mediaCaptureDelegateHead = """
            func webView(
                _ webView: WKWebView,
                requestMediaCapturePermissionFor origin: WKSecurityOrigin,
                initiatedByFrame frame: WKFrameInfo,
                type: WKMediaCaptureType,
                decisionHandler: @escaping (WKPermissionDecision) -> Void
            ) {
            """

    /// `ours`: the request comes from the app's own origin (`cameraGrant`), and on its port too
    /// (`strictOrigin`); lines of `onPermissionRequestKotlin`'s body.
    static let ownOriginKotlin = [
        #"val ours = request.origin.scheme == "https" &&"#,
        #"    request.origin.host == "id.example.com""#,
    ]
    static let ownOriginAndPortKotlin = [
        "val origin = request.origin",
        "val port = if (origin.port == -1) 443 else origin.port",
        #"val ours = request.origin.scheme == "https" &&"#,
        #"    request.origin.host == "id.example.com" && port == 443"#,
    ]

    /// The WebChromeClient override every Android camera grant writes: the lines of `checks`
    /// (what decides `ours`, if anything), then on the UI thread the camera alone granted when
    /// `condition` holds and the request denied otherwise. The fixes differ only in the checks.
    static func onPermissionRequestKotlin(checks: [String], grantIf condition: String) -> String {
        let lines = ["val camera = PermissionRequest.RESOURCE_VIDEO_CAPTURE"] + checks
        return """
            override fun onPermissionRequest(request: PermissionRequest) {
            \(lines.map { "    " + $0 }.joined(separator: "\n"))
                webView.post {
                    if (\(condition)) {
                        request.grant(arrayOf(camera))
                    } else {
                        request.deny()
                    }
                }
            }
            """
    }

    /// The launcher that asks for the CAMERA runtime permission on behalf of a WebView request
    /// kept in `waiting`, and grants the camera alone or denies when the person answers: the
    /// runtime-permission fix (`Symptom.androidRuntimeCamera`) and the merged grant
    /// (`androidGrantWithRuntimeCamera`) keep the request with it.
    static let askCameraLauncherKotlin = """
        private var waiting: PermissionRequest? = null
        private val askCamera = registerForActivityResult(
            ActivityResultContracts.RequestPermission()
        ) { granted ->
            val request = waiting ?: return@registerForActivityResult
            val camera = PermissionRequest.RESOURCE_VIDEO_CAPTURE
            if (granted) request.grant(arrayOf(camera)) else request.deny()
            waiting = null
        }
        """

    // The WebView permission layer (docs/requirements.md#camera-getusermedia).
    public static let cameraGrant = Remedy(
        iosSwift: """
            // WKUIDelegate (iOS 15+); set webView.uiDelegate = self
            \(mediaCaptureDelegateHead)
                let ours = origin.protocol == "https"
                    && origin.host == "id.example.com"
                guard ours, type == .camera else { return decisionHandler(.deny) }
                decisionHandler(.grant)
            }
            """,
        androidKotlin: """
            // WebChromeClient; grant on the UI thread, for your origin only
            \(onPermissionRequestKotlin(checks: ownOriginKotlin, grantIf: "ours && camera in request.resources"))
            """,
        reactNative: """
            // Request the camera permission in the app first
            <WebView mediaCapturePermissionGrantType="grantIfSameHostElsePrompt" />
            """,
        docs: Docs(ios: PlatformSource.wkMediaCaptureDelegate, android: PlatformSource.androidOnPermissionRequest,
                   reactNative: PlatformSource.rnMediaCaptureGrantType))

    /// Asking for the camera before the WebView does, and the way to Settings once denied:
    /// the OS layer's part of both camera fixes.
    static let cameraAuthorizationSwift = """
            switch AVCaptureDevice.authorizationStatus(for: .video) {
            case .notDetermined:
                AVCaptureDevice.requestAccess(for: .video) { granted in
                    // open the WebView on the main queue when granted
                }
            case .denied, .restricted:
                // explain why, then offer the Settings app
                let settings = URL(string: UIApplication.openSettingsURLString)!
                UIApplication.shared.open(settings)
            default:
                break // .authorized: open the WebView
            }
            """

    // https://developer.apple.com/documentation/avfoundation/requesting-authorization-to-capture-and-save-media
    // https://developer.android.com/training/permissions/requesting
    public static let osCameraPermission = Remedy(
        iosSwift: """
            // Info.plist:
            // <key>NSCameraUsageDescription</key>
            // <string>The camera takes the photo of your ID.</string>
            // Before opening the WebView:
            \(cameraAuthorizationSwift)
            """,
        androidKotlin: """
            // AndroidManifest.xml:
            // <uses-permission android:name="android.permission.CAMERA" />
            // In the Activity, before opening the WebView:
            val askCamera = registerForActivityResult(
                ActivityResultContracts.RequestPermission()
            ) { granted -> if (granted) openWebView() }
            askCamera.launch(Manifest.permission.CAMERA)
            """,
        reactNative: """
            // react-native-permissions (or expo-camera), before rendering
            const camera = Platform.OS === 'ios'
              ? PERMISSIONS.IOS.CAMERA
              : PERMISSIONS.ANDROID.CAMERA;
            const status = await request(camera);
            setShowWebView(status === RESULTS.GRANTED);
            """,
        docs: Docs(ios: PlatformSource.avAuthorization, android: androidRuntimePermission,
                   reactNative: "https://github.com/zoontek/react-native-permissions#request"))

    // Compare scheme, host and port; deny, not prompt, anything not yours (docs/requirements.md#camera-getusermedia).
    public static let strictOrigin = Remedy(
        iosSwift: """
            // WKUIDelegate: compare scheme, host and port (0 means 443);
            // .deny, not .prompt, for any other origin
            \(mediaCaptureDelegateHead)
                let port = origin.port == 0 ? 443 : origin.port
                let ours = origin.protocol == "https"
                    && origin.host == "id.example.com" && port == 443
                decisionHandler(ours && type == .camera ? .grant : .deny)
            }
            """,
        androidKotlin: """
            // WebChromeClient: compare scheme, host and port (-1 means 443);
            // request.deny() for any other origin
            \(onPermissionRequestKotlin(checks: ownOriginAndPortKotlin, grantIf: "ours && camera in request.resources"))
            """,
        reactNative: """
            // Never "grant"; ElseDeny refuses other hosts (iOS 15+);
            // check the port in a native patch if you need it
            <WebView
              mediaCapturePermissionGrantType="grantIfSameHostElseDeny"
              originWhitelist={['https://id.example.com']}
            />
            """,
        docs: Docs(ios: PlatformSource.wkMediaCaptureDelegate, android: PlatformSource.androidPermissionRequest,
                   reactNative: PlatformSource.rnMediaCaptureGrantType))

    // Never grant whatever was asked; video-only denies audio (docs/requirements.md#camera-getusermedia).
    public static let videoOnlyGrant = Remedy(
        iosSwift: """
            // In requestMediaCapturePermissionFor: grant only .camera;
            // deny .microphone and .cameraAndMicrophone
            decisionHandler(type == .camera ? .grant : .deny)
            """,
        androidKotlin: """
            // Never request.grant(request.resources): grant only the camera,
            // and only when it was requested
            \(onPermissionRequestKotlin(checks: [], grantIf: "camera in request.resources"))
            """,
        reactNative: """
            // Avoid mediaCapturePermissionGrantType="grant"; grant only the
            // camera in a native patch
            <WebView mediaCapturePermissionGrantType="grantIfSameHostElseDeny" />
            """,
        docs: Docs(ios: PlatformSource.wkMediaCaptureDelegate, android: PlatformSource.androidPermissionRequest,
                   reactNative: PlatformSource.rnMediaCaptureGrantType))

    /// The launcher every Android file-chooser fix keeps the pending callback with, to the
    /// opening of the block that answers it (`fileChooser`, `fileCallbackOnCancel` and the
    /// merged `androidFileChooser(capture:)`): they differ only in how they answer.
    static let fileChooserLauncherHead = """
        private var pending: ValueCallback<Array<Uri>>? = null
        private val chooser = registerForActivityResult(
            ActivityResultContracts.StartActivityForResult()
        ) { result ->
        """

    /// That launcher whole, answering the callback with null on RESULT_CANCELED and clearing it
    /// either way: what `fileCallbackOnCancel` adds and the merged `androidFileChooser(capture:)` keeps.
    static let fileChooserLauncherAnsweringCancel = """
        \(fileChooserLauncherHead)
            if (result.resultCode == Activity.RESULT_CANCELED) {
                pending?.onReceiveValue(null)
            } else {
                val code = result.resultCode
                val uris = FileChooserParams.parseResult(code, result.data)
                pending?.onReceiveValue(uris)
            }
            pending = null
        }
        """

    /// The WebChromeClient override the file-chooser fixes write, to where it launches the chooser: a
    /// callback still pending is answered (null) before the new one replaces it.
    static let onShowFileChooserHead = """
        override fun onShowFileChooser(
            webView: WebView,
            filePathCallback: ValueCallback<Array<Uri>>,
            fileChooserParams: FileChooserParams
        ): Boolean {
            pending?.onReceiveValue(null)
            pending = filePathCallback
        """

    // Android's default onShowFileChooser cancels all file requests (docs/requirements.md#file-input).
    public static let fileChooser = Remedy(
        iosSwift: """
            // Nothing to add: WKWebView uploads work by default. Do not
            // override runOpenPanelWith unless on iOS 18.4+ and you answer it
            """,
        androidKotlin: """
            // In the Activity: the launcher answers the ValueCallback
            \(fileChooserLauncherHead)
                val code = result.resultCode
                val uris = FileChooserParams.parseResult(code, result.data)
                pending?.onReceiveValue(uris)
                pending = null
            }

            // WebChromeClient: return true, launch createIntent()
            \(onShowFileChooserHead)
                chooser.launch(fileChooserParams.createIntent())
                return true
            }
            """,
        reactNative: """
            // And the camera/media permissions for the picker
            <WebView allowFileAccess />
            """,
        docs: Docs(ios: wkOpenPanel, android: PlatformSource.androidFileChooser, reactNative: rnReference + "#allowfileaccess"))

    // The ValueCallback is answered exactly once on every file-chooser path (docs/requirements.md#file-input).
    public static let fileCallbackOnCancel = Remedy(
        iosSwift: "// Nothing to add: WKWebView answers its own file panel",
        androidKotlin: """
            // On RESULT_CANCELED answer null and clear the callback;
            // answer a pending callback with null before storing a new one
            // (pending: the ValueCallback onShowFileChooser stores)
            \(fileChooserLauncherAnsweringCancel)
            """,
        reactNative: """
            // Update react-native-webview (13.x+), which answers the chooser
            // callback on cancel
            // package.json: "react-native-webview": "^13.0.0"
            """,
        docs: Docs(ios: wkOpenPanel, android: PlatformSource.androidFileChooser, reactNative: rnReference))

    /// With capture set on an image input, the camera writing to a FileProvider Uri, else the
    /// chooser: how `captureAttribute` and the merged `androidFileChooser(capture:)` launch.
    static let captureLaunchKotlin = """
        val file = File(context.cacheDir, "capture.jpg")
        val authority = "${context.packageName}.files"
        val photo = FileProvider.getUriForFile(context, authority, file)
        val intent = if (fileChooserParams.isCaptureEnabled &&
            fileChooserParams.acceptTypes.any { it.startsWith("image/") }) {
            Intent(MediaStore.ACTION_IMAGE_CAPTURE)
                .putExtra(MediaStore.EXTRA_OUTPUT, photo)
        } else {
            fileChooserParams.createIntent()
        }
        chooser.launch(intent)
        """

    // https://developer.android.com/reference/android/provider/MediaStore#ACTION_IMAGE_CAPTURE
    public static let captureAttribute = Remedy(
        iosSwift: """
            // Nothing to add: WKWebView honours capture; check that Info.plist
            // has NSCameraUsageDescription
            """,
        androidKotlin: """
            // In onShowFileChooser: with capture set, open the camera; the
            // photo goes to a FileProvider content:// Uri
            \(captureLaunchKotlin)
            """,
        reactNative: """
            // Update react-native-webview; it honours capture with the CAMERA
            // permission granted
            // package.json: "react-native-webview": "^13.0.0"
            """,
        docs: Docs(ios: PlatformSource.cameraUsageDescription, android: androidActionImageCapture, reactNative: rnReference))

    // https://developer.mozilla.org/en-US/docs/Web/HTML/Attributes/accept
    public static let heic = Remedy(
        iosSwift: """
            // Accept image/heic on the server, or keep accept="image/*" so iOS
            // converts to JPEG
            """,
        androidKotlin: "// Accept image/heic on the server",
        reactNative: "// Accept image/heic on the server",
        docs: Docs(ios: mdnAccept, android: mdnAccept, reactNative: mdnAccept))

    /// The React Native line of the fixes that decide where a navigation goes: a URL for which
    /// `condition` holds loads in the WebView, any other opens outside it.
    static func openingOutsideRN(unless condition: String) -> String {
        """
        <WebView
          onShouldStartLoadWithRequest={({ url }) => {
            if (\(condition)) return true;
            Linking.openURL(url);
            return false;
          }}
        />
        """
    }

    /// The pages of the APIs those fixes use: the navigation delegate, shouldOverrideUrlLoading
    /// and onShouldStartLoadWithRequest.
    static let navigationDocs = Docs(ios: PlatformSource.wkNavigationDelegate, android: PlatformSource.androidOverrideUrl,
                                     reactNative: rnReference + "#onshouldstartloadwithrequest")

    /// A fix in the callbacks that decide where a navigation goes (`customSchemes`,
    /// `returnUrl`): the native lines, and for React Native the handler that loads a URL in
    /// the WebView when `condition` holds and opens any other outside it.
    static func navigationFix(iosSwift: String, androidKotlin: String, loadingInTheWebViewIf condition: String) -> Remedy {
        Remedy(iosSwift: iosSwift, androidKotlin: androidKotlin, reactNative: openingOutsideRN(unless: condition), docs: navigationDocs)
    }

    // Forward custom schemes to external apps (docs/requirements.md#navigation-and-windows).
    public static let customSchemes = navigationFix(
        iosSwift: """
            // WKNavigationDelegate: web schemes load, any other opens its app
            func webView(
                _ webView: WKWebView,
                decidePolicyFor navigationAction: WKNavigationAction,
                decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
            ) {
                guard let url = navigationAction.request.url else {
                    return decisionHandler(.cancel)
                }
                if ["http", "https", "about", "data"].contains(url.scheme ?? "") {
                    decisionHandler(.allow)
                } else {
                    UIApplication.shared.open(url)
                    decisionHandler(.cancel)
                }
            }
            """,
        androidKotlin: """
            // WebViewClient: web schemes load, any other opens its app
            override fun shouldOverrideUrlLoading(
                view: WebView, request: WebResourceRequest
            ): Boolean {
                val uri = request.url
                val web = listOf("http", "https", "about", "data")
                if (uri.scheme in web) return false
                try {
                    view.context.startActivity(Intent(Intent.ACTION_VIEW, uri))
                } catch (e: ActivityNotFoundException) {
                    // no app for this scheme: stay on the page
                }
                return true
            }
            """,
        loadingInTheWebViewIf: "/^(https?|about|data):/.test(url)")

    // Universal links open the app only from outside the WebView
    // (https://developer.apple.com/documentation/xcode/supporting-universal-links-in-your-app).
    public static let returnUrl = navigationFix(
        iosSwift: """
            // In decidePolicyFor: intercept the return URL and route it
            // (universal links open the app only from outside the WebView)
            if url.host == "id.example.com", url.path.hasPrefix("/return") {
                decisionHandler(.cancel)
                router.open(url)
                return
            }
            """,
        androidKotlin: """
            // In shouldOverrideUrlLoading: intercept the return URL and start
            // the app link intent
            val back = uri.path?.startsWith("/return") == true
            if (uri.host == "id.example.com" && back) {
                view.context.startActivity(Intent(Intent.ACTION_VIEW, uri))
                return true
            }
            """,
        loadingInTheWebViewIf: "!url.startsWith('https://id.example.com/return')")

    // https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:createwebviewwith:for:windowfeatures:)
    public static let windowOpen = Remedy(
        iosSwift: """
            // WKUIDelegate: load or open the request per app policy
            func webView(
                _ webView: WKWebView,
                createWebViewWith configuration: WKWebViewConfiguration,
                for navigationAction: WKNavigationAction,
                windowFeatures: WKWindowFeatures
            ) -> WKWebView? {
                if navigationAction.targetFrame == nil {
                    webView.load(navigationAction.request)
                }
                return nil
            }
            """,
        androidKotlin: """
            // Keeps window.open in the WebView; or handle onCreateWindow
            webView.settings.setSupportMultipleWindows(false)
            """,
        reactNative: """
            <WebView
              setSupportMultipleWindows={false}
              onOpenWindow={({ nativeEvent }) =>
                Linking.openURL(nativeEvent.targetUrl)}
            />
            """,
        docs: Docs(ios: PlatformSource.wkCreateWebView, android: androidSupportMultipleWindows, reactNative: rnReference + "#onopenwindow"))

    /// The callbacks that show a retry screen when the main frame fails to load, on iOS and
    /// on Android: `offline` is that alone, `loadErrors` adds the HTTP error statuses.
    static let failedLoadRetrySwift = """
        func webView(
            _ webView: WKWebView,
            didFailProvisionalNavigation navigation: WKNavigation!,
            withError error: Error
        ) {
            showRetryScreen()
        }
        """
    static let failedLoadRetryKotlin = """
        override fun onReceivedError(
            view: WebView, request: WebResourceRequest, error: WebResourceError
        ) {
            if (request.isForMainFrame) showRetryScreen()
        }
        """

    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didfailprovisionalnavigation:witherror:)
    public static let loadErrors = Remedy(
        iosSwift: """
            // WKNavigationDelegate: show a retry screen on a failed load or an
            // HTTP error status
            \(failedLoadRetrySwift)
            func webView(
                _ webView: WKWebView,
                decidePolicyFor navigationResponse: WKNavigationResponse,
                decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void
            ) {
                let http = navigationResponse.response as? HTTPURLResponse
                let failed = (http?.statusCode ?? 0) >= 400
                if navigationResponse.isForMainFrame, failed {
                    showRetryScreen()
                }
                decisionHandler(.allow)
            }
            """,
        androidKotlin: """
            // WebViewClient: show a retry screen for the main frame
            \(failedLoadRetryKotlin)
            override fun onReceivedHttpError(
                view: WebView,
                request: WebResourceRequest,
                response: WebResourceResponse
            ) {
                if (request.isForMainFrame) showRetryScreen()
            }
            """,
        reactNative: """
            <WebView
              onError={() => setFailed(true)}
              onHttpError={() => setFailed(true)}
              renderError={() => (
                <RetryScreen onRetry={() => webView.current?.reload()} />
              )}
            />
            """,
        docs: Docs(ios: wkProvisionalFailure, android: PlatformSource.androidReceivedError, reactNative: rnReference + "#onerror"))

    // https://developer.mozilla.org/en-US/docs/Web/Security/Secure_Contexts/features_restricted_to_secure_contexts
    public static let secureContext = Remedy(
        iosSwift: """
            // Load the page over https:// (camera APIs are absent in an
            // insecure context)
            let start = URL(string: "https://id.example.com/start")!
            webView.load(URLRequest(url: start))
            """,
        androidKotlin: """
            // Load the page over https:// (or http://localhost with adb reverse)
            webView.loadUrl("https://id.example.com/start")
            """,
        reactNative: "<WebView source={{ uri: 'https://id.example.com/start' }} />",
        docs: Docs(ios: PlatformSource.mdnSecureContext, android: PlatformSource.mdnSecureContext, reactNative: PlatformSource.mdnSecureContext))

    // https://developer.android.com/reference/android/webkit/WebSettings#setMixedContentMode(int)
    public static let mixedContent = Remedy(
        iosSwift: """
            // Serve every resource over https:// (WKWebView blocks mixed
            // active content); nothing to set in the app
            """,
        androidKotlin: """
            // Never MIXED_CONTENT_ALWAYS_ALLOW; serve resources over https://
            webView.settings.mixedContentMode =
                WebSettings.MIXED_CONTENT_COMPATIBILITY_MODE
            """,
        reactNative: """
            // Never "always"
            <WebView mixedContentMode="compatibility" />
            """,
        docs: Docs(ios: PlatformSource.mdnSecureContext, android: PlatformSource.androidMixedContent, reactNative: rnReference + "#mixedcontentmode"))

    // The page needs the whole screen (docs/requirements.md#layout).
    public static let fullScreenLayout = Remedy(
        iosSwift: """
            // Pin the WKWebView to the view's edges; no navigation bar on this
            // route
            webView.translatesAutoresizingMaskIntoConstraints = false
            let safeTop = view.safeAreaLayoutGuide.topAnchor
            view.addSubview(webView)
            NSLayoutConstraint.activate([
                webView.topAnchor.constraint(equalTo: safeTop),
                webView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
                webView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                webView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            ])
            navigationController?.setNavigationBarHidden(true, animated: false)
            """,
        androidKotlin: """
            // In an activity of its own, not a dialog or card
            val full = ViewGroup.LayoutParams.MATCH_PARENT
            setContentView(webView, ViewGroup.LayoutParams(full, full))
            """,
        reactNative: """
            // On a screen with headerShown: false, not in a Modal card
            <WebView style={{ flex: 1 }} />
            """,
        docs: Docs(ios: "https://developer.apple.com/documentation/uikit/nslayoutconstraint",
                   android: "https://developer.android.com/reference/android/view/ViewGroup.LayoutParams#MATCH_PARENT",
                   reactNative: rnReference + "#style"))

    // https://developer.android.com/develop/ui/views/layout/webapps/webview
    public static let updateOS = Remedy(
        iosSwift: """
            // Ask the user to update iOS; gate the flow below the minimum
            guard #available(iOS 15, *) else { return showUpdateIOSScreen() }
            """,
        androidKotlin: """
            // Ask the user to update Android System WebView (Play Store) or the OS
            val webViewPackage = WebViewCompat.getCurrentWebViewPackage(context)
            val version = webViewPackage?.versionName
            val major = version?.substringBefore('.')?.toIntOrNull()
            if (major == null || major < 120) showUpdateWebViewScreen()
            """,
        reactNative: """
            // Gate the flow below the minimum
            // package.json: "react-native-webview": "^13.0.0"
            """,
        docs: Docs(ios: "https://developer.apple.com/documentation/xcode/running-code-on-a-specific-version",
                   android: androidWebViewPackage, reactNative: rnReference))

    // https://developer.android.com/develop/ui/views/layout/edge-to-edge#handle-overlaps
    public static let edgeToEdgeInsets = Remedy(
        androidKotlin: """
            // Android 15 draws the app edge to edge: keep the page out from
            // under the status and navigation bars
            ViewCompat.setOnApplyWindowInsetsListener(webView) { view, insets ->
                val bars = insets.getInsets(WindowInsetsCompat.Type.systemBars())
                view.setPadding(bars.left, bars.top, bars.right, bars.bottom)
                WindowInsetsCompat.CONSUMED
            }
            """,
        reactNative: """
            // Wrap the WebView in react-native-safe-area-context's
            // SafeAreaView (edges top and bottom) on Android 15 and later
            """,
        docs: Docs(android: "https://developer.android.com/develop/ui/views/layout/edge-to-edge#handle-overlaps",
                   reactNative: "https://github.com/AppAndFlow/react-native-safe-area-context"))

    // https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:requestmediacapturepermissionfor:initiatedbyframe:type:decisionhandler:)
    public static let cameraReacquire = Remedy(
        iosSwift: """
            // In requestMediaCapturePermissionFor: .grant for your origin
            // instead of .prompt
            decisionHandler(origin.host == "id.example.com" ? .grant : .deny)
            """,
        androidKotlin: """
            // In onPermissionRequest: grant each time without your own dialog
            // once the app holds the CAMERA permission
            val held = ContextCompat.checkSelfPermission(
                context, Manifest.permission.CAMERA
            ) == PackageManager.PERMISSION_GRANTED
            val camera = PermissionRequest.RESOURCE_VIDEO_CAPTURE
            if (held) request.grant(arrayOf(camera))
            """,
        reactNative: "<WebView mediaCapturePermissionGrantType=\"grantIfSameHostElsePrompt\" />",
        docs: Docs(ios: PlatformSource.wkMediaCaptureDelegate, android: PlatformSource.androidOnPermissionRequest,
                   reactNative: PlatformSource.rnMediaCaptureGrantType))

    // https://developer.android.com/reference/android/webkit/WebView#onResume()
    public static let backgroundResume = Remedy(
        iosSwift: """
            // Re-check the camera permission when the app is back; the page
            // restarts its stream on visibilitychange
            NotificationCenter.default.addObserver(
                forName: UIApplication.didBecomeActiveNotification,
                object: nil, queue: .main
            ) { _ in
                _ = AVCaptureDevice.authorizationStatus(for: .video)
            }
            """,
        androidKotlin: """
            // Do not recreate the WebView on configuration changes
            override fun onResume() { super.onResume(); webView.onResume() }
            override fun onPause() { webView.onPause(); super.onPause() }
            """,
        reactNative: "// Keep the WebView mounted across AppState changes",
        docs: Docs(ios: uiDidBecomeActive, android: androidWebViewOnResume,
                   reactNative: "https://reactnative.dev/docs/appstate"))

    // https://developer.android.com/reference/android/webkit/WebViewClient#onReceivedError(android.webkit.WebView,%20android.webkit.WebResourceRequest,%20android.webkit.WebResourceError)
    public static let offline = Remedy(
        iosSwift: """
            // Show a retry screen when the main frame fails to load
            \(failedLoadRetrySwift)
            """,
        androidKotlin: """
            // Show a retry screen when the main frame fails to load
            \(failedLoadRetryKotlin)
            """,
        reactNative: "<WebView renderError={() => <RetryScreen onRetry={reload} />} />",
        docs: Docs(ios: wkProvisionalFailure, android: PlatformSource.androidReceivedError, reactNative: rnReference + "#rendererror"))

    // https://developer.android.com/reference/android/webkit/WebViewClient#shouldInterceptRequest(android.webkit.WebView,%20android.webkit.WebResourceRequest)
    public static let bodyIntegrity = Remedy(
        iosSwift: """
            // Remove any URLProtocol / WKURLSchemeHandler proxy that rewrites
            // request bodies
            """,
        androidKotlin: """
            // Remove shouldInterceptRequest code that re-issues requests (it
            // drops or alters POST bodies); let the WebView load them
            override fun shouldInterceptRequest(
                view: WebView, request: WebResourceRequest
            ): WebResourceResponse? = null
            """,
        reactNative: "// Remove request interception that re-issues POST requests natively",
        docs: Docs(ios: wkSchemeHandler, android: androidInterceptRequest, reactNative: rnReference))
}
