import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What went wrong while setting up TLS or certificates, and what to do about it.
///
/// Each case carries the OpenSSL error string captured at the failing call (the thread's
/// error queue, drained so that it cannot leak into the next connection on this thread).
public enum TLSError: LocalizedError, CustomStringConvertible, Equatable, Sendable {
    /// A PEM file could not be read or parsed.
    case unreadableFile(path: String, reason: String)
    /// The private key does not belong to the certificate.
    case keyDoesNotMatchCertificate(certificatePath: String, keyPath: String, reason: String)
    /// An OpenSSL call failed while configuring a context or creating a session.
    case configurationFailed(step: String, reason: String)
    /// Generating a key or a certificate failed.
    case issuanceFailed(step: String, reason: String)
    /// A file in the certificate directory could not be written.
    case writeFailed(path: String, reason: String)
    /// The local CA exists but cannot be used; replacing it silently would break every
    /// device that already trusts it.
    case unusableAuthority(directory: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .unreadableFile(path, reason):
            return "Cannot read the PEM file \(path): \(reason). "
                + "Check the path and permissions, or omit the TLS file options to use the local CA."
        case let .keyDoesNotMatchCertificate(certificatePath, keyPath, reason):
            return "The private key in \(keyPath) does not match the certificate in \(certificatePath) (\(reason)). "
                + "Pass the key that was generated together with this certificate; for the local CA, "
                + "delete cert.pem and key.pem and restart to have a new pair issued."
        case let .configurationFailed(step, reason):
            return "TLS setup failed at \(step): \(reason). "
                + "Check that Debian's OpenSSL 3 (libssl3) is installed and that no OPENSSL_CONF file "
                + "disables TLS 1.2/1.3 or the Mozilla intermediate ciphers."
        case let .issuanceFailed(step, reason):
            return "Issuing a certificate failed at \(step): \(reason)."
        case let .writeFailed(path, reason):
            return "Cannot write \(path): \(reason). Check that the data directory exists and is writable."
        case let .unusableAuthority(directory, reason):
            return "The local CA in \(directory) cannot be used: \(reason). "
                + "Restore ca.pem and ca-key.pem, or delete both to create a new CA "
                + "(`probe-server ca rotate` does it and keeps the old certificate; "
                + "devices that trusted the old one must then install the new one)."
        }
    }

    /// The message, also where an error is printed with `\(error)` (a start failure).
    public var description: String { errorDescription ?? "TLS error" }
}
