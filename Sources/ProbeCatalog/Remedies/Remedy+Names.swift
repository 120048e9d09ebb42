extension Remedy {
    /// The remedies a wrapper data file may name as a row's fix (`"fix": {"remedy": "autoplay"}`),
    /// by the name of their constant: a native or React Native row's fix is the remedy's line
    /// in that wrapper's language.
    static let byName: [String: Remedy] = [
        "autoplay": .autoplay, "bodyIntegrity": .bodyIntegrity, "cameraGrant": .cameraGrant, "cameraReacquire": .cameraReacquire,
        "captureAttribute": .captureAttribute, "cookies": .cookies, "customSchemes": .customSchemes,
        "domStorage": .domStorage, "fileCallbackOnCancel": .fileCallbackOnCancel, "fileChooser": .fileChooser,
        "flushCookies": Symptom.flushCookies, "renderProcessGone": Symptom.renderProcessGone,
        "webContentProcessTerminated": Symptom.webContentProcessTerminated, "newWindowTargetFrame": Symptom.newWindowTargetFrame, "fullScreenLayout": .fullScreenLayout, "inlineMedia": .inlineMedia,
        "javaScript": .javaScript,
        "loadErrors": .loadErrors, "mixedContent": .mixedContent, "mobileContentMode": .mobileContentMode, "osCameraPermission": .osCameraPermission,
        "persistentDataStore": .persistentDataStore, "platformUserAgent": .platformUserAgent, "strictOrigin": .strictOrigin,
        "thirdPartyCookies": .thirdPartyCookies, "updateOS": .updateOS, "windowOpen": .windowOpen,
        "returnUrl": .returnUrl,
    ]
}
