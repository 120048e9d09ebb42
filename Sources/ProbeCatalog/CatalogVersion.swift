// Placeholder replaced by the catalog.
public enum ProbeCatalogVersion { public static let schema = 1 }
