// What the snippets of "Testing in Isolation" assume (Scripts/check-doc-snippets.py compiles each
// beside this file). Values are never read: the snippets are compiled, not run.
// snippets import: RelayTesting, RelayTestingSupport, Testing, XCTest
import Foundation
import RelayTesting

protocol WallClock: Sendable {
    func now() -> Date
}

struct FixedClock: WallClock {
    static let date = Date(timeIntervalSince1970: 1_709_285_400)
    func now() -> Date { Self.date }
}

struct Receipt {
    let date: Date
}

/// Code under test: it resolves its clock from the global container.
struct Checkout {
    func receipt() throws -> Receipt {
        Receipt(date: try DependencyContainer.global.resolve(WallClock.self).now())
    }
}

protocol IDGenerator: Sendable {}
struct SequentialIDGenerator: IDGenerator {}

struct AppDependencyRegistry: DependencyRegistryType {
    func registerDependencies() throws {}
}
