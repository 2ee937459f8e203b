import Relay
import RelayTestSupport
import Testing

/// The observers of teardown failures that no caller receives: added, never replaced, so that the
/// integrations' (RelayLogging, RelayServiceLifecycle, RelayVapor) and the program's all see each
/// failure; and removed one by one.
@Suite("Teardown-failure observers are added, not replaced")
struct TeardownFailureObserverTests {
    /// What one observer was told, in order.
    final class Seen: Sendable {
        private let failures = LockedValue<[String]>([])
        func append(_ failure: DependencyShutdownError) { failures.withLockedValue { $0.append("\(failure)") } }
        var all: [String] { failures.withLockedValue { $0 } }
    }

    /// Drops a unit whose teardown throws (no caller is left to receive it), then shuts the
    /// container down, which awaits that ending: every observer has been told by then. Returns the
    /// unit's number.
    private func dropUnitAndShutDown(_ container: DependencyContainer) async throws -> Int {
        let number = try await dropUnitThatRefuses(of: container)
        await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
        return number
    }

    @Test("every observer added is told of each failure: an integration's never silences the program's")
    func everyObserverIsTold() async throws {
        try await withDeadline {
            let container = refusingUnitContainer()
            let program = Seen()
            let integration = Seen()
            let another = Seen()
            container.addTeardownFailureObserver { program.append($0) }
            container.addTeardownFailureObserver { integration.append($0) }
            // Added through a scope: the observers are the root's.
            container.container(for: .checkout).addTeardownFailureObserver { another.append($0) }
            let number = try await dropUnitAndShutDown(container)
            #expect(program.all == [droppedUnitRefusal(number)])
            #expect(integration.all == [droppedUnitRefusal(number)])
            #expect(another.all == [droppedUnitRefusal(number)])
        }
    }

    @Test("a removed observer is told nothing more; the others still are")
    func removedObserverIsNotTold() async throws {
        try await withDeadline {
            let container = refusingUnitContainer()
            let removed = Seen()
            let kept = Seen()
            let observer = container.addTeardownFailureObserver { removed.append($0) }
            container.addTeardownFailureObserver { kept.append($0) }
            // Removing it through a container of another root removes nothing.
            DependencyContainer().removeTeardownFailureObserver(observer)
            let first = try await dropUnitAndShutDown(container)
            container.removeTeardownFailureObserver(observer)
            // Removing it again changes nothing.
            container.removeTeardownFailureObserver(observer)
            let second = try await dropUnitAndShutDown(container)
            #expect(removed.all == [droppedUnitRefusal(first)])
            #expect(kept.all == [droppedUnitRefusal(first), droppedUnitRefusal(second)])
        }
    }
}
