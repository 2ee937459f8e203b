import Relay
import RelayTestSupport
import Testing

private struct ObservedLeaf: Sendable {}
private struct ObservedRoot: Sendable { let leaf: ObservedLeaf }
private final class ObservedTracker: Sendable {}
private final class ObservedRequestLog: Sendable {}

/// A test's observer, scoped to its task: it sees what that task resolves and nothing another
/// test resolves in parallel, so these tests run in parallel too.
@Suite("Observing resolutions")
struct ObservationTests {
    /// `operation`'s resolves, as an observer scoped to it saw them.
    private static func events(_ operation: () throws -> Void) rethrows -> [ResolutionEvent] {
        let events = Locked<[ResolutionEvent]>([])
        try DependencyContainer.withResolutionObserver { event in
            events.withLock { $0.append(event) }
        } operation: {
            try operation()
        }
        return events.withLock { $0 }
    }

    /// `operation`'s resolves, awaiting.
    private static func asyncEvents(_ operation: () async throws -> Void) async rethrows -> [ResolutionEvent] {
        let events = Locked<[ResolutionEvent]>([])
        try await DependencyContainer.withResolutionObserver { event in
            events.withLock { $0.append(event) }
        } operation: {
            try await operation()
        }
        return events.withLock { $0 }
    }

    @Test("the observer sees builds, cache hits and failures, with their depth")
    func theObserverSeesBuildsCacheHitsAndFailuresWithDepth() throws {
        let container = DependencyContainer()
        container.register(ObservedLeaf.self) { _ in ObservedLeaf() }
        container.container(for: .checkout).register(ObservedRoot.self, lifecycle: .transient) { container in
            try ObservedRoot(leaf: container.resolve(ObservedLeaf.self))
        }

        let seen = try Self.events {
            _ = try container.container(for: .checkout).resolve(ObservedRoot.self)
            _ = try container.resolve(ObservedLeaf.self)
            #expect(throws: DependencyResolutionError.self) {
                try container.resolve(ObservedLeaf.self, name: "missing")
            }
        }

        #expect(
            seen.map(\.requestedType) == ["ObservedLeaf", "ObservedRoot", "ObservedLeaf", "ObservedLeaf[\"missing\"]"])
        #expect(seen.map(\.outcome) == [.built, .built, .cached, .failed(.notRegistered)])
        #expect(seen.map(\.depth) == [1, 0, 0, 0])
        // The leaf was asked of the scope (the factory received it), which fell back to global.
        #expect(seen.map(\.scope) == [.checkout, .checkout, .global, .global])
        #expect(seen[1].description.hasPrefix("ObservedRoot in scope 'checkout': built in "))
        #expect(seen[1].description.hasSuffix(" µs (depth 0)"))
    }

    @Test("the async resolve reports what the synchronous one does")
    func theAsyncResolveReportsWhatTheSynchronousOneDoes() async throws {
        let container = DependencyContainer()
        container.register(ObservedLeaf.self) { _ in ObservedLeaf() }
        container.container(for: .checkout).register(ObservedRoot.self, lifecycle: .transient) { container in
            try await ObservedRoot(leaf: container.resolve(ObservedLeaf.self))
        }

        let seen = try await Self.asyncEvents {
            _ = try await container.container(for: .checkout).resolve(ObservedRoot.self)
            _ = try await container.resolve(ObservedLeaf.self)
            await #expect(throws: DependencyResolutionError.self) {
                try await container.resolve(ObservedLeaf.self, name: "missing")
            }
        }

        #expect(
            seen.map(\.requestedType) == ["ObservedLeaf", "ObservedRoot", "ObservedLeaf", "ObservedLeaf[\"missing\"]"])
        #expect(seen.map(\.outcome) == [.built, .built, .cached, .failed(.notRegistered)])
        #expect(seen.map(\.depth) == [1, 0, 0, 0])
        #expect(seen.map(\.scope) == [.checkout, .checkout, .global, .global])
    }

    /// How a factory that throws `CancellationError` is registered and resolved.
    enum CancellationCase: String, CaseIterable, CustomTestStringConvertible {
        case synchronousResolveOfASynchronousFactory
        case asyncResolveOfASynchronousFactory
        case asyncResolveOfAnAsyncFactory

        var testDescription: String { rawValue }
    }

    @Test(
        "either front reports a factory's cancellation as cancelled, whatever the kind of factory",
        arguments: CancellationCase.allCases)
    func eitherFrontReportsAFactorysCancellation(_ kind: CancellationCase) async throws {
        let container = DependencyContainer()
        switch kind {
        case .synchronousResolveOfASynchronousFactory, .asyncResolveOfASynchronousFactory:
            container.register(ObservedLeaf.self) { _ in throw CancellationError() }
        case .asyncResolveOfAnAsyncFactory:
            container.register(ObservedLeaf.self) { _ in
                await Task.yield()
                throw CancellationError()
            }
        }

        let seen = await Self.asyncEvents {
            if kind == .synchronousResolveOfASynchronousFactory {
                #expect(throws: CancellationError.self) { try container.resolve(ObservedLeaf.self) }
            } else {
                await #expect(throws: CancellationError.self) { try await container.resolve(ObservedLeaf.self) }
            }
        }
        #expect(seen.map(\.outcome) == [.cancelled])
        #expect(seen.first?.description.hasPrefix("ObservedLeaf in global: cancelled in ") == true)
    }

    @Test("resolveAll reports each resolve it makes, from either front")
    func resolveAllReportsEachResolve() async throws {
        let container = DependencyContainer()
        container.register(ObservedTracker.self) { _ in ObservedTracker() }
        container.register(ObservedTracker.self, name: "audit") { _ in ObservedTracker() }

        let counts = Locked<[Int]>([])
        let synchronous = try Self.events {
            let all = try container.resolveAll(ObservedTracker.self)
            counts.withLock { $0.append(all.count) }
        }
        let async = try await Self.asyncEvents {
            let all = try await container.resolveAll(ObservedTracker.self)
            counts.withLock { $0.append(all.count) }
        }
        #expect(counts.withLock { $0 } == [2, 2])

        #expect(synchronous.map(\.requestedType) == ["ObservedTracker", "ObservedTracker[\"audit\"]"])
        #expect(synchronous.map(\.outcome) == [.built, .built])
        #expect(async.map(\.requestedType) == synchronous.map(\.requestedType))
        #expect(async.map(\.outcome) == [.cached, .cached])
    }

    @Test("a unit of work's instance is reported built, then cached, by the async resolve")
    func aUnitOfWorksInstanceIsReportedBuiltThenCached() async throws {
        let container = DependencyContainer()
        container.register(ObservedRequestLog.self, lifecycle: .unitOfWork) { _ in ObservedRequestLog() }

        let seen = try await Self.asyncEvents {
            try await container.withUnitOfWork { _ in
                let first = try await container.resolve(ObservedRequestLog.self)
                let second = try await container.resolve(ObservedRequestLog.self)
                #expect(second === first)
            }
        }
        #expect(seen.map(\.outcome) == [.built, .cached])
    }

    @Test("the observer sees its task's resolves and its child tasks', never another task's")
    func theObserverSeesItsOwnTasksResolvesOnly() async throws {
        let container = DependencyContainer()
        container.register(ObservedLeaf.self, lifecycle: .transient) { _ in ObservedLeaf() }
        container.register(ObservedTracker.self, lifecycle: .transient) { _ in ObservedTracker() }

        let seen = try await Self.asyncEvents {
            async let child = container.resolve(ObservedLeaf.self)
            _ = try await child
            // Another task, as a test running in parallel is: its resolve is its own.
            try await Task.detached { _ = try await container.resolve(ObservedTracker.self) }.value
            _ = try await onThread { Result { try container.resolve(ObservedTracker.self) } }.get()
        }
        #expect(seen.map(\.requestedType) == ["ObservedLeaf"])
    }
}

/// The process-wide observer: it sees every resolve in the process, so its tests run one at a
/// time and keep only their own types.
@Suite("Observing every resolution of the process", .serialized)
struct ProcessWideObservationTests {
    @Test("the process-wide observer sees a resolve, and the task's observer sees it too")
    func bothObserversSeeAResolve() throws {
        let container = DependencyContainer()
        container.register(ObservedLeaf.self) { _ in ObservedLeaf() }
        let processWide = Locked<[ResolutionEvent]>([])
        DependencyContainer.observeResolutions { event in
            // Other suites resolve in parallel; keep only this test's types.
            if event.requestedType.hasPrefix("Observed") { processWide.withLock { $0.append(event) } }
        }
        defer { DependencyContainer.observeResolutions(nil) }
        let scoped = Locked<[ResolutionEvent]>([])
        try DependencyContainer.withResolutionObserver { event in
            scoped.withLock { $0.append(event) }
        } operation: {
            _ = try container.resolve(ObservedLeaf.self)
        }
        #expect(processWide.withLock { $0 }.map(\.outcome) == [.built])
        #expect(scoped.withLock { $0 }.map(\.outcome) == [.built])
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
