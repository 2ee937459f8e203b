#!/usr/bin/env bash
# Proves that a program depending on the core Relay product resolves nothing else: it makes a
# throwaway consumer package next to this checkout and lists what that consumer resolves.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
consumer="$(mktemp -d)"
trap 'rm -rf "$consumer"' EXIT
mkdir -p "$consumer/Sources/App"
cat > "$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.3
import PackageDescription
let package = Package(
    name: "App",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "$root"${RELAY_TRAITS:+, traits: [\"$RELAY_TRAITS\"]})],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "Relay", package: "$(basename "$root")")])]
)
MANIFEST
echo 'import Relay; print(DependencyContainer.global.scope)' > "$consumer/Sources/App/main.swift"
dependencies="$(swift package --package-path "$consumer" show-dependencies --format flatlist)"
echo "A consumer of the Relay product resolves:"
echo "${dependencies:-  (nothing beyond Relay)}" | sed 's/^/  /'
others="$(echo "$dependencies" | grep -vi "^$(basename "$root")\$" | grep . || true)"
if [ -n "$others" ]; then
    echo "error: the core product pulls in other packages:" >&2
    echo "$others" >&2
    exit 1
fi
