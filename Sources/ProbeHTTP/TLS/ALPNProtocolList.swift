/// The ALPN protocol list as it travels in a ClientHello (RFC 7301 §3.1): a sequence of
/// one-byte lengths, each followed by that many bytes of protocol id.
enum ALPNProtocolList {
    /// Where `protocolID` sits in the client's `wire` list, or nil when the client did not
    /// offer it or the list is malformed (a length running past the end, or zero).
    /// The range points at the id bytes, without the length prefix.
    static func range(of protocolID: [UInt8], in wire: UnsafeRawBufferPointer) -> Range<Int>? {
        var index = 0
        while index < wire.count {
            let length = Int(wire[index])
            let start = index + 1
            let end = start + length
            // RFC 7301 §3.1: empty ids are not allowed; a truncated list is malformed.
            guard length > 0, end <= wire.count else { return nil }
            if length == protocolID.count, wire[start..<end].elementsEqual(protocolID) {
                return start..<end
            }
            index = end
        }
        return nil
    }
}
