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
    ],
    targets: [
        .target(name: "Relay"),
        .target(name: "RelayTesting", dependencies: ["Relay"]),
        .testTarget(name: "RelayTests", dependencies: ["Relay"]),
        .testTarget(name: "RelayTestingTests", dependencies: ["RelayTesting"]),
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
