/// The observations that rule causes out (`KnownCause.ruledOutBy`), shared by every cause
/// they contradict, and the causes that stand when they hold: the other half of each pair.
extension Symptom {
    /// localStorage that worked in this run: DOM storage is on. Only localStorage says so:
    /// Android WebView turns `domStorageEnabled` into Blink's `local_storage_enabled`
    /// (https://github.com/chromium/chromium/blob/00b861abe677c1df2e83895e6ebac39cf5c96f7a/android_webview/browser/aw_settings.cc),
    /// which Blink checks before localStorage and not before sessionStorage
    /// (https://github.com/chromium/chromium/blob/060c72b76edb31927a3b3cc61a454e73425426f1/third_party/blink/renderer/modules/storage/dom_window_storage.cc),
    /// so a working sessionStorage beside a null localStorage is what the setting gives.
    static let webStorageWorked: [Contradiction] = [
        Contradiction(.storageLocal, "storage.local wrote, read and removed a value: DOM storage is on") { r in
            r.bool("available") == true && r.bool("writeReadRemove") == true
        },
    ]
    /// Cookies kept in this run: the WebView's cookie store accepts them, and a setting that
    /// refuses cookies refuses document.cookie's and the server's alike.
    static let cookiesKept: [Contradiction] = [
        Contradiction(.cookieDocument, "cookie.document wrote and read back a cookie: the WebView's cookie store accepts cookies") { r in r.bool("writeRead") == true },
        Contradiction(.cookieServer, "cookie.server's Set-Cookie came back on the next request: the WebView's cookie store accepts cookies") { r in r.bool("echoed") == true },
    ]
    static let cookieSurvivedRelaunch: [Contradiction] = [
        Contradiction(.storageRelaunch, "storage.relaunch found the persistent cookie after the relaunch") { r in r.bool("persistentCookie") == true },
    ]
    /// file.accept opened a chooser and a file came back: onShowFileChooser is implemented and
    /// its result reaches the page.
    static let chooserWorked: [Contradiction] = [
        Contradiction(.fileAccept, "file.accept opened a chooser and its file reached the page: onShowFileChooser is implemented and answers its callback") { r in
            r.bool("changeFired") == true && (r.int("fileCount") ?? 0) > 0
        },
    ]
    /// The camera opened for getUserMedia in this run: on Android the app holds CAMERA (a
    /// WebView grant alone does not open it), on iOS the usage description is there.
    /// A cancel within `Diff.fastCancelMs` of the tap: no chooser was on screen, so none
    /// had a result to lose.
    /// file.accept's cancel came with no change within `Diff.fastCancelMs` of the tap: sooner
    /// than any chooser can appear.
    @Sendable static func cancelledBeforeAChooser(_ r: ProbeResult) -> Bool {
        r.bool("cancelFired") == true && r.bool("changeFired") != true && (r.number("waitedMs") ?? .infinity) < Diff.fastCancelMs
    }
    static let noChooserShown: [Contradiction] = [
        Contradiction(.fileCancel, "file.cancel's chooser was cancelled sooner than one can appear: no chooser was shown, so none had a result to lose") { r in
            r.bool("cancelFired") == true && (r.number("cancelMs") ?? .infinity) < Diff.fastCancelMs
        },
        Contradiction(.fileAccept, "file.accept's chooser was cancelled sooner than one can appear: no chooser was shown, so none had a result to lose") { r in
            cancelledBeforeAChooser(r)
        },
    ]
    /// The same: no chooser opens for a file input in this WebView, so none could open a file
    /// list where the camera was asked for.
    static let noChooserOpens: [Contradiction] = [
        Contradiction(.fileAccept, "file.accept's chooser was cancelled sooner than one can appear: no chooser opens for a file input here, so none opened a file list instead of the camera") { r in
            cancelledBeforeAChooser(r)
        },
    ]
    static let cameraOpened: [Contradiction] = [
        Contradiction(.cameraGetUserMedia, "camera.getUserMedia opened the camera in this run: the app holds the camera permission") { r in r.string("outcome") == "granted" },
    ]

    static var fileAcceptDelivered: @Sendable (CauseEvidence) -> Bool {
        { e in e.observed(.fileAccept, "changeFired")?.boolValue == true && (e.observed(.fileAccept, "fileCount")?.intValue ?? 0) > 0 }
    }

    // MARK: cookies

    // Same symptom as cookies off, told apart by cookie.document: a layer that fetches the
    // page's requests itself loses the response's Set-Cookie while the jar works.
    static let interceptionDropsSetCookie = KnownCause("app.interception-drops-set-cookie", .network,
        scope: "app WebViews that answer the page's requests themselves (shouldInterceptRequest, a WKURLSchemeHandler, CapacitorHttp, Capacitor's server.url proxy) or sit behind a proxy",
        summary: "a request-interception layer (shouldInterceptRequest, a WKURLSchemeHandler, a native HTTP bridge such as CapacitorHttp, Capacitor's server.url proxy, or a proxy) fetches the page's requests itself and does not store the response's Set-Cookie in the WebView's cookie jar",
        check: "cookie.document passes while cookie.server fails and the server sent Set-Cookie: look for shouldInterceptRequest, a WKURLSchemeHandler, CapacitorHttp enabled or server.url in the app, or a proxy on the network",
        remedy: interceptorCookies, source: "https://github.com/ionic-team/capacitor/pull/3076",
        ruledOutBy: [
            Contradiction(.cookieServer, "cookie.server's Set-Cookie came back on the next request: response cookies reach the jar") { r in r.bool("echoed") == true },
            Contradiction(.cookieServer, "the server sent no Set-Cookie, so none was lost on the way") { r in r.bool("setCookieSent") == false },
        ],
        applies: { $0.platform.isAppWebView && $0.result?.probe != .cookieDocument },
        weigh: { e in
            if e.observed(.cookieDocument, "writeRead")?.boolValue == true {
                return .likely("cookie.document kept its cookie: the jar accepts cookies, only the server's was lost")
            }
            return .possible("the server's cookie was not kept", against: "cookie.document failed too: cookies are off altogether")
        })

    // https://developer.android.com/reference/android/webkit/CookieManager#setCookie(java.lang.String,%20java.lang.String)
    static let interceptorCookies = Remedy(
        iosSwift: """
            // Where a WKURLSchemeHandler or a native request answers for
            // the page, store the response's cookies in the WebView's store
            func keepCookies(of response: HTTPURLResponse, in webView: WKWebView) {
                let fields = response.allHeaderFields
                guard let url = response.url,
                      let headers = fields as? [String: String] else { return }
                let store = webView.configuration.websiteDataStore.httpCookieStore
                HTTPCookie.cookies(withResponseHeaderFields: headers, for: url)
                    .forEach { store.setCookie($0) }
            }
            """,
        androidKotlin: """
            // Where shouldInterceptRequest (or a native HTTP bridge) fetches
            // for the page, store each Set-Cookie in the WebView's jar
            fun keepCookies(url: String, connection: java.net.HttpURLConnection) {
                val jar = CookieManager.getInstance()
                connection.headerFields["Set-Cookie"].orEmpty()
                    .forEach { jar.setCookie(url, it) }
            }
            """,
        docs: Remedy.Docs(ios: "https://developer.apple.com/documentation/webkit/wkhttpcookiestore/setcookie(_:completionhandler:)",
                          android: "https://developer.android.com/reference/android/webkit/CookieManager#setCookie(java.lang.String,%20java.lang.String)"))

    // MARK: relaunch: incognito or not flushed (the same cookie lost, localStorage kept)

    static let incognitoClearsCookies = KnownCause("android.incognito-clears-cookies", .webViewSetting,
        scope: "Android: react-native-webview's and flutter_inappwebview's incognito, on any WebView of the app",
        summary: "an incognito WebView calls CookieManager.removeAllCookies when it is created, which empties the app's one cookie jar (every WebView's) while localStorage stays",
        check: "the incognito prop or setting on any WebView of the app; the cookie is lost after a normal relaunch too, where an unflushed cookie is lost only when the app is killed soon after it was set",
        remedy: nonPersistentRemedy, source: "https://github.com/react-native-webview/react-native-webview/pull/1447",
        ruledOutBy: cookieSurvivedRelaunch,
        applies: { e in
            e.family == .android && e.result?.probe == .storageRelaunch && [.reactNativeWebView, .flutterInAppWebView].contains(e.wrapper)
        },
        weigh: { e in
            let localKept = e.result?.bool("localStorage") == true
            return .init(likelihood: localKept ? .likely : .possible,
                         supporting: ["the persistent cookie was lost in \(e.wrapper?.rawValue ?? "the wrapper"), whose incognito clears every cookie of the app"],
                         against: localKept ? [] : ["localStorage was lost too, which incognito's cookie clearing does not do"])
        })

    static let cookiesNotFlushed = KnownCause("android.cookies-not-flushed", .app, scope: "Android WebView, every wrapper",
        summary: "the cookie was still only in memory when the app was ended: Android WebView writes cookies to disk lazily, and the app does not call CookieManager.flush() when it goes to the background",
        check: "the cookie is lost only when the app is killed soon after it was set (swiped away, force-stopped), not after a normal background and relaunch; CookieManager.getInstance().flush() in onPause",
        remedy: flushCookies, source: "https://developer.android.com/reference/android/webkit/CookieManager#flush()",
        ruledOutBy: cookieSurvivedRelaunch,
        applies: { $0.family == .android && $0.platform.isAppWebView && $0.result?.probe == .storageRelaunch },
        weigh: { e in
            let localKept = e.result?.bool("localStorage") == true
            return .init(likelihood: localKept ? .likely : .possible, supporting: ["the persistent cookie was lost across the relaunch"],
                         against: localKept ? [] : ["localStorage was lost too, which an unflushed cookie does not explain"])
        })

    // https://developer.android.com/reference/android/webkit/CookieManager#flush()
    static let flushCookies = Remedy(
        androidKotlin: """
            // Write the in-memory cookies to disk whenever the app goes to
            // the background, before its process can be ended
            lifecycle.addObserver(LifecycleEventObserver { _, event ->
                if (event == Lifecycle.Event.ON_PAUSE) {
                    CookieManager.getInstance().flush()
                }
            })
            """,
        docs: Remedy.Docs(android: "https://developer.android.com/reference/android/webkit/CookieManager#flush()"))

    // MARK: the capture path: the camera intent, not the chooser

    /// The wrappers whose chooser adds an ACTION_IMAGE_CAPTURE intent for a capture input
    /// (docs/wrappers.md), guarded by resolveActivity().
    static let buildsCaptureIntent: Set<Wrapper> = [.reactNativeWebView, .capacitor, .cordova, .flutterInAppWebView]

    static let captureIntentInvisible = KnownCause("android.capture-intent-invisible", .app, scope: "Android 11+ (targetSdk 30+): react-native-webview, Capacitor, Cordova, flutter_inappwebview, and apps that check resolveActivity()",
        summary: "the camera intent (ACTION_IMAGE_CAPTURE) is checked with resolveActivity(), which returns null on Android 11+ without a <queries> entry for it, so the camera never opens (nothing, or only a file list)",
        check: "AndroidManifest.xml has <queries><intent><action android:name=\"android.media.action.IMAGE_CAPTURE\" /></intent></queries>; logcat says \"no Activity to handle this Intent\" or \"Device does not support photo capture\"",
        remedy: captureQueries, source: "https://developer.android.com/training/package-visibility",
        applies: { e in
            e.family == .android && e.platform.isAppWebView && (e.osVersion.map { $0 >= Version([11]) } ?? true)
        },
        weigh: { e in
            if fileAcceptDelivered(e) {
                return .likely("file.accept's chooser worked: only the camera path fails")
            }
            if e.result?.probe == .fileCapture, let wrapper = e.wrapper, buildsCaptureIntent.contains(wrapper) {
                return .likely("\(wrapper.rawValue) opens the camera with ACTION_IMAGE_CAPTURE only when resolveActivity() finds it")
            }
            return .init(likelihood: .possible, supporting: ["no camera on Android 11+"], against: e.result?.probe == .fileCapture ? [] : ["file.accept did not deliver a file either"])
        })

    static let captureWithoutCameraPermission = cameraPermissionMissing("android.capture-without-camera-permission", scope: "Android: react-native-webview (and apps) that declare CAMERA in the manifest",
        summary: "the manifest declares CAMERA but the app does not hold it, so no camera intent is built (react-native-webview) or launching it throws: the capture input opens nothing",
        check: "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA); logcat says \"there is no Camera permission\"; after a granted camera.getUserMedia the capture input works",
        remedy: Symptom.androidRuntimeCamera, source: "https://github.com/react-native-webview/react-native-webview/pull/3962",
        applies: { $0.family == .android && $0.platform.isAppWebView },
        weigh: { e in
            let cameraRefused = e.observed(.cameraGetUserMedia, "outcome")?.stringValue == "error"
            if cameraRefused || (fileAcceptDelivered(e) && e.wrapper == .reactNativeWebView) {
                return .init(likelihood: .likely, supporting: cameraRefused ? ["camera.getUserMedia was refused too"] : ["react-native-webview builds no camera intent without CAMERA"])
            }
            return .possible("a capture input needs the CAMERA permission when the manifest declares it")
        })

    // https://developer.android.com/training/package-visibility/declaring
    static let captureQueries = Remedy(
        androidKotlin: """
            // AndroidManifest.xml, inside <manifest> (Android 11+ package
            // visibility hides the camera app from resolveActivity without it):
            // <queries>
            //   <intent>
            //     <action android:name="android.media.action.IMAGE_CAPTURE" />
            //   </intent>
            // </queries>
            val capture = Intent(MediaStore.ACTION_IMAGE_CAPTURE)
            val camera = capture.resolveActivity(context.packageManager)
            """,
        docs: Remedy.Docs(android: "https://developer.android.com/training/package-visibility/declaring"))

    /// file.capture: the capture attribute did not open the camera.
    static let captureNotCamera = Symptom(id: "file.capture-not-camera", probes: [.fileCapture], observation: "a capture input did not open the camera (a file list opened, or nothing)", causes: [
        KnownCause("android.capture-ignored", .webViewPermissionHandler, scope: "Android WebView with an app chooser built from createIntent() alone (.NET MAUI, most native apps)",
            summary: "the chooser intent ignores FileChooserParams.isCaptureEnabled (createIntent() has no camera), so a file list opens instead of the camera",
            check: "the app's onShowFileChooser launches ACTION_IMAGE_CAPTURE when fileChooserParams.isCaptureEnabled is true; a file list (not nothing) opened",
            remedy: .captureAttribute, source: PlatformSource.androidFileChooser,
            ruledOutBy: noChooserOpens,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: { e in
                if let wrapper = e.wrapper, buildsCaptureIntent.contains(wrapper) {
                    return .possible("the camera did not open", against: "\(wrapper.rawValue) adds a camera intent when capture is set")
                }
                return .likely("the camera did not open for a capture input")
            }),
        captureIntentInvisible, captureWithoutCameraPermission,
    ])
}
