// The WebKit, UIKit, AVFoundation and Capacitor API that the catalog's Swift snippets call,
// as declarations only (signatures from developer.apple.com and Capacitor's iOS source), so
// `swiftc -typecheck` can check the snippets on Linux. check.py builds this as the module
// WebKit; UIKit, AVFoundation and Capacitor are modules that re-export it. NSObject shadows
// Foundation's, which on Linux has no Objective-C message forwarding.
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif

public struct Selector {}
open class NSObject {
    public init() {}
    open func responds(to selector: Selector!) -> Bool { false }
    open func forwardingTarget(for selector: Selector!) -> Any? { nil }
}

// MARK: WebKit
open class WKWebpagePreferences { public var allowsContentJavaScript = true }
open class WKHTTPCookieStore {
    open func setCookie(_ cookie: HTTPCookie, completionHandler: (@MainActor () -> Void)? = nil) {}
}
open class WKWebsiteDataStore {
    open class func `default`() -> WKWebsiteDataStore { WKWebsiteDataStore() }
    open class func nonPersistent() -> WKWebsiteDataStore { WKWebsiteDataStore() }
    open var httpCookieStore: WKHTTPCookieStore { WKHTTPCookieStore() }
}
public struct WKAudiovisualMediaTypes: OptionSet {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let audio = WKAudiovisualMediaTypes(rawValue: 1)
    public static let video = WKAudiovisualMediaTypes(rawValue: 2)
    public static let all = WKAudiovisualMediaTypes(rawValue: 3)
}
open class WKWebViewConfiguration {
    public init() {}
    open var defaultWebpagePreferences = WKWebpagePreferences()
    open var websiteDataStore = WKWebsiteDataStore.default()
    open var mediaTypesRequiringUserActionForPlayback: WKAudiovisualMediaTypes = .all
    open var allowsInlineMediaPlayback = false
}
open class WKSecurityOrigin {
    open var `protocol`: String { "" }
    open var host: String { "" }
    open var port: Int { 0 }
}
open class WKFrameInfo { open var isMainFrame: Bool { true } }
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

// MARK: Capacitor (ios/Capacitor/Capacitor)
open class InstanceConfiguration {}
open class CAPBridgeViewController: UIViewController {
    open var webView: WKWebView? { nil }
    open func capacitorDidLoad() {}
    open func webViewConfiguration(for instanceConfiguration: InstanceConfiguration) -> WKWebViewConfiguration { WKWebViewConfiguration() }
}
