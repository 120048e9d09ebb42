import ProbeHTTP

extension Request {
    /// The block this request's quotas and rates are counted against (`AddressBlock`).
    var quotaKey: String { AddressBlock.key(remoteAddress) }
}
