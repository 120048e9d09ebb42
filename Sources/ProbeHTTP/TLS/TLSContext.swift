import Synchronization

/// The server's TLS configuration, shared by every event-loop thread.
///
/// `reload` swaps in a freshly built OpenSSL context for connections accepted afterwards
/// (the SIGHUP path after certificates were renewed). Sessions keep a strong reference to
/// the context they were created from, so open connections finish on the old certificate
/// and the old context is freed with the last of them.
public final class TLSContext: Sendable {
    private let current: Mutex<SSLContext>

    /// Loads a PEM certificate chain (leaf first, then intermediates) and its PEM private key.
    /// Throws `TLSError` saying which file is wrong and what to do.
    public init(certificateChainFile: String, privateKeyFile: String) throws {
        current = Mutex(try SSLContext(certificateChainFile: certificateChainFile, privateKeyFile: privateKeyFile))
    }

    /// Builds a new context from the files and, only if that succeeds, uses it for new
    /// connections. On failure the running context stays in place and the error says why.
    public func reload(certificateChainFile: String, privateKeyFile: String) throws {
        let replacement = try SSLContext(certificateChainFile: certificateChainFile, privateKeyFile: privateKeyFile)
        current.withLock { $0 = replacement }
    }

    /// A server-side session over an accepted, non-blocking socket.
    public func makeSession(fileDescriptor: Int32) throws -> TLSSession {
        try TLSSession(context: self, fileDescriptor: fileDescriptor)
    }

    /// The files the context for new connections was loaded from.
    public var certificateChainFile: String { snapshot().certificateChainFile }
    public var privateKeyFile: String { snapshot().privateKeyFile }

    func snapshot() -> SSLContext { current.withLock { $0 } }
}
