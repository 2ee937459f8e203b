import Relay
import RelayTestSupport
import Testing

private struct ObservedLeaf: Sendable {}
private struct ObservedRoot: Sendable { let leaf: ObservedLeaf }

@Suite("Observing resolutions", .serialized)
struct ObservationTests {
    @Test("the observer sees builds, cache hits and failures, with their depth")
    func theObserverSeesBuildsCacheHitsAndFailuresWithDepth() throws {
        let container = DependencyContainer()
        container.register(ObservedLeaf.self) { _ in ObservedLeaf() }
        container.container(for: .checkout).register(ObservedRoot.self, lifecycle: .transient) { container in
            try ObservedRoot(leaf: container.resolve(ObservedLeaf.self))
        }
        let events = Locked<[ResolutionEvent]>([])
        DependencyContainer.observeResolutions { event in
            // Other suites resolve in parallel; keep only this test's types.
            if event.requestedType.hasPrefix("Observed") { events.withLock { $0.append(event) } }
        }
        defer { DependencyContainer.observeResolutions(nil) }

        _ = try container.container(for: .checkout).resolve(ObservedRoot.self)
        _ = try container.resolve(ObservedLeaf.self)
        #expect(throws: DependencyResolutionError.self) { try container.resolve(ObservedLeaf.self, name: "missing") }

        let seen = events.withLock { $0 }
        #expect(
            seen.map(\.requestedType) == ["ObservedLeaf", "ObservedRoot", "ObservedLeaf", "ObservedLeaf[\"missing\"]"])
        #expect(seen.map(\.outcome) == [.built, .built, .cached, .failed(.notRegistered)])
        #expect(seen.map(\.depth) == [1, 0, 0, 0])
        // The leaf was asked of the scope (the factory received it), which fell back to global.
        #expect(seen.map(\.scope) == [.checkout, .checkout, .global, .global])
        #expect(seen[1].description.hasPrefix("ObservedRoot in scope 'checkout': built in "))
        #expect(seen[1].description.hasSuffix(" µs (depth 0)"))
    }

    @Test("the observer sees a factory's cancellation as the factory's failure")
    func theObserverSeesAFactorysCancellation() throws {
        let container = DependencyContainer()
        container.register(ObservedLeaf.self) { _ in throw CancellationError() }
        let events = Locked<[ResolutionEvent]>([])
        DependencyContainer.observeResolutions { event in
            if event.requestedType.hasPrefix("Observed") { events.withLock { $0.append(event) } }
        }
        defer { DependencyContainer.observeResolutions(nil) }

        #expect(throws: CancellationError.self) { try container.resolve(ObservedLeaf.self) }
        #expect(events.withLock { $0 }.map(\.outcome) == [.failed(.factoryFailed)])
    }

    @Test("removing the observer stops the events")
    func removingTheObserverStopsTheEvents() throws {
        let container = DependencyContainer()
        container.register(ObservedLeaf.self) { _ in ObservedLeaf() }
        let count = Counter()
        DependencyContainer.observeResolutions { event in
            if event.requestedType == "ObservedLeaf" { count.increment() }
        }
        _ = try container.resolve(ObservedLeaf.self)
        DependencyContainer.observeResolutions(nil)
        _ = try container.resolve(ObservedLeaf.self)
        #expect(count.value == 1)
    }
}
