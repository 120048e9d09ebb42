/// A failing finding read against the detected wrapper: the wrapper's default is named when
/// it explains the result, and the remedy carries every wrapper's fix for the setting, the
/// detected wrapper's first (reports show it and fold the others).
struct WrapperJudgement {
    let detection: WrapperDetection
    let family: Platform.Family
    let setting: WrapperSetting
    let probe: ProbeID

    init?(platform: DetectedPlatform, probe: ProbeID) {
        guard platform.platform.isAppWebView, let detection = platform.wrapperDetection,
              let setting = WrapperSetting.of(probe: probe) else { return nil }
        self.detection = detection
        self.family = platform.platform.family
        self.setting = setting
        self.probe = probe
    }

    /// The detected wrapper's default that fails this probe by itself, if any.
    var explainingDefault: WrapperDefault? {
        if detection.inAppBrowser, family == .android, setting == .cameraOrigin {
            return WrapperDefault(setting: .cameraOrigin, family: .android,
                                  behaviour: "cordova-plugin-inappbrowser's InAppChromeClient.onPermissionRequest grants every requested resource to every origin",
                                  source: WrapperCatalog.inAppBrowserChromeClient, fails: setting.probes)
        }
        // The wrapper's defaults are its main WebView's, not the plugin's own.
        guard !detection.inAppBrowser else { return nil }
        return WrapperCatalog.profile(detection.wrapper).defaults(setting, family: family).first { $0.fails.contains(probe) }
    }

    /// The diagnosis with the wrapper's default named; a native app's diagnosis already
    /// speaks of the platform's defaults.
    func diagnosis(_ diagnosis: String?) -> String? {
        guard !detection.wrapper.isNative, let known = explainingDefault else { return diagnosis }
        let note = "\(detection.wrapper.title) default, which this app did not override: \(known.behaviour) (\(known.source)); "
            + "the fix below is in \(detection.wrapper.title)'s own API."
        guard let diagnosis, !diagnosis.isEmpty else { return note }
        return diagnosis + " " + note
    }

    /// The remedy's fixes for this setting: the detected wrapper's first, then every other
    /// wrapper on this platform in catalog order. A native or React Native wrapper's fix is the
    /// finding's own line (it names the exact call); a wrapper's platform-specific fix in the
    /// catalog wins over it (react-native-webview's grant type does nothing on Android).
    func remedy(_ remedy: Remedy?) -> Remedy {
        let others = Wrapper.allCases.filter { $0 != detection.wrapper && $0.families.contains(family) }
        return Remedy(fixes: ([detection.wrapper] + others).flatMap { fixes(for: $0, remedy: remedy) })
    }

    func fixes(for wrapper: Wrapper, remedy: Remedy?) -> [WrapperFix] {
        let catalog = WrapperCatalog.profile(wrapper).fixes(setting, family: family)
        switch wrapper {
        case .nativeIOS, .nativeAndroid: break
        case .reactNativeWebView:
            if catalog.contains(where: { $0.family == family }) { return catalog.filter { $0.family == family } }
        default: return catalog
        }
        guard let own = remedy?.fix(wrapper, family: family), let first = catalog.first else { return catalog }
        return [WrapperFix(wrapper, setting, family: first.family, language: first.language,
                           docs: own.docs.isEmpty ? first.docs : own.docs, code: own.code)]
    }
}
