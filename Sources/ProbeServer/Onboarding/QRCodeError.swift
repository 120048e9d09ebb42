#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a payload cannot become a QR code.
public enum QRCodeError: LocalizedError, Equatable, Sendable {
    /// More bytes than the largest version (`QRSymbolVersion.largest`) at level M holds.
    case payloadTooLong(bytes: Int, maximum: Int)
    /// A mask number outside 0...7.
    case invalidMask(Int)

    public var errorDescription: String? {
        switch self {
        case let .payloadTooLong(bytes, maximum):
            return "The QR payload is \(bytes) bytes; the encoder stops at version \(QRSymbolVersion.largest.number) "
                + "(\(maximum) bytes at error-correction level M), beyond which phone cameras struggle to read "
                + "a code from a terminal. Shorten the URL (a shorter host name or run id)."
        case let .invalidMask(mask):
            return "QR mask \(mask) does not exist; masks are numbered 0 to 7."
        }
    }
}
