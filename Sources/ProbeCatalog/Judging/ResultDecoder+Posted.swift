/// What a page posts: one result, a batch `{"results": […]}`, or a bare array. The body is
/// parsed once and the error names the field at fault either way.
extension ResultDecoder {
    public func decodePosted(_ bytes: [UInt8]) throws -> [ProbeResult] {
        let value = try parse(bytes)
        if let object = value.objectValue, object["results"] == nil {
            return [try result(from: value, path: "")]
        }
        return try decodeBatch(value)
    }
}
