// swift-tools-version:6.0
import Foundation
import PackageDescription

// FLEET_AUDIT_FUZZ=1 (set by Tests/Fuzz/run.sh, with its own --scratch-path) instruments the library and the
// harness for libFuzzer + AddressSanitizer; ordinary builds are unaffected.
let fuzzing = ProcessInfo.processInfo.environment["FLEET_AUDIT_FUZZ"] == "1"
let fuzzLibrary: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []
let fuzzHarness: [SwiftSetting] =
    fuzzing ? [.define("FUZZING"), .unsafeFlags(["-sanitize=fuzzer,address", "-parse-as-library"])] : []
let fuzzLink: [LinkerSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []
// Release builds of the ingest target and of the formats skip the run-time exclusivity checks: ingest paid them
// per row (swift_beginAccess on the reader's buffer and counters), and the formats' evaluators, whose memos are
// classes, several per profile × config (docs/performance.md has the figures). Debug builds, which the tests use,
// keep them, so a violation still fails the tests.
let releaseSpeed: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "FleetAudit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "fleet-audit", targets: ["fleet-audit"]),
        .library(name: "FleetAudit", targets: ["FleetAudit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        // Renders the HTML report from Templates/; escapes HTML by default (Stencil does not).
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        // Reads electron-updater's YAML feeds (libyaml underneath): its node tree keeps each scalar's style and
        // position, so the format resolves plain scalars as js-yaml does and locates each value.
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // The system SQLite through its C API: the benchmark notes show stepping rows into our own
        // hash table beats pushing GROUP BY into SQLite, and no wrapper is needed for a read-only scan.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libxml2 writes the XML report (xmlTextWriter); the tests check it against the XSD.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // libcurl for config URLs, called directly rather than through URLSession: URLSession inflates a
        // compressed answer and buffers it faster than its delegate can stop it, and follows redirects without
        // asking. A C target because curl_easy_setopt is variadic, which Swift cannot call.
        .target(
            name: "CCurl",
            linkerSettings: [.linkedLibrary("curl")]
        ),
        // A cache-line prefetch for the engine's batched key lookups (`ProfileKeyTable`): a C target because Swift
        // has no prefetch and does not import clang's `_mm_prefetch` macro.
        .target(name: "CPrefetch"),
        // Values: what every layer speaks — platforms, devices as formats see them and what a format reads.
        // No dependencies: formats, the engine, reports and runs all build on it.
        .target(
            name: "FleetAuditValues",
            swiftSettings: fuzzLibrary
        ),
        // Formats: one folder per config format behind `ConfigFormat` and the registry. A format reads a
        // document and decides for a `Device`; it cannot see the engine's stores, ids or pointers.
        .target(
            name: "FleetAuditFormats",
            dependencies: [
                "FleetAuditValues",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: fuzzLibrary + releaseSpeed
        ),
        // The libcurl boundary: a config URL fetched with the limits docs/security.md states, C callbacks and all.
        .target(
            name: "FleetAuditHTTP",
            dependencies: ["FleetAuditValues", "CCurl"],
            swiftSettings: fuzzLibrary
        ),
        // The engine: bytes (CSV, SQLite) in, a table of distinct profiles and its accounting out, then every
        // profile evaluated once per config through the formats' `Device` protocol (projection, fixed fields,
        // attribute classes, memos' scopes). Its stores, ids and unsafe pointers are its own, and so is the
        // release build's unchecked exclusivity.
        .target(
            name: "FleetAuditEngine",
            dependencies: ["FleetAuditValues", "FleetAuditFormats", "CSQLite", "CPrefetch"],
            swiftSettings: fuzzLibrary + releaseSpeed
        ),
        // The libxml2 boundary: the XML report's writer and the reader of XML configs (appcasts), C strings
        // and all; what it reads it hands over as values (`XMLElementValue`).
        .target(
            name: "FleetAuditXML",
            dependencies: ["FleetAuditValues", "CLibXML2"],
            swiftSettings: fuzzLibrary
        ),
        // Reports: the models every output reads (audit, plan, whatif, validation), their pure renderers (JSON,
        // XML, HTML from Templates/, JUnit, step summaries, metrics), the gates, the terminal text and atomic
        // files. It sees values and formats, never the engine: a report cannot reach a store or an id.
        .target(
            name: "FleetAuditReports",
            dependencies: [
                "FleetAuditValues",
                "FleetAuditFormats",
                "FleetAuditXML",
                // The SHA-256 of configs and releases the reports show (and GitLab's fingerprints).
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: fuzzLibrary,
            plugins: ["EmbedTemplatesPlugin"]
        ),
        // Runs: what each command does (audit, plan, whatif, explain, validate, query, history), the inputs it
        // loads (configs, releases), the history file — the engine's door for the CLI and the tests.
        .target(
            name: "FleetAudit",
            dependencies: [
                "FleetAuditValues",
                "FleetAuditFormats",
                "FleetAuditEngine",
                "FleetAuditReports",
                "FleetAuditXML",
                "FleetAuditHTTP",
                // The audit history (--history) writes its own SQLite file.
                "CSQLite",
                // SHA-256 of a config's parsed tree: copies that differ only in layout are one document to the
                // engine (`TreeIdentity`).
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: fuzzLibrary
        ),
        // The fuzz targets: what the libFuzzer harness drives and the tests replay saved inputs through. Not
        // part of the library the CLI links.
        .target(
            name: "FleetAuditFuzzTargets", dependencies: ["FleetAudit"], path: "Tests/FleetAuditFuzzTargets",
            swiftSettings: fuzzLibrary),
        // libFuzzer harness (Tests/Fuzz/run.sh builds it with FLEET_AUDIT_FUZZ=1); built
        // normally it replays inputs.
        .executableTarget(
            name: "fleet-audit-fuzz", dependencies: ["FleetAuditFuzzTargets"], path: "Sources/fleet-audit-fuzz",
            swiftSettings: fuzzHarness, linkerSettings: fuzzLink),
        // Templates/ are compiled into the library so an installed binary needs no source tree.
        .executableTarget(name: "embed-templates", path: "Sources/embed-templates"),
        .plugin(
            name: "EmbedTemplatesPlugin",
            capability: .buildTool(),
            dependencies: ["embed-templates"],
            path: "Sources/EmbedTemplatesPlugin"
        ),
        .executableTarget(
            name: "fleet-audit",
            dependencies: [
                "FleetAudit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The CLI sees only the library's public surface — the runs, their requests, the report models and
            // writers — not the `package` declarations the other targets and the tests share: what is public is
            // what a thin CLI needs, and the compiler keeps it so.
            packageAccess: false,
            plugins: ["EmbedBuildInfoPlugin"]
        ),
        // `fleet-audit --version` names the commit it was built from (git, asked before each build).
        .plugin(name: "EmbedBuildInfoPlugin", capability: .buildTool(), path: "Sources/EmbedBuildInfoPlugin"),
        // What only the tests use: the XSD check of the XML reports (through libxml2).
        .target(name: "FleetAuditTestSupport", dependencies: ["CLibXML2"], path: "Tests/FleetAuditTestSupport"),
        .testTarget(
            name: "FleetAuditTests",
            dependencies: [
                "FleetAudit", "FleetAuditValues", "FleetAuditFormats", "FleetAuditEngine", "FleetAuditReports",
                "FleetAuditXML",
                "FleetAuditHTTP", "FleetAuditFuzzTargets", "FleetAuditTestSupport", "CSQLite", "CLibXML2",
            ],
            resources: [.copy("Fixtures"), .copy("Snapshots")]
        ),
    ]
)
