// swift-tools-version: 6.3

// Relay's benchmarks, in a package of their own so that package-benchmark, Swinject and
// swift-dependencies never reach Relay's users. Run them with `./compare.py` (one table) or
// `swift package --disable-sandbox benchmark` (package-benchmark's own report); see README.md.

import PackageDescription

let package = Package(
    name: "RelayBenchmarks",
    platforms: [
        // Relay's own floor (Synchronization.Mutex).
        .macOS(.v15), .iOS(.v18),
    ],
    dependencies: [
        .package(name: "Relay", path: ".."),
        // Only the malloc interposer: the default "RuntimeInterposer" trait would pull in
        // swift-runtime-interposer, which ARC counting needs and these benchmarks do not.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject.git", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    ],
    targets: [
        .executableTarget(
            name: "RelayBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Relay", package: "Relay"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                "HandWrittenAsync",
            ],
            path: "Benchmarks/RelayBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
                .plugin(name: "GraphPlugin"),
            ]
        ),
        // The hand-written async getter of scenarios 13 and 14, in a module of its own as Relay is.
        .target(name: "HandWrittenAsync", path: "Sources/HandWrittenAsync"),
        // Scenario 7's graph (150 nodes and their wiring for each library), generated into the
        // plugin's work directory at build time rather than committed.
        .plugin(
            name: "GraphPlugin",
            capability: .buildTool(),
            dependencies: ["GraphGenerator"],
            path: "Plugins/GraphPlugin"
        ),
        .executableTarget(
            name: "GraphGenerator",
            path: "Tools/GraphGenerator",
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ]
        ),
        // Relay's hot paths in a loop, for callgrind or perf (Scripts/profile.sh).
        .executableTarget(
            name: "RelayProfile",
            dependencies: [.product(name: "Relay", package: "Relay")],
            path: "Profile/RelayProfile"
        ),
        // The round trip of one call of a stub the test answers, beside an HTTP round trip on
        // loopback (Scripts/stub-round-trip.sh): a program that launches itself as the program under
        // test, not a package-benchmark suite.
        .executableTarget(
            name: "StubRoundTrip",
            dependencies: [
                .product(name: "Relay", package: "Relay"),
                .product(name: "RelayTesting", package: "Relay"),
            ],
            path: "RoundTrip/StubRoundTrip",
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
