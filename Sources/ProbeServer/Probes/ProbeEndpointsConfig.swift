import ProbeHTTP

/// What the probe-support endpoints need to know about the server around them: which
/// origins are the page's own, so that the cross-origin endpoints answer CORS to them only.
///
/// The page's origin is not one fixed string: a phone opens the server by its LAN address,
/// its `.local` name or `localhost` (adb reverse), and port 0 is chosen at start. So an
/// `Origin` is the page's when its scheme is the request's, its host is one of this
/// machine's names (the names `OriginPlan` hands out), and its port is the primary port
/// (when known) or, not known yet, any port.
public struct ProbeEndpointsConfig: Sendable {
    /// Origins always accepted, exactly (`https://host:port`, no trailing slash).
    public var primaryOrigins: [String]
    /// The port the page is served on; nil accepts any port on this machine's names.
    public var primaryPort: UInt16?
    /// This machine's names and addresses, as `OriginPlan` knows them.
    public var origins: OriginPlan
    /// Called when a browser without JavaScript loads the `<noscript>` beacon, with the run
    /// id and write key it carried and the request (for the token): the run store can record
    /// `env.script` as failed. Nil: nothing recorded.
    public var onNoscriptBeacon: (@Sendable (_ run: String, _ key: String?, _ request: Request) -> Void)?
    /// Keeps an uploaded file of a run (blocking; the upload route runs off the loops).
    /// Nil: files are hashed and answered, not kept.
    public var saveUpload: (@Sendable (_ upload: ProbeUpload) throws -> Void)?

    public init(
        origins: OriginPlan = OriginPlan(), primaryOrigins: [String] = [], primaryPort: UInt16? = nil,
        onNoscriptBeacon: (@Sendable (_ run: String, _ key: String?, _ request: Request) -> Void)? = nil
    ) {
        self.origins = origins
        self.primaryOrigins = primaryOrigins.map(Self.normalize)
        self.primaryPort = primaryPort
        self.onNoscriptBeacon = onNoscriptBeacon
    }

    /// Lower-cased, without a trailing slash: how browsers write the `Origin` header.
    static func normalize(_ origin: String) -> String {
        var o = origin.lowercased()
        while o.hasSuffix("/") { o.removeLast() }
        return o
    }

    /// True when `origin` (an `Origin` header) is the page's, for a request that arrived
    /// as `request` (its scheme and `Host` say which names this machine answers to).
    public func isPrimary(_ origin: String, for request: Request) -> Bool {
        let origin = Self.normalize(origin)
        if primaryOrigins.contains(origin) { return true }
        let scheme = request.isSecure ? "https" : "http"
        guard origin.hasPrefix(scheme + "://") else { return false }
        let defaultPort: UInt16 = request.isSecure ? 443 : 80
        let (host, port) = OriginPlan.split(String(origin.dropFirst(scheme.count + 3)), defaultPort: defaultPort)
        guard !host.isEmpty, !host.contains("/") else { return false }
        if let primaryPort, port != primaryPort { return false }
        return machineNames(for: request).contains(host)
    }

    /// The names this machine answers to: the one the request used, the other name
    /// `OriginPlan` offers for it, the host name (`NAME` and `NAME.local`) and addresses.
    func machineNames(for request: Request) -> Set<String> {
        let (requestHost, _) = OriginPlan.split((request.headers["host"] ?? "").lowercased(), defaultPort: 0)
        var names: Set<String> = [requestHost]
        if let other = origins.otherName(for: requestHost) { names.insert(other.lowercased()) }
        let hostName = origins.hostName.lowercased()
        if !hostName.isEmpty { names.formUnion([hostName, hostName + ".local"]) }
        for address in origins.addresses {
            names.insert(address.contains(":") ? "[\(address.lowercased())]" : address)
        }
        return names
    }
}

/// A file the page uploaded for a probe, as the upload endpoint hands it to be kept.
public struct ProbeUpload: Sendable {
    public let run: String
    public let probe: String
    /// The client's file name: text to show, never a path.
    public let fileName: String
    public let declaredType: String?
    public let sniffedType: String?
    public let bytes: [UInt8]
    public let sha256: String
    /// The run's write key as the upload carried it (a `key` form field, `?key=` or
    /// `X-Probe-Key`): the file is kept only with it, or with the token.
    public let key: String?
    /// The upload request, for the token.
    public let request: Request
}
