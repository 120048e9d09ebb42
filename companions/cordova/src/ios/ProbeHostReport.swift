// probe-server host report for a Cordova app, cordova-ios side — docs/host-report.md.
//
// A CDVPlugin that loads at startup (plugin.xml: <param name="onload" value="true" />) and adds
// a script message handler named probe, with a reply, to the user content controller of the
// app's WKWebView; the probe page posts its request to window.webkit.messageHandlers.probe and
// takes the promise's value. The probe origin is the plugin variable PROBE_ORIGIN (config.xml's
// ProbeOrigin preference). See ../../plugin.xml for where it goes. cordova-ios 8 (the Cordova
// module, CDVSettingsDictionary).
//
// It answers only in a DEBUG build and only to the main frame of a page on the probe server's
// origin (scheme, host and port); any other page gets no answer. It answers through the
// handler's reply, not evaluateJavaScript, which WebKit runs as a user gesture.
//
// APIs:
//   CDVPlugin (pluginInitialize, webView, commandDelegate.settings)
//     https://cordova.apache.org/docs/en/latest/guide/platforms/ios/plugin.html
//   CDVSettingsDictionary.cordovaSetting(forKey:)
//     https://github.com/apache/cordova-ios/blob/rel/8.1.0/CordovaLib/include/Cordova/CDVSettingsDictionary.h
//   WKUserContentController.addScriptMessageHandler(_:contentWorld:name:) https://developer.apple.com/documentation/webkit/wkusercontentcontroller/addscriptmessagehandler(_:contentworld:name:)
//   WKScriptMessageHandlerWithReply  https://developer.apple.com/documentation/webkit/wkscriptmessagehandlerwithreply
//   WKScriptMessage.frameInfo        https://developer.apple.com/documentation/webkit/wkscriptmessage/frameinfo
//   WKWebViewConfiguration           https://developer.apple.com/documentation/webkit/wkwebviewconfiguration
//   WKWebpagePreferences.allowsContentJavaScript https://developer.apple.com/documentation/webkit/wkwebpagepreferences/allowscontentjavascript
//   WKWebsiteDataStore.isPersistent  https://developer.apple.com/documentation/webkit/wkwebsitedatastore/ispersistent
//   WKUIDelegate media capture       https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:requestmediacapturepermissionfor:initiatedbyframe:type:decisionhandler:)
//   Bundle.object(forInfoDictionaryKey:) https://developer.apple.com/documentation/foundation/bundle/object(forinfodictionarykey:)
//   AVCaptureDevice.authorizationStatus(for:) https://developer.apple.com/documentation/avfoundation/avcapturedevice/authorizationstatus(for:)
//   PHPhotoLibrary.authorizationStatus(for:) https://developer.apple.com/documentation/photokit/phphotolibrary/authorizationstatus(for:)

import AVFoundation
import Cordova
import Photos
import WebKit

@available(iOS 14.0, *)  // WKScriptMessageHandlerWithReply, allowsContentJavaScript, PHAccessLevel
@objc(ProbeHostReport)
final class ProbeHostReport: CDVPlugin, WKScriptMessageHandlerWithReply {
    private var probeOrigin: URL?

    override func pluginInitialize() {
        #if DEBUG
        guard let webView = webView as? WKWebView,
              let origin = commandDelegate.settings.cordovaSetting(forKey: "ProbeOrigin") as? String else { return }
        probeOrigin = URL(string: origin)
        webView.configuration.userContentController.addScriptMessageHandler(self, contentWorld: .page, name: "probe")
        #endif
    }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage,
                               replyHandler: @escaping (Any?, String?) -> Void) {
        // The page's end-of-run summary arrives on the same handler: answer requests only.
        guard let body = message.body as? [String: Any], body["type"] as? String == "host-report-request" else {
            return replyHandler(nil, nil)
        }
        // Only the probe server's page: the frame that asks must be on its origin.
        let origin = message.frameInfo.securityOrigin
        // WKSecurityOrigin.port is 0 for the scheme's default port.
        guard message.frameInfo.isMainFrame, let probeOrigin, origin.protocol == probeOrigin.scheme, origin.host == probeOrigin.host,
              (origin.port == 0 ? 443 : origin.port) == (probeOrigin.port ?? 443), let webView = webView as? WKWebView
        else { return replyHandler(nil, nil) }
        replyHandler(report(webView), nil)
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
            // cordova-ios's own WKUIDelegate (CDVWebViewUIDelegate) unless the app replaced it.
            "uiDelegate": fact(webView.uiDelegate != nil, "(plugin.webView as WKWebView).uiDelegate != nil"),
            "mediaCaptureHandler": fact(mediaCaptureHandler, "(plugin.webView as WKWebView).uiDelegate?.responds(to: #selector(WKUIDelegate.webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)))"),
            "javaScriptEnabled": fact(configuration.defaultWebpagePreferences.allowsContentJavaScript, "(plugin.webView as WKWebView).configuration.defaultWebpagePreferences.allowsContentJavaScript"),
            "allowsInlineMediaPlayback": fact(configuration.allowsInlineMediaPlayback, "(plugin.webView as WKWebView).configuration.allowsInlineMediaPlayback"),
            "mediaTypesRequiringUserActionForPlayback": fact(userAction, "(plugin.webView as WKWebView).configuration.mediaTypesRequiringUserActionForPlayback"),
            "dataStorePersistent": fact(configuration.websiteDataStore.isPersistent, "(plugin.webView as WKWebView).configuration.websiteDataStore.isPersistent"),
        ]
        let report: [String: Any] = [
            "schema": "probe-server.host-report/1",
            "host": ["platform": "ios", "wrapper": "cordova", "app": app],
            "facts": facts,
        ]
        // Every value above is a string, a Bool, an array of strings or NSNull: always valid JSON.
        let data = try! JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
