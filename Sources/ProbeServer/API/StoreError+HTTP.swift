import BeyondEssentials
import ProbeHTTP
import ProbeStore

extension StoreError: HTTPErrorConvertible {
    /// The HTTP answer for a store failure: client mistakes are 4xx that say what to do,
    /// passing trouble (a full disk, a busy database) is 503 with Retry-After.
    /// The answer for a full disk, in SQLite or outside it (an upload file that did not fit).
    static var diskFullAnswer: HTTPError {
        HTTPError(.serviceUnavailable, code: "disk_full",
                  "the server's disk is full: nothing was stored; retry once space is freed",
                  headers: HTTPHeaders([("Retry-After", "5")]))
    }

    public var httpError: HTTPError {
        switch self {
        case .runNotFound(let id):
            return HTTPError(.notFound, code: "run_not_found",
                             "no run \(Logger.sanitize(id, max: 64)) that this request may use: it does not exist, or it needs its write key (?key= from the run's URL, or X-Probe-Key) or the access token; create one with POST /api/runs", field: "run")
        case .runCompleted(let id):
            // 409 (RFC 9110 §15.5.10): the run's state, not the request, is in the way.
            return HTTPError(.conflict, code: "run_completed",
                             "run \(Logger.sanitize(id, max: 64)) is complete and its verdict is final: results after completion are refused; start a new run (POST /api/runs) to test again",
                             field: "run")
        case .runExists(let id):
            return HTTPError(.conflict, code: "run_exists", "a run with id \(Logger.sanitize(id, max: 64)) already exists", field: "id")
        case .uploadExists:
            return HTTPError(.conflict, code: "upload_exists", "that upload is already stored")
        case .invalid(let message):
            return HTTPError(.badRequest, code: "invalid", message)
        case .diskFull:
            return Self.diskFullAnswer
        case .uploadFile:
            return isDiskFull ? Self.diskFullAnswer : HTTPError(.serviceUnavailable, code: "store_unavailable", localizedText)
        case .quotaExceeded(let quota):
            return quota.httpError
        case .postgres(let error) where error.sqlState == PostgresError.characterNotInRepertoire:
            // Text the client sent that PostgreSQL cannot hold (a NUL): the client's to fix.
            return HTTPError(.badRequest, code: "invalid", "a text field holds U+0000 (NUL), which the store cannot keep as sent; remove it")
        case .postgres(let error) where error.sqlState?.hasPrefix("40") == true:
            // Class 40, transaction rollback (a deadlock or serialisation failure with
            // another instance): nothing was stored, and the same request can succeed.
            return HTTPError(.serviceUnavailable, code: "store_unavailable",
                             "the write collided with another instance's and was rolled back: nothing was stored; retry",
                             headers: HTTPHeaders([("Retry-After", "1")]))
        case .unavailable:
            return HTTPError(.serviceUnavailable, code: "store_unavailable",
                             "the database is unreachable: nothing was stored; the server reconnects by itself, retry in a few seconds",
                             headers: HTTPHeaders([("Retry-After", "2")]))
        case .overloaded, .busy, .closed, .ioError:
            return HTTPError(.serviceUnavailable, code: "store_unavailable",
                             "the store cannot take this now (\(self.localizedText)); nothing was stored; retry",
                             headers: HTTPHeaders([("Retry-After", "1")]))
        default:
            return HTTPError(.internalServerError, code: "store_failed", "the store failed; see the server log")
        }
    }
}

extension QuotaExceeded {
    /// A full run is the client's to fix (start a new run): 413, and the page drops the
    /// result instead of retrying it. A full store is the operator's: 507 (RFC 4918 §11.5),
    /// which the page keeps queued and retries.
    public var httpError: HTTPError {
        switch self {
        case .store:
            HTTPError(.insufficientStorage, code: code, message, headers: HTTPHeaders([("Retry-After", "60")]))
        case .resultsPerRun, .resultBytesPerRun:
            HTTPError(.contentTooLarge, code: code, message, field: "results")
        case .uploadsPerRun, .uploadBytesPerRun:
            HTTPError(.contentTooLarge, code: code, message, field: "file")
        }
    }
}
