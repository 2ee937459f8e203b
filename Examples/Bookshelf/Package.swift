// swift-tools-version: 6.3

import PackageDescription

// The example is a package of its own, so Relay's users never resolve Hummingbird, Vapor or GRDB.
let package = Package(
    name: "Bookshelf",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bookshelf", targets: ["bookshelf"]),
        .executable(name: "bookshelf-vapor", targets: ["bookshelf-vapor"]),
    ],
    dependencies: [
        // The integrations the program uses: the -d option for swift-argument-parser, the
        // container as a service of a ServiceGroup, and a unit of work per HTTP request.
        .package(
            name: "Relay", path: "../..",
            traits: [
                "ArgumentParserSupport", "ServiceLifecycleSupport", "HummingbirdSupport", "HTTPClientSupport",
                "VaporSupport",
            ]),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        // Hummingbird's header types, for the X-Request-ID header.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/vapor/vapor.git", exact: "4.122.3"),
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Hummingbird's own logging library: the program logs its life cycle with it.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The service without a web framework: domain, storage, upstream client, the answers both
        // front ends give, and its Relay wiring.
        .target(
            name: "BookshelfCore",
            dependencies: [
                .product(name: "Relay", package: "Relay"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The Hummingbird front end: routes, middleware, and the server as a ServiceGroup service.
        .target(
            name: "BookshelfHummingbird",
            dependencies: [
                "BookshelfCore",
                .product(name: "Relay", package: "Relay"),
                .product(name: "RelayHummingbird", package: "Relay"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The Vapor front end: the same routes and answers, on Vapor's application and command line.
        .target(
            name: "BookshelfVapor",
            dependencies: [
                "BookshelfCore",
                .product(name: "Relay", package: "Relay"),
                .product(name: "RelayVapor", package: "Relay"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        // What drivers may inject: the type and factory keys and the stubs. Every file in it is
        // `#if DEBUG`, so a release build compiles it empty: no stub ships, and the release
        // program has no -d option (Scripts/check-bookshelf-release.sh proves both).
        .target(
            name: "BookshelfStubs",
            dependencies: [
                "BookshelfCore",
                .product(name: "Relay", package: "Relay"),
            ]
        ),
        // The Hummingbird program: reads its command line and instructions, then runs the container
        // and the server in a ServiceGroup until SIGTERM or SIGINT.
        .executableTarget(
            name: "bookshelf",
            dependencies: [
                "BookshelfCore",
                "BookshelfHummingbird",
                "BookshelfStubs",
                .product(name: "Relay", package: "Relay"),
                .product(name: "RelayArgumentParser", package: "Relay"),
                .product(name: "RelayServiceLifecycle", package: "Relay"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        // The Vapor program: takes its instructions out of the arguments, then hands the rest to
        // Vapor (`serve`, `routes`, `--env`), which runs the container with the application.
        .executableTarget(
            name: "bookshelf-vapor",
            dependencies: [
                "BookshelfCore",
                "BookshelfVapor",
                "BookshelfStubs",
                .product(name: "Relay", package: "Relay"),
                .product(name: "RelayVapor", package: "Relay"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        // A benchmark, not a test: what a driver test costs when it launches the program, against
        // a session in a program launched once (`swift run bookshelf-session-cost`).
        .executableTarget(
            name: "bookshelf-session-cost",
            dependencies: [
                .product(name: "RelayTesting", package: "Relay"),
                .product(name: "RelayTestingHTTP", package: "Relay"),
            ]
        ),
        // Driver tests: launch the built `bookshelf` and `bookshelf-vapor` and talk HTTP to them;
        // and the same scenario in process, with HummingbirdTesting and VaporTesting.
        .testTarget(
            name: "BookshelfDriverTests",
            dependencies: [
                "BookshelfCore",
                "BookshelfHummingbird",
                "BookshelfVapor",
                "BookshelfStubs",
                // Deadlines, and waiting for what the program or a fake records.
                "RelayIntegrationTestSupport",
                // Reads the database a stopped program left behind.
                .product(name: "GRDB", package: "GRDB.swift"),
                // Makes `swift test` build the program before the tests that launch it.
                "bookshelf",
                "bookshelf-vapor",
                .product(name: "RelayTesting", package: "Relay"),
                // One launched program shared by the suites that fit, a session per test.
                .product(name: "RelayTestingSupport", package: "Relay"),
                .product(name: "RelayVapor", package: "Relay"),
                .product(name: "RelayTestingHTTP", package: "Relay"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Driver tests whose instructions are all built from typed keys: the compiler checks each
        // pairing, and the launcher checks each against the program's index before it starts it.
        .testTarget(
            name: "BookshelfTypedDriverTests",
            dependencies: [
                "BookshelfCore",
                "BookshelfStubs",
                // Makes `swift test` build the programs before the tests that launch them.
                "bookshelf",
                "bookshelf-vapor",
                .product(name: "RelayTesting", package: "Relay"),
            ]
        ),
        // RelayHummingbird's and RelayVapor's own tests. They live here rather than in the Relay
        // package so that Hummingbird and Vapor are built once, for the example and for them (a
        // clean Vapor build takes minutes on CI).
        // What the two integrations' tests share: a container of per-unit instances, an event log,
        // a recording log handler, deadlines, and records a test can wait on. A plain target, not a product.
        .target(
            name: "RelayIntegrationTestSupport",
            dependencies: [
                .product(name: "Relay", package: "Relay"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/RelayIntegrationTestSupport"
        ),
        .testTarget(
            name: "RelayHummingbirdTests",
            dependencies: [
                "RelayIntegrationTestSupport",
                .product(name: "Relay", package: "Relay"),
                .product(name: "RelayHummingbird", package: "Relay"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "RelayVaporTests",
            dependencies: [
                "RelayIntegrationTestSupport",
                .product(name: "Relay", package: "Relay"),
                .product(name: "RelayVapor", package: "Relay"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where [.regular, .test, .executable].contains(target.type) {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
