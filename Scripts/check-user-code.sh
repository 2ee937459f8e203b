#!/usr/bin/env bash
# Compiles code as a user of the Relay product writes it, in a fresh package beside this checkout:
#   Tour       the README's short tour as a `main.swift`, as a newcomer would paste it: top-level
#              code, where Swift ranks overloads differently from async functions. Warnings are
#              errors, so a `try await` that runs a synchronous overload fails here. The types it
#              uses are declared beside it; checks that it did what it says follow it. It is run.
#   Sendable   registrations the compiler must accept: a non-Sendable service as a transient or
#              with the unchecked opt-out, Sendable services with any lifecycle.
#   Unchecked  registrations the compiler must refuse: a non-Sendable service shared (a singleton
#              by default, .singleton, .weak, .graph, .eagerSingleton, a typed dynamic factory), or
#              a non-Sendable transient with a teardown (which runs on its owner's task).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
consumer="${USER_CODE_DIR:-$root/.build-user-code}"
mkdir -p "$consumer/Sources/Tour" "$consumer/Sources/Sendable" "$consumer/Sources/Unchecked"
cat > "$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.3
import PackageDescription
let package = Package(
    name: "Tour",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "$root")],
    targets: ["Tour", "Sendable", "Unchecked"].map { name in
        .executableTarget(name: name, dependencies: [.product(name: "Relay", package: "$(basename "$root")")])
    }
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

cat > "$consumer/Sources/Sendable/main.swift" <<'ACCEPTED'
import Relay

final class DraftEditor { var text = "" }  // not Sendable
final class LegacyCache { var entries: [String: String] = [:] }  // not Sendable, guarded by its owner
final class Catalog: Sendable {}
protocol Store: Sendable {}
struct MemoryStore: Store {}

let container = DependencyContainer()
container.register(DraftEditor.self, lifecycle: .transient) { _ in DraftEditor() }
container.register(DraftEditor.self, name: "async", lifecycle: .transient) { _ in
    await Task.yield()
    return DraftEditor()
}
container.register(LegacyCache.self, lifecycle: .unchecked(.singleton)) { _ in LegacyCache() }
container.register(Catalog.self) { _ in Catalog() }
container.register(Catalog.self, name: "weak", lifecycle: .weak) { _ in Catalog() }
container.register(Catalog.self, name: "transient", lifecycle: .transient) { _ in Catalog() }
container.register((any Store).self, lifecycle: .graph) { _ in MemoryStore() }
// A teardown for a service that is not Sendable: only on the registration's word.
container.register(DraftEditor.self, name: "closed", lifecycle: .unchecked(.transient)) { _ in
    DraftEditor()
} teardown: { editor in
    editor.text = ""
}
let editor = try container.resolve(DraftEditor.self)
editor.text = "each resolve gets its own"
print(try container.resolve(DraftEditor.self) !== editor ? "accepted" : "shared a transient")
ACCEPTED

# Each line of Unchecked must fail: a non-Sendable service shared. Numbered, to check each one.
cat > "$consumer/Sources/Unchecked/main.swift" <<'REFUSED'
import Relay
protocol BookStore: AnyObject { var books: [String] { get set } }
final class MemoryStore: BookStore { var books: [String] = [] }
let container = DependencyContainer()
container.register((any BookStore).self) { _ in MemoryStore() }
container.register(MemoryStore.self, lifecycle: .singleton) { _ in MemoryStore() }
container.register(MemoryStore.self, lifecycle: .weak) { _ in MemoryStore() }
container.register(MemoryStore.self, lifecycle: .graph) { _ in MemoryStore() }
container.register(MemoryStore.self, lifecycle: .eagerSingleton) { _ in MemoryStore() }
let factory = TypedDependencyFactory(MemoryStore.self) { _ in MemoryStore() }
container.register(MemoryStore.self, lifecycle: .transient) { _ in MemoryStore() } teardown: { _ in }
REFUSED

rm -f "$consumer"/.build/*.yaml
swift build --package-path "$consumer" --product Tour -Xswiftc -warnings-as-errors
swift build --package-path "$consumer" --product Sendable -Xswiftc -warnings-as-errors
"$consumer/.build/debug/Tour"
[ "$("$consumer/.build/debug/Sendable")" = accepted ]
echo "non-Sendable services registered as transients or unchecked: accepted"

if refused="$(swift build --package-path "$consumer" --product Unchecked 2>&1)"; then
    echo "error: sharing a non-Sendable service compiled" >&2
    exit 1
fi
# Line 11: a transient with a teardown, whose teardown would run on another task than its resolver.
for line in 5 6 7 8 9 10 11; do
    if ! grep -q "Unchecked/main.swift:$line:.*error: .*does not conform to the 'Sendable' protocol" <<<"$refused"; then
        echo "error: line $line of the Unchecked check compiled, or failed for another reason:" >&2
        sed -n "${line}p" "$consumer/Sources/Unchecked/main.swift" >&2
        echo "$refused" | grep "error:" | sort -u >&2
        exit 1
    fi
done
echo "non-Sendable services registered as shared, or as transients with a teardown: refused at compile time, each of the 7 ways"
