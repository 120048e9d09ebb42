/// Where each wrapper's knowledge comes from: its data file, embedded in the module by
/// SwiftPM (`resources: [.embedInCode(…)]` in Package.swift, so the server binary needs no
/// file at run time), and its fixes in Swift. A file that does not read, or a row whose fix
/// points at nothing, stops the program the first time the catalog is used, with a message
/// naming the file, the row and the field (WrapperDataTests runs it on every file).
extension WrapperCatalog {
    /// Every wrapper's data file, read and checked once.
    static let files: [WrapperDataFile] = Wrapper.allCases.map(loadFile)

    public static func settings(_ wrapper: Wrapper) -> [WrapperSettingRow] {
        files[Wrapper.allCases.firstIndex(of: wrapper)!].settings
    }

    /// The embedded bytes of <wrapper>/<wrapper>.json (SwiftPM names the constant after the file).
    static func embeddedJSON(_ wrapper: Wrapper) -> [UInt8] {
        switch wrapper {
        case .nativeIOS: return PackageResources.native_ios_json
        case .nativeAndroid: return PackageResources.native_android_json
        case .reactNativeWebView: return PackageResources.react_native_webview_json
        case .webviewFlutter: return PackageResources.webview_flutter_json
        case .flutterInAppWebView: return PackageResources.flutter_inappwebview_json
        case .capacitor: return PackageResources.capacitor_json
        case .cordova: return PackageResources.cordova_json
        case .maui: return PackageResources.maui_json
        }
    }

    /// The wrapper's fixes in its own API (<wrapper>/Wrappers+<Name>.swift).
    static func fixes(_ wrapper: Wrapper) -> [WrapperFix] {
        switch wrapper {
        case .nativeIOS: return nativeIOSFixes
        case .nativeAndroid: return nativeAndroidFixes
        case .reactNativeWebView: return reactNativeFixes
        case .webviewFlutter: return webviewFlutterFixes
        case .flutterInAppWebView: return flutterInAppWebViewFixes
        case .capacitor: return capacitorFixes
        case .cordova: return cordovaFixes
        case .maui: return mauiFixes
        }
    }

    static func loadFile(_ wrapper: Wrapper) -> WrapperDataFile {
        do {
            return try readFile(wrapper, json: embeddedJSON(wrapper), vocabulary: .standard)
        } catch {
            preconditionFailure("Sources/ProbeCatalog/Wrappers/\(wrapper.rawValue)/\(error)")
        }
    }

    /// The file read and checked against the wrapper it is named for.
    static func readFile(_ wrapper: Wrapper, json: [UInt8], vocabulary: WrapperDataVocabulary) throws -> WrapperDataFile {
        let name = "\(wrapper.rawValue).json"
        let file = try WrapperDataFile(json: json, named: name, vocabulary: vocabulary)
        guard file.wrapper == wrapper else {
            throw WrapperDataError(description: "\(name): \"wrapper\" is \"\(file.wrapper.rawValue)\", not \"\(wrapper.rawValue)\"")
        }
        return file
    }

    static func loadProfile(_ wrapper: Wrapper) -> WrapperProfile {
        let file = files[Wrapper.allCases.firstIndex(of: wrapper)!]
        let profile = WrapperProfile(file, fixes: fixes(wrapper))
        if let unresolved = profile.unresolvedFix(file.settings) {
            preconditionFailure("Sources/ProbeCatalog/Wrappers/\(wrapper.rawValue)/\(unresolved)")
        }
        return profile
    }
}

extension WrapperProfile {
    init(_ file: WrapperDataFile, fixes: [WrapperFix]) {
        self.init(wrapper: file.wrapper, minimumVersions: file.minimumVersions, home: file.home, detection: file.detection, defaults: file.defaults,
                  fixes: fixes, checklistTab: file.checklistTab, checklistMapping: file.checklistMapping)
    }

    /// The first row whose fix leads nowhere: a wrapper fix the profile lacks for the row's
    /// platform, or a remedy without a line in this wrapper's language.
    func unresolvedFix(_ rows: [WrapperSettingRow]) -> WrapperDataError? {
        for (index, row) in rows.enumerated() where code(row) == nil {
            let target: String
            switch row.fix {
            case .wrapperFix(let setting): target = "no \(wrapper.rawValue) fix for \"\(setting.rawValue)\" on \(row.family?.rawValue ?? "both platforms"): add it to the wrapper's fixes (\(wrapper.rawValue)/Wrappers+<Name>.swift) or name another fix"
            case .remedy(let name, _): target = "remedy \"\(name)\" has no line in \(wrapper.title)'s language"
            case .code: continue // the row's own code always leads somewhere
            }
            return WrapperDataError(description: "\(wrapper.rawValue).json row \(index + 1) (\(row.id)): the fix points at nothing: \(target)")
        }
        return nil
    }
}
