import ProbeHTTP

/// Why a multipart body was refused, in words that say what to send instead.
public enum MultipartError: Error, Sendable, Equatable, CustomStringConvertible {
    case notMultipart
    case missingBoundary
    case invalidBoundary
    case preambleTooLarge(Int)
    case malformedDelimiter
    case headerTooLarge(Int)
    case tooManyHeaderFields(Int)
    case malformedHeader(String)
    case partTooLarge(Int)
    case tooManyParts(Int)
    case missingFinalBoundary
    case alreadyFailed

    public var description: String {
        switch self {
        case .notMultipart: return "expected Content-Type multipart/form-data; send the file from a <form> or FormData"
        case .missingBoundary: return "the multipart Content-Type has no boundary parameter"
        case .invalidBoundary: return "the multipart boundary must be 1 to 70 characters of RFC 2046 §5.1.1's set"
        case .preambleTooLarge(let n): return "more than \(n) bytes before the first boundary; the body does not start with the boundary of its Content-Type"
        case .malformedDelimiter: return "a boundary line is followed by something other than CRLF or --"
        case .headerTooLarge(let n): return "a part's headers exceed \(n) bytes; shorten the file name"
        case .tooManyHeaderFields(let n): return "a part has more than \(n) header fields"
        case .malformedHeader(let line): return "a part header line is not `Name: value`: \(line)"
        case .partTooLarge(let n): return "a part exceeds \(n) bytes; upload a smaller file"
        case .tooManyParts(let n): return "more than \(n) parts in one upload; send one file at a time"
        case .missingFinalBoundary: return "the body ended before its closing boundary; the upload was cut short, send it again"
        case .alreadyFailed: return "the parser already failed on this body"
        }
    }

    /// 413 for the size limits, 400 for the rest.
    public var httpError: HTTPError {
        switch self {
        case .partTooLarge, .tooManyParts:
            return HTTPError(.contentTooLarge, description)
        case .notMultipart:
            return HTTPError(.unsupportedMediaType, description, field: "Content-Type")
        default:
            return HTTPError(.badRequest, code: "invalid_multipart", description)
        }
    }
}
