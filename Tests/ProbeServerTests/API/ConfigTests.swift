import Foundation
import Testing
@testable import ProbeHTTP
@testable import ProbeServer
import TestSupport
@testable import ProbeServerTesting

/// `/api/config` is what a phone loads twice a run (the storage.navigation probe reloads the
/// page): the part of the catalog the page reads, gzipped for a client that takes gzip.
@Suite struct ConfigTests {
    @Test func Config_CarriesThePagesPartOfTheCatalog_AsTheCatalogHasIt() throws {
        let s = try TestService()
        let config = try s.request("GET", "/api/config")
        #expect(config.status == 200)
        let part = try #require(config.json["catalog"] as? [String: Any])
        #expect(Set(part.keys) == CatalogDocument.pageMembers)
        let whole = try #require(try JSONSerialization.jsonObject(with: Data(s.request("GET", "/api/catalog").body)) as? [String: Any])
        for member in CatalogDocument.pageMembers {
            let mine = try JSONSerialization.data(withJSONObject: ["m": part[member] as Any], options: .sortedKeys)
            let theirs = try JSONSerialization.data(withJSONObject: ["m": whole[member] as Any], options: .sortedKeys)
            #expect(mine == theirs, "/api/config's \(member) differs from /api/catalog's")
        }
        // Every member the page's scripts read is there (Public/: `catalog.NAME`).
        let folder = Repository.file("Public").path
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder + "/probes").map { "probes/" + $0 }
            + FileManager.default.contentsOfDirectory(atPath: folder)
        for script in scripts where script.hasSuffix(".js") {
            let text = try String(contentsOfFile: folder + "/" + script, encoding: .utf8)
            for read in text.matches(of: /\bcatalog\.([a-zA-Z]+)/) {
                #expect(CatalogDocument.pageMembers.contains(String(read.1)), "\(script) reads catalog.\(read.1), which /api/config leaves out")
            }
        }
        #expect(config.json["origins"] != nil && config.json["schemaVersion"] as? Int == 1)
        // The API's description names the same members.
        let api = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let schemas = (api["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let described = (((schemas?["Config"] as? [String: Any])?["properties"] as? [String: Any])?["catalog"] as? [String: Any])?["description"] as? String ?? ""
        for member in CatalogDocument.pageMembers {
            #expect(described.contains(member), "the OpenAPI description of /api/config's catalog does not name \(member)")
        }
    }

    @Test func Config_IsGzippedForAClientThatTakesGzip_AndPlainForOneThatDoesNot() throws {
        let s = try TestService()
        let plain = try s.request("GET", "/api/config")
        #expect(plain.headers["content-encoding"] == nil)
        let packed = try s.request("GET", "/api/config", headers: ["Accept-Encoding": "gzip, deflate, br"])
        #expect(packed.headers["content-encoding"] == "gzip")
        #expect(packed.headers["vary"] == "Accept-Encoding")
        let unpacked = try #require(Gzip.decompress(packed.body))
        #expect(unpacked == plain.body)
        #expect(packed.body.count * 4 < plain.body.count, "gzip saves little: \(packed.body.count) of \(plain.body.count) bytes")
    }

    /// The page loads it twice a run (storage.navigation's return): the second load asks with
    /// the tag it kept and gets 304, no body; each encoding has its own tag; a stale tag, or
    /// a config that names a run, gets the whole body.
    @Test func Config_IsRevalidated_WithATagPerEncoding_NotSentTwice() throws {
        let s = try TestService()
        let plain = try s.request("GET", "/api/config")
        let packed = try s.request("GET", "/api/config", headers: ["Accept-Encoding": "gzip"])
        #expect(plain.headers["cache-control"] == "no-cache" && packed.headers["cache-control"] == "no-cache")
        let tag = try #require(plain.headers["etag"]), gzTag = try #require(packed.headers["etag"])
        #expect(tag != gzTag, "one tag for two representations")
        let again = try s.request("GET", "/api/config", headers: ["Accept-Encoding": "gzip", "If-None-Match": gzTag])
        #expect(again.status == 304 && again.body.isEmpty && again.headers["etag"] == gzTag)
        #expect(try s.request("GET", "/api/config", headers: ["If-None-Match": tag]).status == 304)
        // The identity tag does not validate the gzipped body, nor a stale one any.
        #expect(try s.request("GET", "/api/config", headers: ["Accept-Encoding": "gzip", "If-None-Match": tag]).status == 200)
        #expect(try s.request("GET", "/api/config", headers: ["If-None-Match": "\"stale\""]).body == plain.body)
        // Asked again, the same bytes (one encoding, kept).
        #expect(try s.request("GET", "/api/config", headers: ["Accept-Encoding": "gzip"]).body == packed.body)
        let id = try s.createRun()
        let withRun = try s.request("GET", "/api/config?run=\(id)", headers: ["If-None-Match": tag])
        #expect(withRun.status == 200 && (withRun.json["run"] as? [String: Any])?["id"] as? String == id)
    }
}
