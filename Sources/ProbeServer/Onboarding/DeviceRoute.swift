import BeyondEssentials
import ProbeHTTP

/// How a device reached the server, read from the request for `/setup`, and so which way of
/// trusting and reaching it applies (docs/ci-and-farms.md, "Device farms"):
/// - `loopback`: the device's connection arrives on this machine's loopback, so it came
///   through `adb reverse` (a cabled Android device or an emulator), a simulator, or a farm's
///   tunnel client (BrowserStack Local, Sauce Connect, LambdaTest) running here;
/// - `proxied`: through the TLS-terminating proxy `--trust-proxy` names, whose certificate
///   devices already trust;
/// - `lan`: straight over the network: the device must trust the server's certificate (the
///   local CA's, installed from this page, or the one given with `--cert`).
public enum DeviceRoute: String, Sendable, Equatable {
    case loopback, proxied, lan

    /// `remoteAddress` is the client after `TrustedProxies.apply`: a request trusted proxies
    /// forwarded carries one of the `X-Forwarded-For` hops (all its lines combined), the
    /// rightmost that is not a trusted proxy.
    public static func of(remoteAddress: String, forwardedFor: String?, trustedProxies: TrustedProxies) -> DeviceRoute {
        if !trustedProxies.ranges.isEmpty, let forwardedFor,
           forwardedFor.split(separator: ",").contains(where: { $0.trimming(.whitespaces) == remoteAddress }) {
            return .proxied
        }
        if isLoopback(remoteAddress) { return .loopback }
        return .lan
    }

    static func isLoopback(_ address: String) -> Bool {
        address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }

    /// The paragraph /setup shows first, for a server listening on `port`.
    func advice(port: UInt16, ownAuthority: Bool) -> String {
        switch self {
        case .loopback:
            return "This device reaches the server over this machine's loopback: through <code>adb reverse tcp:\(port) tcp:\(port)</code> "
                + "(a cabled Android device or an emulator), a simulator, or a device farm's tunnel (BrowserStack Local, Sauce Connect, "
                + "LambdaTest) running here. Open <code>https://localhost:\(port)/</code> on it; the tunnel or <code>adb reverse</code> keeps that name."
        case .proxied:
            return "This device reaches the server through the TLS proxy in front of it: the proxy's certificate is the one the device "
                + "checks, so there is nothing to install here. Open the probe URL on the proxy's name."
        case .lan:
            return ownAuthority
                ? "This device reaches the server straight over the network: it must trust the server's local certificate authority (step 1 below)."
                : "This device reaches the server straight over the network: it must trust the certificate given with <code>--cert</code> (its issuer, your team's CA or a public one)."
        }
    }
}
