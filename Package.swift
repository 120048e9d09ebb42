// swift-tools-version:6.0
// probe-server: a self-hosted WebView capability prober.
// No Swift package dependencies: C libraries come from Debian (apt) or Homebrew (brew, a
// macOS build: docs/macos.md) through systemLibrary targets.
import PackageDescription
#if os(Linux)
import Glibc
#endif

/// The release binary's relative relocations packed (DT_RELR, by lld): 81,000 RELA entries
/// (1.9 MB the loader reads at every start, and keeps resident) become 16 KB, so an idle
/// server holds 1.4 MB less (docs/performance.md). Only where it runs: glibc reads DT_RELR
/// from 2.36 on (Debian 12), and a binary runs where it was built or, from the Containerfile,
/// on the same Debian release; an older glibc, or a toolchain without ld.lld, links as before.
let packedRelocations: [LinkerSetting] = {
    #if os(Linux)
    var version = [CChar](repeating: 0, count: 32)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &version, version.count) > 0 else { return [] }
    // "glibc 2.36"
    let text = String(decoding: version.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let numbers = text.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    guard numbers.count >= 2, (numbers[0], numbers[1]) >= (2, 36) else { return [] }
    let path = getenv("PATH").map { String(cString: $0) } ?? ""
    guard path.split(separator: ":").contains(where: { access("\($0)/ld.lld", X_OK) == 0 }) else { return [] }
    return [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(configuration: .release))]
    #else
    return []
    #endif
}()

let package = Package(
    name: "probe-server",
    products: [
        .executable(name: "probe-server", targets: ["probe-server"]),
        .library(name: "ProbeCatalog", targets: ["ProbeCatalog"]),
        .library(name: "ProbeServer", targets: ["ProbeServer"]),
        .library(name: "ProbeHTTP", targets: ["ProbeHTTP"]),
        .library(name: "ProbeStore", targets: ["ProbeStore"]),
        .library(name: "ProbeRuns", targets: ["ProbeRuns"]),
        .library(name: "ProbeClient", targets: ["ProbeClient"]),
        .library(name: "ProbeEngines", targets: ["ProbeEngines"]),
    ],
    targets: [
        // epoll, eventfd and friends are not exported by Glibc's Swift module. Linux only:
        // a Darwin build waits with poll(2) (Loop/ReadinessPoller.swift).
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        // Homebrew's openssl@3, sqlite and zlib are keg-only: pkg-config finds them through
        // PKG_CONFIG_PATH (docs/macos.md).
        .systemLibrary(
            name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // The team instance's shared store (PostgreSQL); SQLite stays the embedded default.
        // Its header only: libpq is loaded with dlopen on first use (ProbeStore/LibPQ.swift),
        // so no pkg-config here (it would link -lpq into every start); a macOS build names
        // Homebrew's header folder with -Xcc -I (docs/macos.md).
        .systemLibrary(
            name: "CPostgres", path: "Sources/CPostgres",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),

        // What full Foundation gave and FoundationEssentials does not (a thread, a condition,
        // Unicode whitespace trimming): every module imports FoundationEssentials only, so the
        // binary links no ICU data (docs/performance.md).
        // And OpenSSL's SHA-256 (`Digest`), the JSON settings (`JSONCoding`) and the running
        // executable's path: what the layers above HTTP read too (ProbeRuns).
        .target(name: "BeyondEssentials", dependencies: ["COpenSSL"], path: "Sources/BeyondEssentials"),

        // The product's knowledge: probes, platforms, profiles, diff. Pure: no I/O. What was
        // read in each wrapper's source is a data file in the wrapper's folder, embedded in the code (no
        // file at run time).
        .target(
            name: "ProbeCatalog", dependencies: ["BeyondEssentials"], path: "Sources/ProbeCatalog",
            resources: [
                "native-ios", "native-android", "react-native-webview", "webview_flutter", "flutter_inappwebview",
                "capacitor", "cordova", "maui",
            ].map { .embedInCode("Wrappers/\($0)/\($0).json") }),
        // Sockets, the event loop, TLS, HTTP/1.1, routing and static files: a web server that
        // knows nothing of runs or probes.
        .target(
            name: "ProbeHTTP",
            dependencies: [
                "BeyondEssentials", .target(name: "CEpoll", condition: .when(platforms: [.linux])), "COpenSSL", "CZlib",
            ],
            path: "Sources/ProbeHTTP"),
        // Where runs and results are kept: SQLite (embedded) and PostgreSQL (a team instance),
        // their migrations and quotas.
        .target(
            name: "ProbeStore", dependencies: ["BeyondEssentials", "ProbeCatalog", "CSQLite", "CPostgres"],
            path: "Sources/ProbeStore"),
        // A run's judging: stored records to the catalog's diff (`RunJudge`), the judgement of a
        // completed run kept per catalog and read back (`RunJudgements`), and the key it is kept
        // under (`CatalogVersion`), and the one complete → judge → keep → announce sequence
        // (`RunCompletion`), announcing through a `RunAnnouncer` the server gives it (webhooks,
        // waits, the verdict feed). What the server, the CLI's `diff` and the tests all call.
        // No ProbeHTTP: no response or HTTP error is made here (the server turns outcomes into
        // answers).
        .target(
            name: "ProbeRuns", dependencies: ["BeyondEssentials", "ProbeCatalog", "ProbeStore"],
            path: "Sources/ProbeRuns"),
        // A client of a probe-server's API, over ProbeHTTP's sockets and TLS.
        .target(
            name: "ProbeClient", dependencies: ["BeyondEssentials", "ProbeHTTP", "COpenSSL"],
            path: "Sources/ProbeClient"),
        // The product on top: the run API, reports, onboarding, webhooks, the service.
        .target(
            name: "ProbeServer",
            dependencies: ["BeyondEssentials", "ProbeCatalog", "ProbeHTTP", "ProbeStore", "ProbeRuns", "ProbeClient"],
            path: "Sources/ProbeServer"),
        // The engines of `probe-server try`: child processes in their own groups, Chromium's
        // profile, account and DevTools pipe (its messages as the catalog's JSONValue), the WebView
        // hosts.
        .target(name: "ProbeEngines", dependencies: ["BeyondEssentials", "ProbeCatalog"], path: "Sources/ProbeEngines"),
        // The CLI: argument parsing and wiring only.
        .executableTarget(
            name: "probe-server", dependencies: ["BeyondEssentials", "ProbeServer", "ProbeHTTP", "ProbeStore", "ProbeRuns", "ProbeClient", "ProbeCatalog", "ProbeEngines"],
            path: "Sources/probe-server", linkerSettings: packedRelocations),

        // Tests: one target per module, each importing only its module and the layers below,
        // and the testing libraries in the same layers (docs/testing.md). Tests only, never shipped.
        // What any test target uses: a deterministic generator, the repository's files.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // A server on a loopback port, or answering through its router in this process; a raw
        // client; TLS peers.
        .target(name: "ProbeHTTPTesting", dependencies: ["ProbeHTTP", "TestSupport"], path: "Tests/ProbeHTTPTesting"),
        // Stores in fresh folders, a throwaway PostgreSQL.
        .target(name: "ProbeStoreTesting", dependencies: ["ProbeStore", "ProbeCatalog", "TestSupport"], path: "Tests/ProbeStoreTesting"),
        // The assembled service, reached through its router in this process or over a socket;
        // report and CLI fixtures.
        .target(
            name: "ProbeServerTesting", dependencies: ["ProbeServer", "ProbeHTTPTesting", "ProbeStoreTesting"],
            path: "Tests/ProbeServerTesting"),
        .testTarget(name: "BeyondEssentialsTests", dependencies: ["BeyondEssentials"], path: "Tests/BeyondEssentialsTests"),
        .testTarget(
            name: "ProbeCatalogTests", dependencies: ["ProbeCatalog", "TestSupport"],
            path: "Tests/ProbeCatalogTests", resources: [.copy("Fixtures")]),
        .testTarget(name: "ProbeHTTPTests", dependencies: ["ProbeHTTP", "ProbeHTTPTesting"], path: "Tests/ProbeHTTPTests"),
        .testTarget(
            name: "ProbeStoreTests", dependencies: ["ProbeStore", "ProbeCatalog", "ProbeStoreTesting"],
            path: "Tests/ProbeStoreTests"),
        .testTarget(
            name: "ProbeRunsTests", dependencies: ["ProbeRuns", "ProbeStore", "ProbeCatalog", "ProbeStoreTesting"],
            path: "Tests/ProbeRunsTests"),
        .testTarget(name: "ProbeClientTests", dependencies: ["ProbeClient", "ProbeHTTPTesting"], path: "Tests/ProbeClientTests"),
        .testTarget(
            name: "ProbeServerTests",
            dependencies: ["BeyondEssentials", "ProbeServer", "ProbeHTTP", "ProbeStore", "ProbeRuns", "ProbeClient", "ProbeCatalog", "ProbeServerTesting"],
            path: "Tests/ProbeServerTests"),
        .testTarget(
            name: "ProbeEnginesTests", dependencies: ["ProbeEngines", "ProbeCatalog", "BeyondEssentials"],
            path: "Tests/ProbeEnginesTests"),
        .testTarget(
            name: "ProbeServerCLITests", dependencies: ["probe-server", "ProbeEngines", "ProbeServerTesting"],
            path: "Tests/ProbeServerCLITests"),
    ],
    swiftLanguageModes: [.v6]
)
