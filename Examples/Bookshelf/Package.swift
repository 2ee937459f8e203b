// swift-tools-version: 6.3

import PackageDescription

// The example is a package of its own, so Relay's users never resolve Hummingbird or GRDB.
let package = Package(
    name: "Bookshelf",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bookshelf", targets: ["bookshelf"])
    ],
    dependencies: [
        // The integrations the program uses: the -d option for swift-argument-parser, the
        // container as a service of a ServiceGroup, and a unit of work per HTTP request.
        .package(
            name: "Relay", path: "../..",
            traits: ["ArgumentParserSupport", "ServiceLifecycleSupport", "HummingbirdSupport", "HTTPClientSupport"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        // Hummingbird's header types, for the X-Request-ID header.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Hummingbird's own logging library: the program logs its life cycle with it.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The service: domain, storage, upstream client, HTTP routes, and its Relay wiring.
        .target(
            name: "BookshelfCore",
            dependencies: [
                .product(name: "Relay", package: "Relay"),
                .product(name: "RelayHummingbird", package: "Relay"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
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
        // The program: reads its command line and instructions, then runs the container and the
        // server in a ServiceGroup until SIGTERM or SIGINT.
        .executableTarget(
            name: "bookshelf",
            dependencies: [
                "BookshelfCore",
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
        // Driver tests: launch the built `bookshelf` and talk HTTP to it.
        .testTarget(
            name: "BookshelfDriverTests",
            dependencies: [
                "BookshelfCore",
                "BookshelfStubs",
                // Reads the database a stopped program left behind.
                .product(name: "GRDB", package: "GRDB.swift"),
                // Makes `swift test` build the program before the tests that launch it.
                "bookshelf",
                .product(name: "RelayTesting", package: "Relay"),
                .product(name: "RelayTestingHTTP", package: "Relay"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
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
