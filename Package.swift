// swift-tools-version:6.0
import PackageDescription

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
    ],
    targets: [
        // The system SQLite through its C API: the benchmark notes show stepping rows into our own
        // hash table beats pushing GROUP BY into SQLite, and no wrapper is needed for a read-only scan.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "FleetAudit",
            dependencies: [
                "CSQLite",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "fleet-audit",
            dependencies: [
                "FleetAudit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "FleetAuditTests",
            dependencies: ["FleetAudit", "CSQLite"],
            resources: [.copy("Fixtures"), .copy("Snapshots")]
        ),
    ]
)
