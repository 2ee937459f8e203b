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
        // Built with the ArgumentParserSupport trait only; see the target below.
        .library(name: "RelayArgumentParser", targets: ["RelayArgumentParser"]),
    ],
    traits: [
        .trait(
            name: "ArgumentParserSupport",
            description: "Builds RelayArgumentParser, the -d/--dependency option group for swift-argument-parser."),
        // Off by default, so that users of the core never resolve swift-argument-parser.
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .target(name: "Relay"),
        .target(name: "RelayTesting", dependencies: ["Relay"]),
        .target(
            name: "RelayArgumentParser",
            dependencies: [
                "Relay",
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser",
                    condition: .when(traits: ["ArgumentParserSupport"])),
            ]),
        .testTarget(name: "RelayTests", dependencies: ["Relay"]),
        .testTarget(name: "RelayTestingTests", dependencies: ["RelayTesting"]),
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

for target in package.targets where [.regular, .test, .executable].contains(target.type) {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
