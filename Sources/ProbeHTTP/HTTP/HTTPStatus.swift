/// An HTTP status code with its reason phrase (RFC 9110 §15).
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    public let code: Int
    public let reason: String

    public init(_ code: Int, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code) \(reason)" }

    public static let `continue` = HTTPStatus(100, "Continue")
    public static let ok = HTTPStatus(200, "OK")
    public static let created = HTTPStatus(201, "Created")
    public static let accepted = HTTPStatus(202, "Accepted")
    public static let noContent = HTTPStatus(204, "No Content")
    public static let notModified = HTTPStatus(304, "Not Modified")
    public static let found = HTTPStatus(302, "Found")
    public static let badRequest = HTTPStatus(400, "Bad Request")
    public static let unauthorized = HTTPStatus(401, "Unauthorized")
    public static let forbidden = HTTPStatus(403, "Forbidden")
    public static let notFound = HTTPStatus(404, "Not Found")
    public static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
    public static let requestTimeout = HTTPStatus(408, "Request Timeout")
    public static let conflict = HTTPStatus(409, "Conflict")
    public static let gone = HTTPStatus(410, "Gone")
    public static let lengthRequired = HTTPStatus(411, "Length Required")
    public static let contentTooLarge = HTTPStatus(413, "Content Too Large")
    public static let uriTooLong = HTTPStatus(414, "URI Too Long")
    public static let unsupportedMediaType = HTTPStatus(415, "Unsupported Media Type")
    public static let expectationFailed = HTTPStatus(417, "Expectation Failed")
    public static let unprocessableContent = HTTPStatus(422, "Unprocessable Content")
    public static let tooManyRequests = HTTPStatus(429, "Too Many Requests")
    public static let headerFieldsTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
    public static let internalServerError = HTTPStatus(500, "Internal Server Error")
    public static let notImplemented = HTTPStatus(501, "Not Implemented")
    public static let serviceUnavailable = HTTPStatus(503, "Service Unavailable")
    public static let httpVersionNotSupported = HTTPStatus(505, "HTTP Version Not Supported")
    /// RFC 4918 §11.5: the server cannot store what the request needs stored (a full quota).
    public static let insufficientStorage = HTTPStatus(507, "Insufficient Storage")
}
