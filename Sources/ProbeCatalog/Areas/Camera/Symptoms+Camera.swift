/// The camera's failing observations and every cause known for each.
extension Symptom {
    /// The wrappers whose Android chrome client denies the camera unless the app answers
    /// (docs/wrappers.md): the platform's "no permission handler" cause is theirs too.
    static let deniesWithoutCallback: Set<Wrapper> = [.flutterInAppWebView, .webviewFlutter, .maui]
    // https://developer.apple.com/documentation/avfoundation/avcapturedevice/authorizationstatus(for:)
    static let iosSettingsDenial = Remedy(
        iosSwift: """
            // Before opening the WebView
            \(Remedy.cameraAuthorizationSwift)
            """,
        reactNative: """
            // react-native-permissions, before rendering the WebView
            const status = await check(PERMISSIONS.IOS.CAMERA);
            if (status === RESULTS.BLOCKED) {
              Linking.openSettings(); // after saying why
            }
            """,
        docs: Remedy.Docs(
            ios: "https://developer.apple.com/documentation/avfoundation/avcapturedevice/authorizationstatus(for:)",
            reactNative: "https://github.com/zoontek/react-native-permissions#check"))
    // https://developer.android.com/reference/androidx/core/content/ContextCompat#checkSelfPermission(android.content.Context,java.lang.String)
    static let androidRuntimeCamera = Remedy(
        androidKotlin: """
            // AndroidManifest.xml:
            // <uses-permission android:name="android.permission.CAMERA" />
            // In onPermissionRequest: grant once the app holds CAMERA, else
            // ask for it and grant or deny when it answers
            \(Remedy.askCameraLauncherKotlin)

            override fun onPermissionRequest(request: PermissionRequest) {
                val held = ContextCompat.checkSelfPermission(
                    context, Manifest.permission.CAMERA
                ) == PackageManager.PERMISSION_GRANTED
                if (held) {
                    request.grant(arrayOf(PermissionRequest.RESOURCE_VIDEO_CAPTURE))
                } else {
                    waiting = request
                    askCamera.launch(Manifest.permission.CAMERA)
                }
            }
            """,
        reactNative: """
            // AndroidManifest.xml declares android.permission.CAMERA;
            // before rendering the WebView:
            const granted = await PermissionsAndroid.request(
              PermissionsAndroid.PERMISSIONS.CAMERA);
            setShowWebView(granted === PermissionsAndroid.RESULTS.GRANTED);
            """,
        docs: Remedy.Docs(
            android: "https://developer.android.com/reference/androidx/core/content/ContextCompat#checkSelfPermission(android.content.Context,java.lang.String)",
            reactNative: "https://reactnative.dev/docs/permissionsandroid"))
    // https://github.com/react-native-webview/react-native-webview/blob/master/docs/Reference.md#mediacapturepermissiongranttype
    static let rnGrantType = Remedy(
        reactNative: """
            // iOS 15+; not "deny", and the page's host must be the WebView's
            // host for the same-host values
            <WebView mediaCapturePermissionGrantType="grantIfSameHostElsePrompt" />
            """,
        docs: Remedy.Docs(reactNative: PlatformSource.rnMediaCaptureGrantType))
    // https://github.com/apache/cordova-android/issues/1888
    static let cordovaRuntimeCamera = Remedy(
        androidKotlin: """
            // cordova-android grants every WebView request itself: hold
            // android.permission.CAMERA first (cordova-plugin-android-permissions,
            // or a cordova-android release that asks for it), e.g. in MainActivity
            ActivityCompat.requestPermissions(
                this, arrayOf(Manifest.permission.CAMERA), CAMERA_REQUEST)
            """,
        docs: Remedy.Docs(android: "https://developer.android.com/reference/androidx/core/app/ActivityCompat#requestPermissions(android.app.Activity,java.lang.String[],int)"))

    static func camera(_ id: String, _ observation: String, _ causes: [KnownCause]) -> Symptom {
        Symptom(id: id, probes: [.cameraGetUserMedia, .cameraReacquire], observation: observation, causes: causes)
    }

    /// NotAllowedError (and the older PermissionDeniedError, SecurityError, AbortError). Blink
    /// rejects a person's, the system's and the embedder's denial alike with NotAllowedError
    /// (`UserMediaRequest::Fail`, `PlatformSource.blinkUserMediaErrors`), and WebKit denies a TCC
    /// refusal and a delegate's .deny with the same PermissionDenied: the name never tells the
    /// layers apart; speed, the prompt, the wrapper and the checks do.
    static let cameraDenied = camera("camera.denied", "getUserMedia rejected with NotAllowedError (or PermissionDeniedError, SecurityError, AbortError), the name engines give every layer's denial", [
        KnownCause("page.insecure-context", .page, scope: "every engine",
            summary: "the page is not a secure context, and the camera is offered to secure contexts only",
            check: "env.secureContext: isSecureContext must be true (https, or localhost)", remedy: .secureContext,
            source: PlatformSource.mdnSecureContext,
            applies: { $0.observed(.envSecureContext, "isSecureContext")?.boolValue == false },
            weigh: .conclusive("env.secureContext saw an insecure context")),
        KnownCause("ios.camera.delegate-denied", .webViewPermissionHandler, scope: "iOS 15+ WKWebView",
            summary: "the app's WKUIDelegate media-capture decision (requestMediaCapturePermissionFor) returned .deny for this origin",
            check: "AVCaptureDevice.authorizationStatus(for: .video) is .authorized: then the delegate denied it (breakpoint in requestMediaCapturePermissionFor)",
            remedy: .cameraGrant, source: PlatformSource.wkMediaCaptureDelegate,
            applies: { $0.family == .ios && $0.platform.isAppWebView && $0.wrapper != .reactNativeWebView && ($0.osVersion.map { $0 >= Version([15]) } ?? true) },
            weigh: weighWebViewLayerDenial),
        KnownCause("rn.ios.camera.grant-type-denied", .webViewSetting, scope: "react-native-webview on iOS 15+",
            summary: "react-native-webview's mediaCapturePermissionGrantType denied it (\"deny\", or a same-host value while the page's host differs from the WebView's)",
            check: "AVCaptureDevice.authorizationStatus(for: .video) is .authorized (react-native-permissions check(PERMISSIONS.IOS.CAMERA) is \"granted\"): then the prop denied it",
            remedy: rnGrantType, source: PlatformSource.rnMediaCaptureGrantType,
            applies: { $0.family == .ios && $0.wrapper == .reactNativeWebView && ($0.osVersion.map { $0 >= Version([15]) } ?? true) },
            weigh: weighWebViewLayerDenial),
        KnownCause("ios.camera.settings-denied", .osPermission, scope: "iOS WKWebView, every wrapper",
            summary: "the app's camera access is off in Settings (or restricted): WebKit checks it before it asks the delegate and denies at once, with no prompt",
            check: "AVCaptureDevice.authorizationStatus(for: .video) is .denied or .restricted; Settings › the app › Camera",
            remedy: iosSettingsDenial, source: PlatformSource.webKitPermissionOrder,
            ruledOutBy: [
                Contradiction(.cameraPermission, "camera.permission was granted before the request: the app's camera access is on") { r in r.string("stateBefore") == "granted" },
            ] + cameraOpened,
            applies: { $0.family == .ios && $0.platform.isAppWebView },
            weigh: { e in
                if e.fastWithoutPrompt {
                    return .likely("\(e.denialWords): WebKit denies as fast when the OS authorization is denied, before the delegate is asked")
                }
                if e.permissionStateBefore == "denied" {
                    return .likely("the permission state was denied before the request")
                }
                return .possible("a denial in Settings gives NotAllowedError too", against: "\(e.denialWords): a person had time to answer a prompt")
            }),
        KnownCause("android.camera.no-permission-handler", .webViewPermissionHandler, scope: "Android WebView with the platform WebChromeClient; flutter_inappwebview, webview_flutter and .NET MAUI without their permission callback (docs/wrappers.md)",
            summary: "the WebView's permission handler does not grant RESOURCE_VIDEO_CAPTURE: WebChromeClient.onPermissionRequest is not overridden (the default denies) or denies this origin",
            check: "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA) is PERMISSION_GRANTED: then the handler denied it (log in onPermissionRequest)",
            remedy: .cameraGrant, source: PlatformSource.androidOnPermissionRequest,
            applies: { $0.family == .android && $0.platform.isAppWebView && ($0.wrapper.map(Self.deniesWithoutCallback.contains) ?? true) },
            weigh: weighWebViewLayerDenial),
        cameraPermissionMissing("android.camera.no-runtime-permission", scope: "Android WebView, every wrapper",
            summary: "the app does not hold the CAMERA runtime permission (not declared in the manifest, not requested, or refused): a WebView grant alone does not open the camera",
            check: "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA) (adb shell dumpsys package <app> | grep CAMERA)",
            remedy: androidRuntimeCamera,
            // The WebView fails a granted request when the app lacks CAMERA (the cordova-android
            // thread); .NET MAUI's documented handler checks it before granting for that reason.
            source: PlatformSource.cordovaGrantWithoutRuntime,
            applies: { $0.family == .android && $0.platform.isAppWebView && $0.wrapper != .cordova && $0.wrapper != .reactNativeWebView },
            weigh: weighRuntimePermissionDenial),
        cameraPermissionMissing("rn.android.camera.manifest", scope: "react-native-webview on Android",
            summary: "android.permission.CAMERA is missing from AndroidManifest.xml or was not granted: react-native-webview's onPermissionRequest then denies without a prompt",
            check: "AndroidManifest.xml declares android.permission.CAMERA; PermissionsAndroid.check(PERMISSIONS.CAMERA) is true",
            remedy: androidRuntimeCamera, source: PlatformSource.rnCameraManifest,
            applies: { $0.family == .android && $0.wrapper == .reactNativeWebView },
            weigh: weighRuntimePermissionDenial),
        KnownCause("rn.android.camera.no-handler", .webViewPermissionHandler, scope: "react-native-webview before 6.6 and React Native's old core WebView, on Android",
            summary: "the React Native WebView has no onPermissionRequest (react-native-webview before 6.6, or React Native's removed core WebView), so Android's default denies",
            check: "the react-native-webview version in package.json is 6.6 or later",
            remedy: Remedy(reactNative: """
                // react-native-webview 6.6 or later answers onPermissionRequest;
                // request the CAMERA permission first
                // package.json: "react-native-webview": "^13.0.0"
                """, docs: Remedy.Docs(reactNative: WrapperCatalog.rnReference)),
            source: PlatformSource.rnNoPermissionHandler,
            applies: { $0.family == .android && $0.wrapper == .reactNativeWebView },
            weigh: { e in
                guard e.fastWithoutPrompt else { return nil }
                return .possible("\(e.denialWords)", against: "react-native-webview 6.6 and later answer the request")
            }),
        cameraPermissionMissing("cordova.android.grant-without-runtime", scope: "Cordova on Android",
            summary: "cordova-android grants the WebView request without asking for the CAMERA runtime permission, so the first request fails and later ones never settle",
            check: "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA); a second getUserMedia that hangs confirms it",
            remedy: cordovaRuntimeCamera, source: PlatformSource.cordovaGrantWithoutRuntime,
            applies: { $0.family == .android && $0.wrapper == .cordova },
            weigh: { e in .init(likelihood: e.isFast ? .conclusive : .likely, supporting: ["Cordova's handler grants every request, so a denial can only come from the OS permission", e.denialWords]) }),
        KnownCause("camera.person-denied", .osPermission, scope: "every app WebView and browser",
            summary: "the person answered a camera prompt with Don't Allow (the OS prompt for the app, or the WebView's prompt for the page)",
            check: "ask the person; on iOS AVCaptureDevice.authorizationStatus(for: .video), on Android checkSelfPermission(CAMERA), tells the OS answer from the WebView's",
            remedy: .osCameraPermission, source: PlatformSource.avAuthorization, context: .person,
            weigh: { e in
                if e.promptShown == true { return .likely("a prompt was shown before the denial") }
                if e.fastWithoutPrompt { return nil }  // No person answers a prompt this fast.
                return .likely("\(e.denialWords): a person had time to answer a prompt")
            }),
        KnownCause("browser.camera.site-setting", .osPermission, scope: "Safari, Chrome, desktop browsers",
            summary: "the browser denied it from a stored site setting (or the OS setting for the browser)",
            check: "the site's camera setting in the browser, and the OS camera permission of the browser app",
            remedy: .osCameraPermission, source: PlatformSource.mdnGetUserMediaErrors, context: .browser,
            applies: { !$0.platform.isAppWebView },
            weigh: { e in .init(likelihood: e.fastWithoutPrompt ? .likely : .possible, supporting: [e.denialWords]) }),
    ])

    /// The WebView's own handler refused: only a fast denial with no prompt fits.
    @Sendable static func weighWebViewLayerDenial(_ e: CauseEvidence) -> KnownCause.Weighing? {
        if e.promptShown == true { return nil }  // A prompt means the handler passed the request on.
        var against: [String] = []
        if e.permissionStateBefore == "denied" { against.append("the permission state was already denied before the request, which an OS denial gives too") }
        if e.fastWithoutPrompt {
            return .init(likelihood: against.isEmpty ? .likely : .possible, supporting: ["\(e.denialWords): no person answered, so a layer of the app refused"], against: against)
        }
        return .init(likelihood: .possible, supporting: ["no prompt was seen"], against: against + ["\(e.denialWords): slower than a handler's own denial"])
    }

    /// The app lacks Android's CAMERA runtime permission (`scope`: under which wrapper): the OS
    /// layer refuses whatever the WebView granted, and a camera that opened in this run rules it out.
    static func cameraPermissionMissing(
        _ id: String, scope: String, summary: String, check: String, remedy: Remedy, source: String,
        applies: @escaping @Sendable (CauseEvidence) -> Bool,
        weigh: @escaping @Sendable (CauseEvidence) -> KnownCause.Weighing?
    ) -> KnownCause {
        KnownCause(id, .osPermission, scope: scope, summary: summary, check: check, remedy: remedy, source: source, ruledOutBy: cameraOpened, applies: applies, weigh: weigh)
    }

    @Sendable static func weighRuntimePermissionDenial(_ e: CauseEvidence) -> KnownCause.Weighing? {
        if e.fastWithoutPrompt || e.permissionStateBefore == "denied" {
            return .likely("\(e.denialWords): a missing runtime permission fails as fast, with no prompt")
        }
        return .possible("without the runtime permission no grant opens the camera", against: "\(e.denialWords): a person had time to answer a prompt")
    }

    /// NotReadableError (TrackStartError in old Chromium).
    static let cameraNotReadable = camera("camera.not-readable", "getUserMedia rejected with NotReadableError: permission was given, the camera did not start", [
        KnownCause("camera.busy", .device, scope: "every engine",
            summary: "the camera is busy: another app (or the app's own native camera session) holds it",
            check: "close every other app that uses the camera and the app's native camera screens, then run the step again: a grant then points here",
            remedy: Remedy(
                iosSwift: """
                    // Stop any AVCaptureSession of the app before the page asks
                    // for the camera
                    captureSession.stopRunning()
                    """,
                androidKotlin: """
                    // Release any android.hardware.Camera/CameraX use of the app
                    // before the page asks for the camera
                    cameraProvider.unbindAll()
                    """,
                reactNative: """
                    // Unmount native camera components (react-native-vision-camera,
                    // expo-camera) before the page asks for the camera
                    showNativeCamera ? <Camera device={device} isActive /> : <WebView />
                    """,
                docs: Remedy.Docs(
                    ios: "https://developer.apple.com/documentation/avfoundation/avcapturesession/stoprunning()",
                    android: "https://developer.android.com/reference/androidx/camera/lifecycle/ProcessCameraProvider#unbindAll()",
                    reactNative: "https://react-native-vision-camera.com/docs/guides/lifecycle")),
            source: PlatformSource.notReadableInUse, context: .device,
            weigh: .likely("Blink and WebKit report a camera they cannot open as NotReadableError")),
        KnownCause("camera.start-failure", .device, scope: "every engine",
            summary: "the OS or the camera driver failed to start the camera (a hardware or OS-level error)",
            check: "open the system camera app: if it fails too, restart the device",
            remedy: nil, source: PlatformSource.blinkUserMediaErrors, context: .device,
            weigh: .likely("NotReadableError is also a device that failed to start")),
    ])

    /// NotFoundError, OverconstrainedError.
    static let cameraNotFound = camera("camera.not-found", "getUserMedia rejected with NotFoundError (or OverconstrainedError)", [
        KnownCause("camera.no-device", .device, scope: "every engine",
            summary: "the device has no usable camera (an emulator or simulator without one configured counts)",
            check: "camera.devices: no video input listed; on an emulator, set a camera in the AVD's advanced settings; the iOS Simulator has none",
            remedy: nil, source: PlatformSource.mdnGetUserMediaErrors,
            ruledOutBy: cameraOpened, context: .device,
            applies: { $0.errorName != "OverconstrainedError" },
            weigh: { e in
                let inputs = max(e.observed(.cameraDevices, "videoInputsBefore")?.intValue ?? -1, e.observed(.cameraDevices, "videoInputsAfter")?.intValue ?? -1)
                if inputs == 0 { return .conclusive("camera.devices listed no video input") }
                if inputs > 0 { return .possible("NotFoundError", against: "camera.devices listed \(inputs) video input(s)") }
                return .likely("NotFoundError: no device matched {video: true}")
            }),
        KnownCause("page.overconstrained", .page, scope: "every engine",
            summary: "the constraints asked for a camera the device does not have",
            check: "the page asks {video: true} only; an OverconstrainedError names the constraint",
            remedy: nil, source: PlatformSource.mdnGetUserMediaErrors,
            applies: { $0.errorName == "OverconstrainedError" },
            weigh: .likely("OverconstrainedError")),
    ])

    /// Any other error name (InvalidStateError, NotSupportedError, an engine's own): the web
    /// platform names each way getUserMedia fails, and none of these is a layer's denial or a
    /// missing or busy camera, so no setting of the app is the cause.
    static let cameraOtherError = camera("camera.other-error", "getUserMedia rejected with an error that is neither a denial, a missing or busy camera, nor a timeout", [
        KnownCause("camera.engine-error", .device, scope: "every engine",
            summary: "the engine could not start the camera for the reason its error names: getUserMedia rejects with a named DOMException for each way it fails (InvalidStateError: the document is not fully active; NotSupportedError: the request cannot be met in this context), and an older engine with a name of its own",
            check: "the error's name and message against getUserMedia's listed exceptions; the same page in the device's browser: if it opens the camera there, the WebView's engine is the one that fails",
            remedy: nil, source: PlatformSource.mdnGetUserMediaErrors, context: .webPlatform,
            weigh: { e in .likely("getUserMedia failed with \(e.errorName ?? "an unnamed error")") }),
    ])

    /// The page's own TimeoutError: the promise never settled.
    static let cameraUnanswered = camera("camera.unanswered", "getUserMedia never settled (the page's TimeoutError)", [
        KnownCause("handler.never-answers", .webViewPermissionHandler, scope: "every app WebView",
            summary: "the request was never answered: the host's permission handler kept it without deciding (Android: neither grant() nor deny(); iOS: the decisionHandler never called)",
            check: "log in onPermissionRequest / requestMediaCapturePermissionFor: every path must grant or deny",
            remedy: .cameraGrant, source: PlatformSource.androidOnPermissionRequest,
            applies: { $0.platform.isAppWebView },
            weigh: .likely("the request was neither granted nor denied")),
        KnownCause("cordova.android.pending-after-failure", .osPermission, scope: "Cordova on Android (and handlers that grant without the CAMERA runtime permission)",
            summary: "the WebView was granted the camera without the CAMERA runtime permission once; later requests stay pending until the WebView is recreated",
            check: "ContextCompat.checkSelfPermission(context, Manifest.permission.CAMERA); restart the app after granting it",
            remedy: androidRuntimeCamera, source: PlatformSource.cordovaGrantWithoutRuntime,
            applies: { $0.family == .android && $0.platform.isAppWebView },
            weigh: { e in .init(likelihood: e.wrapper == .cordova ? .likely : .possible, supporting: e.wrapper == .cordova ? ["Cordova grants without the runtime permission"] : ["a pending request is what the cordova-android thread saw"]) }),
    ])

    /// navigator.mediaDevices.getUserMedia missing.
    static let cameraAPIMissing = Symptom(id: "camera.api-missing", probes: [.cameraApi], observation: "navigator.mediaDevices.getUserMedia does not exist", causes: [
        KnownCause("page.insecure-context", .page, scope: "every engine",
            summary: "the page is not a secure context, and mediaDevices exists in secure contexts only",
            check: "env.secureContext: isSecureContext", remedy: .secureContext, source: PlatformSource.mdnSecureContext,
            applies: { $0.observed(.envSecureContext, "isSecureContext")?.boolValue == false },
            weigh: .conclusive("env.secureContext saw an insecure context")),
        KnownCause("ios.camera.before-14.3", .device, scope: "iOS before 14.3",
            summary: "WKWebView has no getUserMedia before iOS 14.3",
            check: "the iOS version (env.platform)", remedy: .updateOS, source: PlatformSource.wkWebViewGetUserMedia,
            applies: { $0.family == .ios && ($0.osVersion.map { $0 < Version([14, 3]) } ?? false) },
            weigh: { e in .init(likelihood: .conclusive, supporting: ["iOS \(e.osVersion.map { "\($0)" } ?? "?")"]) }),
        // WebKit turns navigator.mediaDevices off for an app that may capture neither video nor
        // audio, which on iOS means an Info.plist with neither usage description
        // (WebPreferences::platformInitializeStore; UserMediaPermissionRequestManagerProxy's
        // checkUsageDescriptionStringForType): https://github.com/WebKit/WebKit/blob/9def6e6f0258ddd9171d32bec2fffb684dbc7b8b/Source/WebKit/UIProcess/Cocoa/WebPreferencesCocoa.mm#L142
        KnownCause("ios.no-capture-usage-descriptions", .osPermission, scope: "iOS 14.3+ WKWebView, every wrapper",
            summary: "the app's Info.plist has neither NSCameraUsageDescription nor NSMicrophoneUsageDescription, so WebKit turns navigator.mediaDevices off for every page of the app",
            check: "the app's Info.plist (Xcode › the target › Info) has NSCameraUsageDescription",
            remedy: usageDescriptionRemedy, source: PlatformSource.webKitMediaDevicesNeedUsageDescription,
            applies: { e in e.family == .ios && e.platform.isAppWebView && e.observed(.envSecureContext, "isSecureContext")?.boolValue != false
                && !(e.osVersion.map { $0 < Version([14, 3]) } ?? false) },
            weigh: { e in
                e.observed(.cameraApi, "mediaDevices")?.boolValue == false
                    ? .likely("navigator.mediaDevices itself is absent, as WebKit leaves it without a usage description")
                    : .possible("getUserMedia is absent", against: "navigator.mediaDevices exists, which WebKit removes whole")
            }),
        KnownCause("webview.no-media-streams", .webViewSetting, scope: "every app WebView",
            summary: "the WebView build lacks media capture, or the host turned media streams off",
            check: "open the page in the system browser of the same device: if getUserMedia exists there, the host's WebView configuration removes it",
            remedy: .updateOS, source: PlatformSource.mdnGetUserMediaErrors,
            applies: { e in e.observed(.envSecureContext, "isSecureContext")?.boolValue != false && !(e.family == .ios && (e.osVersion.map { $0 < Version([14, 3]) } ?? false)) },
            // On iOS 14.3+ every WKWebView has the API unless the app lacks the usage
            // descriptions: a build without it, or a switch an app can turn, is the Android case.
            weigh: { e in e.family == .ios ? .possible("a secure context on a version that has the API") : .likely("a secure context on a version that has the API") }),
    ])

    /// enumerateDevices listed no video input.
    static let cameraNoDevices = Symptom(id: "camera.no-devices", probes: [.cameraDevices], observation: "enumerateDevices listed no video input", causes: [
        KnownCause("camera.no-device", .device, scope: "every engine",
            summary: "the device has no camera (an emulator or simulator without one configured counts)",
            check: "the system camera app; the AVD's camera setting", remedy: nil, source: PlatformSource.mdnGetUserMediaErrors,
            ruledOutBy: cameraOpened, context: .device,
            weigh: .likely("no video input before or after the request")),
        KnownCause("camera.not-yet-permitted", .osPermission, scope: "every engine",
            summary: "the engine hides devices until the camera is permitted, and it never was",
            check: "camera.getUserMedia: a denial there explains the empty list",
            remedy: .osCameraPermission, source: PlatformSource.enumerateDevices, context: .webPlatform,
            weigh: { e in
                let outcome = e.observed(.cameraGetUserMedia, "outcome")?.stringValue
                if outcome == "granted" { return .init(likelihood: .possible, against: ["camera.getUserMedia was granted"]) }
                return .init(likelihood: outcome == "error" ? .likely : .possible, supporting: outcome == "error" ? ["camera.getUserMedia was refused too"] : [])
            }),
    ])
}
