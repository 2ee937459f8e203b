// swift-tools-version: 6.3

import PackageDescription

let package = Package(
    name: "Relay",
    platforms: [
        // Synchronization (Mutex, Atomic) needs these.
        .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
    ],
    products: [
        .library(name: "Relay", targets: ["Relay"]),
        .library(name: "RelayTesting", targets: ["RelayTesting"]),
        // What plugs RelayTesting into Swift Testing and XCTest: suite traits, test-case classes.
        .library(name: "RelayTestingSupport", targets: ["RelayTestingSupport"]),
        // Built with the ArgumentParserSupport trait only; see the target below.
        .library(name: "RelayArgumentParser", targets: ["RelayArgumentParser"]),
        // Built with the LoggingSupport trait only; see the target below.
        .library(name: "RelayLogging", targets: ["RelayLogging"]),
        // Built with the ServiceLifecycleSupport trait only; see the target below.
        .library(name: "RelayServiceLifecycle", targets: ["RelayServiceLifecycle"]),
        // Built with the HummingbirdSupport trait only; see the target below.
        .library(name: "RelayHummingbird", targets: ["RelayHummingbird"]),
        // Built with the HTTPClientSupport trait only; see the target below.
        .library(name: "RelayTestingHTTP", targets: ["RelayTestingHTTP"]),
        // Built with the VaporSupport trait only; see the target below.
        .library(name: "RelayVapor", targets: ["RelayVapor"]),
    ],
    traits: [
        .trait(
            name: "ArgumentParserSupport",
            description: "Builds RelayArgumentParser, the -d/--dependency option group for swift-argument-parser."),
        .trait(
            name: "LoggingSupport",
            description: "Builds RelayLogging, which reports every resolution through swift-log."),
        .trait(
            name: "ServiceLifecycleSupport",
            description:
                "Builds RelayServiceLifecycle, which runs a container as a service of a swift-service-lifecycle ServiceGroup."
        ),
        .trait(
            name: "HummingbirdSupport",
            description:
                "Builds RelayHummingbird: a unit of work per request, and routes that get their dependencies from it."
        ),
        .trait(
            name: "HTTPClientSupport",
            description:
                "Builds RelayTestingHTTP: a launched HTTP program on a free port, and an AsyncHTTPClient that talks to it."
        ),
        .trait(
            name: "VaporSupport",
            description:
                "Builds RelayVapor: the container started and shut down with a Vapor application, a unit of work per request, and instructions read before Vapor's command line."
        ),
        // Off by default, so that users of the core never resolve swift-argument-parser, swift-log,
        // swift-service-lifecycle, Hummingbird, AsyncHTTPClient or Vapor.
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        // Only for `swift package generate-documentation`; no target depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Relay", dependencies: ["CRelayThreadLocal"]),
        // C's thread-local storage for the resolution hot path (Swift has none); part of the core,
        // not a dependency: it ships inside the Relay product.
        .target(name: "CRelayThreadLocal"),
        // Launching and driving a program under test. It imports no test framework, so any launcher
        // can link it: a test, a benchmark, a harness (Benchmarks' StubRoundTrip, the example's
        // bookshelf-session-cost are executables).
        .target(name: "RelayTesting", dependencies: ["Relay", "CRelayTestingSpawn"]),
        // Everything that imports Swift Testing or XCTest (both ship with the toolchain), and only
        // that: the shared program's suite trait and XCTest sessions, the coverage report's trait
        // and observer, isolated dependencies for a test (trait and XCTestCase).
        .target(name: "RelayTestingSupport", dependencies: ["Relay", "RelayTesting"]),
        // fork and exec for RelayTesting: the program under test needs code run between the two
        // (PR_SET_PDEATHSIG), which posix_spawn cannot do. Ships inside the RelayTesting product.
        .target(name: "CRelayTestingSpawn"),
        .target(
            name: "RelayArgumentParser",
            dependencies: [
                "Relay",
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser",
                    condition: .when(traits: ["ArgumentParserSupport"])),
            ]),
        .target(
            name: "RelayLogging",
            dependencies: [
                "Relay",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["LoggingSupport"])),
            ]),
        .target(
            name: "RelayServiceLifecycle",
            dependencies: [
                "Relay",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["ServiceLifecycleSupport"])),
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["ServiceLifecycleSupport"])),
            ]),
        .target(
            name: "RelayHummingbird",
            dependencies: [
                "Relay",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["HummingbirdSupport"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["HummingbirdSupport"])),
            ]),
        .target(
            name: "RelayTestingHTTP",
            dependencies: [
                "RelayTesting",
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client",
                    condition: .when(traits: ["HTTPClientSupport"])),
            ]),
        .target(
            name: "RelayVapor",
            dependencies: [
                "Relay",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["VaporSupport"])),
            ]),
        // Helpers and fixtures that the test targets share. A plain target, not a product: no
        // consumer of the package ever builds it.
        .target(name: "RelayTestSupport", dependencies: ["Relay"], path: "Tests/RelayTestSupport"),
        .testTarget(name: "RelayTests", dependencies: ["Relay", "RelayTestSupport"]),
        // Threads and tasks racing: Scripts/test.sh runs this target again under the thread and
        // the address sanitizers.
        .testTarget(name: "RelayConcurrencyTests", dependencies: ["Relay", "RelayTestSupport"]),
        // The depth limit and wide tables: Scripts/test.sh runs this target again under the
        // address sanitizer.
        .testTarget(name: "RelayLimitsTests", dependencies: ["Relay", "RelayTestSupport"]),
        .testTarget(
            name: "RelayLoggingTests",
            dependencies: [
                "RelayLogging",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["LoggingSupport"])),
            ]),
        .testTarget(
            name: "RelayServiceLifecycleTests",
            dependencies: [
                "RelayServiceLifecycle",
                // The teardown-failure logging tests cover RelayLogging's and the service's together.
                "RelayLogging",
                "RelayTestSupport",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["ServiceLifecycleSupport"])),
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["ServiceLifecycleSupport"])),
            ]),
        // The programs RelayTestingTests launch: a Relay program that reports its wiring, and one
        // that launches another and is then killed. A test target's dependency, so `swift test`
        // builds it beside the tests.
        .executableTarget(
            name: "RelayTestingFixture", dependencies: ["RelayTesting"], path: "Tests/RelayTestingFixture"),
        .testTarget(
            name: "RelayTestingTests",
            dependencies: ["RelayTesting", "RelayTestingSupport", "RelayTestSupport", "RelayTestingFixture"]),
        .testTarget(
            name: "RelayArgumentParserTests",
            dependencies: [
                "RelayArgumentParser",
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser",
                    condition: .when(traits: ["ArgumentParserSupport"])),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// The C targets take no Swift settings.
for target in package.targets
where [.regular, .test, .executable].contains(target.type) && !target.name.hasPrefix("CRelay") {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
