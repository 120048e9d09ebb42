// A testing library: compiled in debug builds only. `swift build -c release` builds every
// library target of the package, and `@testable import` needs the modules compiled for
// testing, which SwiftPM does in debug (the configuration `swift test` uses).
#if DEBUG
import Foundation
@testable import ProbeHTTP

extension CertificateDirectory {
    /// The user's CA folder of a test's data folder: a folder of its own inside it
    /// (`user-ca/`), so no test reads or writes the CA of the real home, and each starts
    /// without one.
    var testAuthority: AuthorityFolder { AuthorityFolder(path: path + "/user-ca") }

    /// `prepare` with `testAuthority` as the user's CA folder.
    func prepare(hostName: String, addresses: [String], advertised: AdvertisedHosts? = nil,
                 now: Date = Date()) throws -> LocalCertificates {
        try prepare(hostName: hostName, addresses: addresses, advertised: advertised, authority: testAuthority, now: now)
    }
}
#endif
