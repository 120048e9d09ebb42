// swift-tools-version:6.0
// probe-server: a self-hosted WebView capability prober.
// No Swift package dependencies: C libraries come from Debian through systemLibrary targets.
import PackageDescription

let package = Package(
    name: "probe-server",
    products: [
        .executable(name: "probe-server", targets: ["probe-server"]),
        .library(name: "ProbeCatalog", targets: ["ProbeCatalog"]),
        .library(name: "ProbeServer", targets: ["ProbeServer"]),
        .library(name: "ProbeEngines", targets: ["ProbeEngines"]),
    ],
    targets: [
        // epoll, eventfd and friends are not exported by Glibc's Swift module.
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        .systemLibrary(
            name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]),
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        // The team instance's shared store (PostgreSQL); SQLite stays the embedded default.
        .systemLibrary(
            name: "CPostgres", path: "Sources/CPostgres", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]),
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),

        // The product's knowledge: probes, platforms, profiles, diff. Pure: no I/O.
        .target(name: "ProbeCatalog", path: "Sources/ProbeCatalog"),
        // Sockets, TLS, HTTP, routing, storage, reports.
        .target(
            name: "ProbeServer",
            dependencies: ["ProbeCatalog", "CEpoll", "COpenSSL", "CSQLite", "CPostgres", "CZlib"],
            path: "Sources/ProbeServer"),
        // The engines of `probe-server try`: child processes in their own groups, Chromium's
        // profile, account and DevTools pipe, the WebView hosts. Foundation only.
        .target(name: "ProbeEngines", path: "Sources/ProbeEngines"),
        // The CLI: argument parsing and wiring only.
        .executableTarget(
            name: "probe-server", dependencies: ["ProbeServer", "ProbeCatalog", "ProbeEngines"],
            path: "Sources/probe-server"),

        .testTarget(
            name: "ProbeCatalogTests", dependencies: ["ProbeCatalog"],
            path: "Tests/ProbeCatalogTests", resources: [.copy("Fixtures")]),
        .testTarget(
            name: "ProbeServerTests", dependencies: ["ProbeServer", "ProbeCatalog", "ProbeEngines", "CEpoll", "probe-server"],
            path: "Tests/ProbeServerTests"),
    ],
    swiftLanguageModes: [.v6]
)
