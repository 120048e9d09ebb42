// probe-server host report for a Capacitor app, iOS side — docs/host-report.md.
//
// A local Capacitor plugin named ProbeHost with one method, report. Capacitor's iOS bridge
// defines Capacitor.Plugins.ProbeHost.report in every top-level page it shows (its plugin
// JavaScript is a main-frame WKUserScript at document start, JSExport.exportJS:
// https://github.com/ionic-team/capacitor/blob/8.4.2/ios/Capacitor/Capacitor/JSExport.swift),
// so the probe page finds it without @capacitor/core and calls
// Capacitor.Plugins.ProbeHost.report(request); the call resolves with {report: json}.
//
// Where it goes: in a debug build, in ios/App/App/, with the view controller that registers it
// (Main.storyboard's view controller set to this class instead of CAPBridgeViewController):
//
//     class ProbeViewController: CAPBridgeViewController {
//         override open func capacitorDidLoad() {
//             bridge?.registerPluginInstance(ProbeHostPlugin())
//         }
//     }
//
// with the probe server's origin in capacitor.config's plugins section, read with getConfig():
//
//     plugins: { ProbeHost: { probeOrigin: 'https://192.168.1.23:8443' } }
//
// and the probe page opened in the app's WebView (server.url in capacitor.config, or a
// navigation the app allows with server.allowNavigation).
//
// Capacitor's iOS bridge cannot tell frames apart: its script message handler turns any
// frame's message into a plugin call and drops the message's frameInfo
// (WebViewDelegationHandler.userContentController(_:didReceive:),
// https://github.com/ionic-team/capacitor/blob/8.4.2/ios/Capacitor/Capacitor/WebViewDelegationHandler.swift),
// so a CAPPluginCall is not told who called. What it does: the call's result goes back by
// evaluateJavaScript, which runs in the main frame only (window.Capacitor.fromNative), so a
// frame never reads the report. The strongest check left is the top page's origin: it answers
// only when the page the WebView shows is on the probe server's origin (scheme, host and port
// of probeOrigin); for any other page the call is rejected, which the page takes as no answer.
//
// APIs:
//   Capacitor local plugins (CAPPlugin, CAPBridgedPlugin, CAPPluginMethod, capacitorDidLoad,
//   registerPluginInstance)          https://capacitorjs.com/docs/ios/custom-code
//   CAPPluginCall.resolve / reject, bridge, getConfig https://capacitorjs.com/docs/plugins/ios
//   WKWebView.url                    https://developer.apple.com/documentation/webkit/wkwebview/url
//   WKWebViewConfiguration           https://developer.apple.com/documentation/webkit/wkwebviewconfiguration
//   WKWebpagePreferences.allowsContentJavaScript https://developer.apple.com/documentation/webkit/wkwebpagepreferences/allowscontentjavascript
//   WKWebsiteDataStore.isPersistent  https://developer.apple.com/documentation/webkit/wkwebsitedatastore/ispersistent
//   WKUIDelegate media capture       https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:requestmediacapturepermissionfor:initiatedbyframe:type:decisionhandler:)
//   Bundle.object(forInfoDictionaryKey:) https://developer.apple.com/documentation/foundation/bundle/object(forinfodictionarykey:)
//   AVCaptureDevice.authorizationStatus(for:) https://developer.apple.com/documentation/avfoundation/avcapturedevice/authorizationstatus(for:)
//   PHPhotoLibrary.authorizationStatus(for:) https://developer.apple.com/documentation/photokit/phphotolibrary/authorizationstatus(for:)

import AVFoundation
import Capacitor
import Photos
import WebKit

@available(iOS 14.0, *)  // allowsContentJavaScript, PHAccessLevel
@objc(ProbeHostPlugin)
public class ProbeHostPlugin: CAPPlugin, CAPBridgedPlugin {
    public let identifier = "ProbeHostPlugin"
    public let jsName = "ProbeHost"
    public let pluginMethods: [CAPPluginMethod] = [CAPPluginMethod(name: "report", returnType: CAPPluginReturnPromise)]

    @objc func report(_ call: CAPPluginCall) {
        // Plugin methods run on a queue of Capacitor's; the WebView is read on the main thread.
        DispatchQueue.main.async {
            guard let webView = self.bridge?.webView, let page = webView.url, self.sameOrigin(page) else {
                return call.reject("not the probe server's page")
            }
            call.resolve(["report": self.report(webView)])
        }
    }

    private func sameOrigin(_ page: URL) -> Bool {
        guard let probeOrigin = getConfig().getString("probeOrigin").flatMap(URL.init(string:)) else { return false }
        let port = { (url: URL) in url.port ?? (url.scheme == "https" ? 443 : 80) }
        return page.scheme == probeOrigin.scheme && page.host == probeOrigin.host && port(page) == port(probeOrigin)
    }

    private func fact(_ value: Any?, _ how: String) -> [String: Any] { ["value": value ?? NSNull(), "how": how] }

    private func authorization(_ status: AVAuthorizationStatus) -> String {
        switch status {
        case .authorized: return "authorized"
        case .denied: return "denied"
        case .restricted: return "restricted"
        case .notDetermined: return "not-determined"
        @unknown default: return "not-determined"
        }
    }

    private func authorization(_ status: PHAuthorizationStatus) -> String {
        switch status {
        case .authorized: return "authorized"
        case .limited: return "limited"
        case .denied: return "denied"
        case .restricted: return "restricted"
        case .notDetermined: return "not-determined"
        @unknown default: return "not-determined"
        }
    }

    func report(_ webView: WKWebView) -> String {
        let configuration = webView.configuration
        let info = Bundle.main
        // The media-capture decision exists from iOS 15; before it, WebKit always prompts.
        var mediaCaptureHandler = false
        if #available(iOS 15.0, *) {
            mediaCaptureHandler = webView.uiDelegate?.responds(to: #selector(WKUIDelegate.webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:))) ?? false
        }
        var userAction: [String] = []
        if configuration.mediaTypesRequiringUserActionForPlayback.contains(.audio) { userAction.append("audio") }
        if configuration.mediaTypesRequiringUserActionForPlayback.contains(.video) { userAction.append("video") }
        let app = [info.bundleIdentifier, info.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String].compactMap { $0 }.joined(separator: " ")
        let facts: [String: Any] = [
            "cameraAuthorization": fact(authorization(AVCaptureDevice.authorizationStatus(for: .video)), "AVCaptureDevice.authorizationStatus(for: .video)"),
            "photosAuthorization": fact(authorization(PHPhotoLibrary.authorizationStatus(for: .readWrite)), "PHPhotoLibrary.authorizationStatus(for: .readWrite)"),
            "cameraUsageDescription": fact(info.object(forInfoDictionaryKey: "NSCameraUsageDescription"), "Bundle.main.object(forInfoDictionaryKey: \"NSCameraUsageDescription\")"),
            "photoLibraryUsageDescription": fact(info.object(forInfoDictionaryKey: "NSPhotoLibraryUsageDescription"), "Bundle.main.object(forInfoDictionaryKey: \"NSPhotoLibraryUsageDescription\")"),
            "microphoneUsageDescription": fact(info.object(forInfoDictionaryKey: "NSMicrophoneUsageDescription"), "Bundle.main.object(forInfoDictionaryKey: \"NSMicrophoneUsageDescription\")"),
            // Capacitor's own WKUIDelegate (WebViewDelegationHandler) unless the app replaced it.
            "uiDelegate": fact(webView.uiDelegate != nil, "bridge.webView.uiDelegate != nil"),
            "mediaCaptureHandler": fact(mediaCaptureHandler, "bridge.webView.uiDelegate?.responds(to: #selector(WKUIDelegate.webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)))"),
            "javaScriptEnabled": fact(configuration.defaultWebpagePreferences.allowsContentJavaScript, "bridge.webView.configuration.defaultWebpagePreferences.allowsContentJavaScript"),
            "allowsInlineMediaPlayback": fact(configuration.allowsInlineMediaPlayback, "bridge.webView.configuration.allowsInlineMediaPlayback"),
            "mediaTypesRequiringUserActionForPlayback": fact(userAction, "bridge.webView.configuration.mediaTypesRequiringUserActionForPlayback"),
            "dataStorePersistent": fact(configuration.websiteDataStore.isPersistent, "bridge.webView.configuration.websiteDataStore.isPersistent"),
        ]
        let report: [String: Any] = [
            "schema": "probe-server.host-report/1",
            "host": ["platform": "ios", "wrapper": "capacitor", "app": app],
            "facts": facts,
        ]
        // Every value above is a string, a Bool, an array of strings or NSNull: always valid JSON.
        let data = try! JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
