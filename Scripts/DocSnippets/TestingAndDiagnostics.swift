// What the snippets of "Testing and Diagnostics" assume (Scripts/check-doc-snippets.py compiles
// each beside this file): the code under test and the registry. Values are never read: the snippets
// are compiled, not run.
// snippets import: Foundation, Relay, Testing
import Foundation
import Relay

protocol Clock: Sendable {
    func now() -> Date
}

struct FixedClock: Clock {
    let date: Date
    init(now: Date) { date = now }
    func now() -> Date { date }
}

struct Receipt: Sendable {
    let date: Date
}

/// Code under test: it resolves its clock from the global container.
struct Checkout {
    func receipt() async throws -> Receipt {
        Receipt(date: try await DependencyContainer.global.resolve((any Clock).self).now())
    }
}

/// What a test resolves, built by its initializer.
struct Shelf: Sendable {
    let clock: any Clock
}

/// A service whose factory is a closure.
struct Receipts: Sendable {
    let clock: any Clock
}

struct DefaultModule: DependencyModule {
    func register(in container: DependencyContainer) throws {}
}
