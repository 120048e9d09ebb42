// The WebKit, UIKit, AVFoundation, Photos, Capacitor and Cordova API that the catalog's Swift
// snippets and the companions (companions/, Tests/remedies/companions.py) call,
// as declarations only (signatures from developer.apple.com and Capacitor's iOS source), so
// `swiftc -typecheck` can check the snippets on Linux. check.py builds this as the module
// WebKit; UIKit, AVFoundation and Capacitor (companions.py: also Photos, Cordova) are modules
// that re-export it. NSObject shadows Foundation's, which on Linux has no Objective-C message
// forwarding; for the same reason companions.py drops @objc and checks #selector(m) as
// _selector(m), which still resolves the method m names.
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif

public struct Selector {}
/// What companions.py checks `#selector(method)` as: the method reference must resolve.
public func _selector<T>(_ method: T) -> Selector { Selector() }
open class NSObject {
    public init() {}
    open func responds(to selector: Selector!) -> Bool { false }
    open func forwardingTarget(for selector: Selector!) -> Any? { nil }
}
/// NSObject is Hashable on Apple platforms (by identity unless isEqual(_:) is overridden).
extension NSObject: Hashable {
    public static func == (lhs: NSObject, rhs: NSObject) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

// MARK: WebKit
open class WKWebpagePreferences {
    public enum ContentMode: Int { case recommended, mobile, desktop }
    public var allowsContentJavaScript = true
    public var preferredContentMode: ContentMode = .recommended
}
open class WKHTTPCookieStore {
    open func setCookie(_ cookie: HTTPCookie, completionHandler: (@MainActor () -> Void)? = nil) {}
}
open class WKWebsiteDataStore {
    open class func `default`() -> WKWebsiteDataStore { WKWebsiteDataStore() }
    open class func nonPersistent() -> WKWebsiteDataStore { WKWebsiteDataStore() }
    open var httpCookieStore: WKHTTPCookieStore { WKHTTPCookieStore() }
    open var isPersistent: Bool { true }
}
public struct WKAudiovisualMediaTypes: OptionSet {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let audio = WKAudiovisualMediaTypes(rawValue: 1)
    public static let video = WKAudiovisualMediaTypes(rawValue: 2)
    public static let all = WKAudiovisualMediaTypes(rawValue: 3)
}
open class WKContentWorld { open class var page: WKContentWorld { WKContentWorld() } }
open class WKUserContentController {
    open func addScriptMessageHandler(_ scriptMessageHandlerWithReply: WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String) {}
}
open class WKWebViewConfiguration {
    public init() {}
    open var userContentController = WKUserContentController()
    open var defaultWebpagePreferences = WKWebpagePreferences()
    open var websiteDataStore = WKWebsiteDataStore.default()
    open var mediaTypesRequiringUserActionForPlayback: WKAudiovisualMediaTypes = .all
    open var allowsInlineMediaPlayback = false
    open var applicationNameForUserAgent: String?
}
open class WKSecurityOrigin {
    open var `protocol`: String { "" }
    open var host: String { "" }
    open var port: Int { 0 }
}
open class WKFrameInfo {
    open var isMainFrame: Bool { true }
    open var securityOrigin: WKSecurityOrigin { WKSecurityOrigin() }
}
open class WKScriptMessage {
    open var body: Any { "" }
    open var frameInfo: WKFrameInfo { WKFrameInfo() }
    open var name: String { "" }
}
public enum WKMediaCaptureType: Int { case camera, microphone, cameraAndMicrophone }
public enum WKPermissionDecision: Int { case prompt, grant, deny }
public enum WKNavigationActionPolicy: Int { case cancel, allow, download }
public enum WKNavigationResponsePolicy: Int { case cancel, allow, download }
open class WKNavigation {}
open class WKWindowFeatures {}
open class WKNavigationAction {
    open var request: URLRequest { URLRequest(url: URL(string: "about:blank")!) }
    open var targetFrame: WKFrameInfo? { nil }
}
open class WKNavigationResponse {
    public init(response: URLResponse) { self.response = response }
    open var response: URLResponse
    open var isForMainFrame: Bool { true }
}
// Objective-C protocols inherit NSObjectProtocol, which answers responds(to:).
public protocol NSObjectProtocol: AnyObject { func responds(to selector: Selector!) -> Bool }
extension NSObject: NSObjectProtocol {}
public protocol WKUIDelegate: NSObjectProtocol {}
// An optional requirement of the Objective-C protocol: a member, so #selector's method resolves.
extension WKUIDelegate {
    public func webView(_ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin, initiatedByFrame frame: WKFrameInfo,
                        type: WKMediaCaptureType, decisionHandler: @escaping (WKPermissionDecision) -> Void) {}
    // iOS 27.0+ (developer.apple.com/documentation/webkit/wkuidelegate/webview(_:requestgeolocationpermissionfor:initiatedbyframe:decisionhandler:))
    public func webView(_ webView: WKWebView, requestGeolocationPermissionFor origin: WKSecurityOrigin, initiatedByFrame frame: WKFrameInfo,
                        decisionHandler: @escaping (WKPermissionDecision) -> Void) {}
}
public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
                               replyHandler: @escaping (Any?, String?) -> Void)
}
public protocol WKNavigationDelegate: NSObjectProtocol {}
open class NSLayoutYAxisAnchor { open func constraint(equalTo anchor: NSLayoutYAxisAnchor) -> NSLayoutConstraint { NSLayoutConstraint() } }
open class NSLayoutXAxisAnchor { open func constraint(equalTo anchor: NSLayoutXAxisAnchor) -> NSLayoutConstraint { NSLayoutConstraint() } }
open class NSLayoutConstraint { open class func activate(_ constraints: [NSLayoutConstraint]) {} }
open class UILayoutGuide {
    open var topAnchor = NSLayoutYAxisAnchor()
    open var bottomAnchor = NSLayoutYAxisAnchor()
}
open class UIView {
    public init() {}
    open var translatesAutoresizingMaskIntoConstraints = true
    open var topAnchor = NSLayoutYAxisAnchor()
    open var bottomAnchor = NSLayoutYAxisAnchor()
    open var leadingAnchor = NSLayoutXAxisAnchor()
    open var trailingAnchor = NSLayoutXAxisAnchor()
    open var safeAreaLayoutGuide = UILayoutGuide()
    open func addSubview(_ view: UIView) {}
}
open class WKWebView: UIView {
    public init(frame: CGRect, configuration: WKWebViewConfiguration) { super.init() }
    open var configuration: WKWebViewConfiguration { WKWebViewConfiguration() }
    open weak var uiDelegate: WKUIDelegate?
    open weak var navigationDelegate: WKNavigationDelegate?
    open var url: URL? { nil }
    open var customUserAgent: String?
    @discardableResult open func load(_ request: URLRequest) -> WKNavigation? { nil }
    @discardableResult open func reload() -> WKNavigation? { nil }
}

// MARK: UIKit
open class UINavigationController { open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {} }
open class UIViewController: NSObject {
    open var view = UIView()
    open var navigationController: UINavigationController? { nil }
    open func viewDidLoad() {}
}
open class UIResponder: NSObject {}
open class UIScene: UIResponder {}
open class UIOpenURLContext: NSObject { open var url: URL { URL(fileURLWithPath: "/") } }
public protocol UISceneDelegate: NSObjectProtocol {}
public protocol UIWindowSceneDelegate: UISceneDelegate {}
open class UIApplication {
    public static let shared = UIApplication()
    public static let openSettingsURLString = "app-settings:"
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    open func open(_ url: URL, options: [String: Any] = [:], completionHandler: ((Bool) -> Void)? = nil) {}
}

// MARK: AVFoundation
public struct AVMediaType: Hashable { public static let video = AVMediaType(); public static let audio = AVMediaType() }
public enum AVAuthorizationStatus: Int { case notDetermined, restricted, denied, authorized }
open class AVCaptureDevice {
    open class func authorizationStatus(for mediaType: AVMediaType) -> AVAuthorizationStatus { .notDetermined }
    open class func requestAccess(for mediaType: AVMediaType, completionHandler handler: @escaping (Bool) -> Void) {}
}
open class AVCaptureSession { public init() {}; open func stopRunning() {} }

// MARK: Photos
public enum PHAuthorizationStatus: Int { case notDetermined, restricted, denied, authorized, limited }
public enum PHAccessLevel: Int { case addOnly = 1, readWrite = 2 }
open class PHPhotoLibrary {
    open class func authorizationStatus(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus { .notDetermined }
}

// MARK: Capacitor (ios/Capacitor/Capacitor)
open class InstanceConfiguration {}
public protocol CAPBridgeProtocol: AnyObject {
    var webView: WKWebView? { get }
    func registerPluginInstance(_ pluginInstance: CAPPlugin)
}
open class PluginConfig { open func getString(_ configKey: String, _ defaultValue: String? = nil) -> String? { defaultValue } }
public let CAPPluginReturnPromise = "promise"
open class CAPPluginMethod: NSObject {
    public init(name: String, returnType: String) {}
}
public protocol CAPBridgedPlugin: NSObjectProtocol {
    var identifier: String { get }
    var jsName: String { get }
    var pluginMethods: [CAPPluginMethod] { get }
}
open class CAPPluginCall: NSObject {
    open func resolve(_ data: [String: Any] = [:]) {}
    open func reject(_ message: String, _ code: String? = nil, _ error: Error? = nil, _ data: [String: Any]? = nil) {}
}
open class CAPPlugin: NSObject {
    open weak var webView: WKWebView?
    open weak var bridge: CAPBridgeProtocol?
    open func load() {}
    open func getConfig() -> PluginConfig { PluginConfig() }
}
open class CAPBridgeViewController: UIViewController {
    open var bridge: CAPBridgeProtocol? { nil }
    open var webView: WKWebView? { nil }
    open func capacitorDidLoad() {}
    open func webViewConfiguration(for instanceConfiguration: InstanceConfiguration) -> WKWebViewConfiguration { WKWebViewConfiguration() }
}

// MARK: Cordova (cordova-ios 8: CordovaLib/include/Cordova)
open class CDVSettingsDictionary: NSObject {
    open func cordovaSetting(forKey key: String) -> Any? { nil }
    open func cordovaBoolSetting(forKey key: String, defaultValue: Bool) -> Bool { defaultValue }
}
public protocol CDVCommandDelegate: AnyObject {
    var settings: CDVSettingsDictionary { get }
}
open class CDVPlugin: NSObject {
    open weak var webView: UIView!
    open weak var commandDelegate: CDVCommandDelegate!
    open func pluginInitialize() {}
}
