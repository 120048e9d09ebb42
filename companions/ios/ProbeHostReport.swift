// probe-server host report for a native iOS app (WKWebView) — docs/host-report.md.
//
// Where it goes: in a debug build, next to the code that creates the WKWebView that opens the
// probe page. Register it on the configuration before the WebView is created:
//
//     let report = ProbeHostReport(probeOrigin: URL(string: "https://192.168.1.23:8443")!)
//     configuration.userContentController.addScriptMessageHandler(report, contentWorld: .page, name: "probe")
//     let webView = WKWebView(frame: .zero, configuration: configuration)
//     report.webView = webView
//
// It answers only when the page the WebView shows is on the probe server's origin (scheme,
// host and port of `probeOrigin`); any other page gets no answer. It answers through the
// message handler's reply (WKScriptMessageHandlerWithReply, iOS 14+), not evaluateJavaScript,
// which WebKit runs as a user gesture.
//
// APIs (Apple documentation):
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
import Photos
import WebKit

@available(iOS 14.0, *)  // WKScriptMessageHandlerWithReply, allowsContentJavaScript, PHAccessLevel
final class ProbeHostReport: NSObject, WKScriptMessageHandlerWithReply {
    let probeOrigin: URL
    weak var webView: WKWebView?

    init(probeOrigin: URL) { self.probeOrigin = probeOrigin }

    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage,
                               replyHandler: @escaping (Any?, String?) -> Void) {
        // The page's end-of-run summary arrives on the same handler: answer requests only.
        guard let body = message.body as? [String: Any], body["type"] as? String == "host-report-request" else {
            return replyHandler(nil, nil)
        }
        // Only the probe server's page: the frame that asks must be on its origin.
        let origin = message.frameInfo.securityOrigin
        // WKSecurityOrigin.port is 0 for the scheme's default port.
        guard message.frameInfo.isMainFrame, origin.protocol == probeOrigin.scheme, origin.host == probeOrigin.host,
              (origin.port == 0 ? 443 : origin.port) == (probeOrigin.port ?? 443), let webView
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
            "uiDelegate": fact(webView.uiDelegate != nil, "webView.uiDelegate != nil"),
            "mediaCaptureHandler": fact(mediaCaptureHandler, "webView.uiDelegate?.responds(to: #selector(WKUIDelegate.webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)))"),
            "javaScriptEnabled": fact(configuration.defaultWebpagePreferences.allowsContentJavaScript, "configuration.defaultWebpagePreferences.allowsContentJavaScript"),
            "allowsInlineMediaPlayback": fact(configuration.allowsInlineMediaPlayback, "configuration.allowsInlineMediaPlayback"),
            "mediaTypesRequiringUserActionForPlayback": fact(userAction, "configuration.mediaTypesRequiringUserActionForPlayback"),
            "dataStorePersistent": fact(configuration.websiteDataStore.isPersistent, "configuration.websiteDataStore.isPersistent"),
        ]
        let report: [String: Any] = [
            "schema": "probe-server.host-report/1",
            "host": ["platform": "ios", "wrapper": "native", "app": app],
            "facts": facts,
        ]
        // Every value above is a string, a Bool, an array of strings or NSNull: always valid JSON.
        let data = try! JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
