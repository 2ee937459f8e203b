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
        .package(name: "Relay", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
        // Hummingbird's own logging library; the tests quieten their stand-in upstream with it.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    ],
    targets: [
        // The service: domain, storage, upstream client, HTTP routes, and its Relay wiring.
        .target(
            name: "BookshelfCore",
            dependencies: [
                .product(name: "Relay", package: "Relay"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The program: reads its command line and instructions, then serves.
        .executableTarget(
            name: "bookshelf",
            dependencies: [
                "BookshelfCore",
                .product(name: "Relay", package: "Relay"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        // Driver tests: launch the built `bookshelf` and talk HTTP to it.
        .testTarget(
            name: "BookshelfDriverTests",
            dependencies: [
                "BookshelfCore",
                // Makes `swift test` build the program before the tests that launch it.
                "bookshelf",
                .product(name: "RelayTesting", package: "Relay"),
                .product(name: "Hummingbird", package: "hummingbird"),
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
