// swift-tools-version: 6.3

// The libFuzzer target for Relay's instruction grammar, argument vectors and RELAY_DEPENDENCIES
// values. Its own package, so that the fuzzing entry point never reaches Relay's users; build and
// run it with Scripts/fuzz.sh.

import PackageDescription

let package = Package(
    name: "RelayFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Relay", path: "..")],
    targets: [
        .executableTarget(
            name: "RelayFuzzer",
            dependencies: [.product(name: "Relay", package: "Relay")])
    ],
    swiftLanguageModes: [.v6]
)
