import Testing
@testable import ProbeCatalog
@Test func Catalog_HasSchemaVersion() { #expect(ProbeCatalogVersion.schema == 1) }
