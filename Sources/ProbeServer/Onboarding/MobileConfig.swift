#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BeyondEssentials
import ProbeHTTP

/// An iOS/iPadOS configuration profile (`.mobileconfig`) that installs the local CA as a
/// trusted root: one `com.apple.security.root` payload (Apple, Configuration Profile
/// Reference, "Certificates" payloads). XML plist, unsigned: iOS shows it as "Not Signed",
/// which is expected for a CA the user creates on their own machine.
///
/// After installing, iOS still requires the user to switch on full trust for the root in
/// Settings › General › About › Certificate Trust Settings before TLS accepts it
/// (support.apple.com/HT204477); `trustInstructions` says so for the setup page.
public struct MobileConfig: Sendable, Equatable {
    /// The MIME type Safari hands to the profile installer.
    public static let contentType = "application/x-apple-aspen-config"
    /// Reverse-DNS prefix of the payload identifiers; a profile with the same identifier
    /// replaces the earlier one on the device instead of piling up.
    public static let identifierPrefix = "local.probe-server.ca"
    public static let trustInstructions =
        "After installing the profile, open Settings › General › About › Certificate Trust Settings "
        + "and turn on full trust for the probe-server local CA."

    public let authorityDER: [UInt8]
    public let authorityFingerprintSHA256: [UInt8]
    public let authorityName: String

    /// A suggested download name.
    public static let fileName = "probe-server-ca.mobileconfig"

    /// Same CA, same UUIDs: reinstalling replaces the profile, and a new CA gets new ones.
    /// The first half of the fingerprint names the profile, the second the payload.
    public var profileUUID: String { Self.uuid(Array(authorityFingerprintSHA256.prefix(16))) }
    public var payloadUUID: String { Self.uuid(Array(authorityFingerprintSHA256.dropFirst(16).prefix(16))) }

    /// 16 bytes as an RFC 9562 §5.8 version 8 ("custom") UUID: our bytes, with the version
    /// and variant bits set so the text is a well-formed UUID.
    static func uuid(_ source: [UInt8]) -> String {
        var bytes = source + [UInt8](repeating: 0, count: max(0, 16 - source.count))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte -> String in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0\(digits)" : digits
        }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]]
            .map { $0.joined() }.joined(separator: "-")
    }

    private var identifier: String {
        let short = authorityFingerprintSHA256.prefix(8).map { String(printf: "%02x", $0) }.joined()
        return "\(Self.identifierPrefix).\(short)"
    }

    /// The profile as an XML property list.
    public func xml() -> String {
        let name = Self.escape(authorityName)
        let certificate = Data(authorityDER).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>PayloadContent</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>PayloadCertificateFileName</key>
            \t\t\t<string>probe-server-ca.cer</string>
            \t\t\t<key>PayloadContent</key>
            \t\t\t<data>
            \(certificate)
            \t\t\t</data>
            \t\t\t<key>PayloadDescription</key>
            \t\t\t<string>Adds the probe-server local CA as a trusted root certificate.</string>
            \t\t\t<key>PayloadDisplayName</key>
            \t\t\t<string>\(name)</string>
            \t\t\t<key>PayloadIdentifier</key>
            \t\t\t<string>\(identifier).root</string>
            \t\t\t<key>PayloadType</key>
            \t\t\t<string>com.apple.security.root</string>
            \t\t\t<key>PayloadUUID</key>
            \t\t\t<string>\(payloadUUID)</string>
            \t\t\t<key>PayloadVersion</key>
            \t\t\t<integer>1</integer>
            \t\t</dict>
            \t</array>
            \t<key>PayloadDescription</key>
            \t<string>Lets this device trust HTTPS from your probe-server. \(Self.escape(Self.trustInstructions))</string>
            \t<key>PayloadDisplayName</key>
            \t<string>\(name)</string>
            \t<key>PayloadIdentifier</key>
            \t<string>\(identifier)</string>
            \t<key>PayloadOrganization</key>
            \t<string>probe-server</string>
            \t<key>PayloadRemovalDisallowed</key>
            \t<false/>
            \t<key>PayloadType</key>
            \t<string>Configuration</string>
            \t<key>PayloadUUID</key>
            \t<string>\(profileUUID)</string>
            \t<key>PayloadVersion</key>
            \t<integer>1</integer>
            </dict>
            </plist>

            """
    }

    /// The profile bytes to serve with `contentType`.
    public var data: [UInt8] { Array(xml().utf8) }

    private static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}

// In an extension, so that Swift still synthesises the memberwise initializer (the tests' own CA).
extension MobileConfig {
    public init(certificates: LocalCertificates) {
        self.init(authorityDER: certificates.authorityDER,
                  authorityFingerprintSHA256: certificates.authorityFingerprintSHA256,
                  authorityName: certificates.authorityCommonName)
    }
}
