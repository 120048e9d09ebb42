import COpenSSL

/// Collects what an OpenSSL `PEM_write_bio_*` call writes into memory.
enum MemoryBIO {
    static func collect(step: String, _ write: (OpaquePointer) -> Int32) throws -> [UInt8] {
        OpenSSLErrorQueue.clear()
        guard let bio = BIO_new(BIO_s_mem()) else {
            throw TLSError.issuanceFailed(step: "BIO_new", reason: OpenSSLErrorQueue.drain())
        }
        defer { BIO_free(bio) }
        guard write(bio) == 1 else {
            throw TLSError.issuanceFailed(step: step, reason: OpenSSLErrorQueue.drain())
        }
        var data: UnsafeMutablePointer<CChar>?
        let length = probe_BIO_get_mem_data(bio, &data)
        guard let data, length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}
