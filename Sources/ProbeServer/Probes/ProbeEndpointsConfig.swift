/// What the probe-support endpoints need to know about the server around them.
public struct ProbeEndpointsConfig: Sendable {
    /// Origins the page is served from (`https://host:port`, no trailing slash). Cross-origin
    /// endpoints answer with CORS only to these, credentials included; every other origin
    /// gets no `Access-Control-Allow-Origin`, so the browser refuses it.
    public var primaryOrigins: [String]
    /// The second origins (other port, other host), for the record: the page learns them
    /// from `/api/config`, not from here.
    public var secondOrigins: [String]
    /// Body and upload limits of the server (`uploadBodyBytes` bounds the file probes).
    public var limits: HTTPLimits
    /// Called when a browser without JavaScript loads the `<noscript>` beacon, with the run
    /// id it carried: the run store records `env.script` as failed. Nil: only logged.
    public var onNoscriptBeacon: (@Sendable (_ run: String) -> Void)?

    public init(
        primaryOrigins: [String] = [], secondOrigins: [String] = [], limits: HTTPLimits = HTTPLimits(),
        onNoscriptBeacon: (@Sendable (_ run: String) -> Void)? = nil
    ) {
        self.primaryOrigins = primaryOrigins.map(Self.normalize)
        self.secondOrigins = secondOrigins.map(Self.normalize)
        self.limits = limits
        self.onNoscriptBeacon = onNoscriptBeacon
    }

    /// Lower-cased, without a trailing slash: how browsers write the `Origin` header.
    static func normalize(_ origin: String) -> String {
        var o = origin.lowercased()
        while o.hasSuffix("/") { o.removeLast() }
        return o
    }

    /// True when `origin` (an `Origin` header) is one of the page's own origins.
    public func isPrimary(_ origin: String) -> Bool {
        primaryOrigins.contains(Self.normalize(origin))
    }
}
