#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ProbeCatalog
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One pass of one device through the page ([docs/page.md](../../../docs/page.md)), as stored.
public struct RunRecord: Equatable, Sendable {
    public var id: String
    /// A free label from CI or the operator (`pixel-7 nightly`), for listings.
    public var label: String?
    /// The `?platform=` override; nil means "detected from the page".
    public var platform: Platform?
    /// The requirement set the run is judged against (`liveform`, ...).
    public var requirementSet: String
    /// App version, device model, build and free keys (`RunMetadata`); the store keeps it as
    /// the JSON object's text.
    public var metadata: RunMetadata
    public var userAgent: String?
    /// The platform detected from the page (`env.platform`); nil until it reported.
    public var detectedPlatform: Platform?
    public var createdAt: Date
    public var completedAt: Date?
    /// Set by the diff once the run is judged; nil until then.
    public var verdict: DiffReport.Verdict?
    /// The last time the device was heard from (results, `touch`). Purging goes by this,
    /// so a run still in use is never purged.
    public var lastSeenAt: Date
    /// SHA-256 (hex) of the write key handed out at creation (`RunKey`); nil for runs made
    /// before keys existed, which only the token can write to.
    public var writeKeyDigest: String?
    /// Whether the caller chose the id: then the id is not a secret, and reads need the key.
    public var idChosen: Bool

    public init(
        id: String = RunID.generate(), label: String? = nil, platform: Platform? = nil,
        requirementSet: String, metadata: RunMetadata = RunMetadata(), userAgent: String? = nil,
        createdAt: Date, completedAt: Date? = nil, verdict: DiffReport.Verdict? = nil, lastSeenAt: Date? = nil,
        detectedPlatform: Platform? = nil, writeKeyDigest: String? = nil, idChosen: Bool = false
    ) {
        self.writeKeyDigest = writeKeyDigest
        self.idChosen = idChosen
        self.detectedPlatform = detectedPlatform
        self.id = id
        self.label = label
        self.platform = platform
        self.requirementSet = requirementSet
        self.metadata = metadata
        self.userAgent = userAgent
        self.createdAt = createdAt
        self.completedAt = completedAt
        self.verdict = verdict
        self.lastSeenAt = lastSeenAt ?? createdAt
    }
}

/// Where a run is in its life (docs/api.md): open to results until it is completed, then
/// final, its verdict the judgement `complete` announced. The store keeps the two columns
/// (`completedAt`, `verdict` as text); this is how they are read.
public enum RunState: Equatable, Sendable {
    /// Takes results; judged at each read, as of the time of the read (`RunClock`).
    case open
    /// Takes no more results. `verdict`: nil between the completion and its announcement (or
    /// for stored text that names no verdict).
    case completed(at: Date, verdict: DiffReport.Verdict?)
}

extension RunRecord {
    public var state: RunState {
        guard let completedAt else { return .open }
        return .completed(at: completedAt, verdict: verdict)
    }

    /// Whether the run is final: its results, and so its judgement of a catalog, no longer change.
    public var isCompleted: Bool { state != .open }

    /// Whether the run is completed and its verdict announced: what a waiter waits for.
    public var isAnnounced: Bool {
        if case .completed(_, verdict: .some) = state { return true }
        return false
    }
}

/// The columns kept as text, read at the boundary: `platform`, `detected_platform` and
/// `verdict` hold the raw values (`Platform`, `DiffReport.Verdict`), `metadata` the object's
/// text (`RunMetadata.storedText`). A stored value this build does not know (a row written by
/// a later version, or by hand) reads as nil, as though it were not set: an unknown override
/// leaves the platform to detection, an unknown detected platform reads as not reported yet,
/// and an unknown verdict as one not announced yet (`RunState`); the row itself is not changed.
extension RunRecord {
    /// The record from its columns' text, as both stores read a row.
    public init(
        id: String, label: String?, storedPlatform: String?, requirementSet: String, storedMetadata: String,
        userAgent: String?, createdAt: Date, completedAt: Date?, storedVerdict: String?, lastSeenAt: Date,
        storedDetectedPlatform: String?, writeKeyDigest: String?, idChosen: Bool
    ) {
        self.init(
            id: id, label: label, platform: storedPlatform.flatMap(Platform.init(rawValue:)), requirementSet: requirementSet,
            metadata: RunMetadata(storedText: storedMetadata), userAgent: userAgent, createdAt: createdAt,
            completedAt: completedAt, verdict: storedVerdict.flatMap(DiffReport.Verdict.init(rawValue:)),
            lastSeenAt: lastSeenAt, detectedPlatform: storedDetectedPlatform.flatMap(Platform.init(rawValue:)),
            writeKeyDigest: writeKeyDigest, idChosen: idChosen)
    }
}

extension RunRecord {
    /// Checks the record against `StoreLimits`; any store calls this before writing.
    public func validate() throws(StoreError) {
        try StoreCheck.runID(id)
        try StoreCheck.text(label, "label", max: StoreLimits.maxLabelBytes)
        try StoreCheck.text(requirementSet, "requirement set", max: StoreLimits.maxShortTextBytes)
        try StoreCheck.text(metadata.storedText, "metadata", max: StoreLimits.maxMetadataBytes)
        try StoreCheck.text(userAgent, "user agent", max: StoreLimits.maxUserAgentBytes)
        try StoreCheck.text(writeKeyDigest, "write key digest", max: StoreLimits.maxShortTextBytes)
        if requirementSet.isEmpty { throw .invalid("the requirement set is empty") }
    }
}

/// The checks records share.
enum StoreCheck {
    static func runID(_ id: String) throws(StoreError) {
        guard RunID.isWellFormed(id) else {
            throw .invalid(
                "run id must be 1 to \(StoreLimits.maxRunIDBytes) characters of A-Z a-z 0-9 - _")
        }
    }

    /// A text field: at most `max` bytes, and no U+0000. PostgreSQL's text cannot hold that
    /// character at all ("the character with code zero (sometimes called NUL) cannot be
    /// stored", PostgreSQL manual §8.3) and libpq passes text parameters as C strings, which
    /// end at it: `before\0after` would be stored as `before`. Refused on every engine, so
    /// both answer the same and what is stored is what was sent.
    static func text(_ text: String?, _ what: String, max: Int) throws(StoreError) {
        guard let text else { return }
        if text.utf8.count > max {
            throw .invalid("\(what) is \(text.utf8.count) bytes; the limit is \(max)")
        }
        if holdsNUL(text) {
            throw .invalid("\(what) contains U+0000 (NUL), which the store cannot keep as sent; remove it")
        }
    }

    /// Whether `text` holds U+0000: memchr over a native string's bytes (every observation is
    /// scanned twice on its way into PostgreSQL: perf showed the generic scan at 1.3 % of a
    /// team instance's CPU), a byte walk otherwise.
    static func holdsNUL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, 0, bytes.count) != nil
        } ?? text.utf8.contains(0)
    }
}
