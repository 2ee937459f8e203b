#!/usr/bin/env bash
# Builds and runs the README's short tour as the `main.swift` of a fresh package, as a newcomer
# would paste it: top-level code, where Swift ranks overloads differently from async functions.
# Warnings are errors, so a `try await` that runs a synchronous overload fails here. The types the
# tour uses are declared in a file beside it; checks that it did what it says follow it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
consumer="${README_TOUR_DIR:-$root/.build-readme-tour}"
mkdir -p "$consumer/Sources/Tour"
cat > "$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.3
import PackageDescription
let package = Package(
    name: "Tour",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "$root")],
    targets: [.executableTarget(name: "Tour", dependencies: [.product(name: "Relay", package: "$(basename "$root")")])]
)
MANIFEST

# The first swift block after the tour's heading, exactly as the README has it.
awk '/^## A short tour/ { tour = 1 } tour && /^```swift/ { inside = 1; next } inside && /^```/ { exit } inside { print }' \
    "$root/README.md" > "$consumer/Sources/Tour/main.swift"
if ! grep -q "container.start()" "$consumer/Sources/Tour/main.swift"; then
    echo "error: could not find the tour's code block in README.md" >&2
    exit 1
fi
cat >> "$consumer/Sources/Tour/main.swift" <<'CHECKS'

// Added by Scripts/check-readme-tour.sh: the tour did what it says.
guard trackers.count == 1, gateway is StripeGateway, database.isClosed,
    try DependencyContainer.container(for: .checkout).resolve(Clock.self) is FixedClock
else {
    throw TourFailure()
}
print("the README tour ran as written")
CHECKS

cat > "$consumer/Sources/Tour/Declarations.swift" <<'DECLARATIONS'
import Synchronization

protocol HTTPClient: Sendable {}
struct URLSessionHTTPClient: HTTPClient {}
protocol PaymentGateway: Sendable {}
struct StripeGateway: PaymentGateway { let client: any HTTPClient }
protocol Tracker: Sendable {}
struct AuditTracker: Tracker {}
protocol Clock: Sendable {}
struct FixedClock: Clock {}
struct Config: Sendable { let databaseURL: String }
struct TourFailure: Error, CustomStringConvertible {
    var description: String { "the README tour did not do what it says" }
}

final class Database: Sendable {
    private let closed = Mutex(false)
    var isClosed: Bool { closed.withLock { $0 } }
    static func connect(to url: String) async throws -> Database {
        try await Task.sleep(for: .milliseconds(5))
        return Database()
    }
    func close() async throws { closed.withLock { $0 = true } }
}
DECLARATIONS

rm -f "$consumer"/.build/*.yaml
swift build --package-path "$consumer" -Xswiftc -warnings-as-errors
"$consumer/.build/debug/Tour"
