#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Error {
    /// The sentence `localizedDescription` gave on Linux, which FoundationEssentials does not
    /// have (it comes with NSError, in swift-corelibs-foundation): a `LocalizedError`'s own
    /// words; for a file or coder error "The operation could not be completed. " and the
    /// failure reason of its code (swift-corelibs-foundation, Sources/Foundation/NSError.swift);
    /// else "The operation could not be completed. (Domain error N.)".
    public var localizedText: String {
        if let described = (self as? any LocalizedError)?.errorDescription { return described }
        let code: Int
        if let cocoa = self as? CocoaError {
            code = cocoa.code.rawValue
        } else if let decoding = self as? DecodingError {
            switch decoding {
            case .keyNotFound, .valueNotFound: code = 4865
            default: code = 4864
            }
        } else if self is EncodingError {
            code = 4866
        } else {
            return "The operation could not be completed. (\(_domain) error \(_code).)"
        }
        guard let reason = Self.failureReasons[code] else {
            return "The operation could not be completed. (NSCocoaErrorDomain error \(code).)"
        }
        return "The operation could not be completed. " + reason
    }

    private static var failureReasons: [Int: String] {
        [
            4: "The file doesn’t exist.", 255: "The file couldn’t be locked.", 257: "You don’t have permission.",
            258: "The file name is invalid.", 259: "The file isn’t in the correct format.", 260: "The file doesn’t exist.",
            261: "The specified text encoding isn’t applicable.", 262: "The specified URL type isn’t supported.",
            263: "The item is too large.", 264: "The text encoding of the contents couldn’t be determined.",
            513: "You don’t have permission.", 514: "The file name is invalid.", 516: "A file with the same name already exists.",
            517: "The specified text encoding isn’t applicable.", 518: "The specified URL type isn’t supported.",
            640: "There isn’t enough space.", 642: "The volume is read only.",
            3840: "The data is not in the correct format.", 4864: "The data isn’t in the correct format.",
            4865: "The data is missing.", 4866: "The data isn’t in the correct format.",
        ]
    }
}
