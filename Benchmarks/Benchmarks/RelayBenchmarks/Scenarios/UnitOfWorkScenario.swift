import Benchmark
import Relay
import Synchronization

/// Scenarios 15 and 16: units of work.
///
/// S15 opens a unit, resolves three unit-of-work services in it and closes it (three teardowns);
/// the hand-written floor builds the same three and closes them, newest first. S16 resolves a
/// unit-of-work service already built in the open unit, beside S01's cached singleton resolve.
///
/// Targets (issue 22): S15 within 2x of hand-written; S16 within 1.5x of Relay's cached singleton
/// resolve (S01). Swinject and swift-dependencies have no units of work with teardown.
enum UnitOfWorkScenario {
    static let openAndClose = Scenario(id: "S15", title: "unit of work, three services")
    static let builtResolve = Scenario(id: "S16", title: "unit-of-work resolve, built")

    static func register() {
        openAndClose.asyncBenchmark(.handWritten) { benchmark in
            for _ in benchmark.scaledIterations {
                let services = (UnitService(), UnitService(), UnitService())
                services.2.close()
                services.1.close()
                services.0.close()
                blackHole(services)
            }
        }
        openAndClose.asyncBenchmark(.handWrittenAsync) { benchmark in
            for _ in benchmark.scaledIterations {
                try await HandWrittenUnit.open { unit in
                    for index in 0..<3 {
                        blackHole(try await unit.service(at: index))
                    }
                }
            }
        }
        openAndClose.asyncBenchmark(.relay) { benchmark in
            let container = UnitFixtures.container
            for _ in benchmark.scaledIterations {
                try await container.withUnitOfWork { unit in
                    blackHole(try await unit.resolve(UnitService.self, name: "a"))
                    blackHole(try await unit.resolve(UnitService.self, name: "b"))
                    blackHole(try await unit.resolve(UnitService.self, name: "c"))
                }
            }
        }
        builtResolve.asyncBenchmark(.relay) { benchmark in
            let container = UnitFixtures.container
            try await container.withUnitOfWork { _ in
                _ = try await container.resolve(UnitService.self)
                for _ in benchmark.scaledIterations {
                    // Unnamed, as S01's cached singleton is: a named lookup costs the same extra
                    // whatever the lifecycle.
                    blackHole(try resolveSynchronously(UnitService.self, name: nil, from: container))
                }
            }
        }
    }
}

/// A service a unit owns and closes.
final class UnitService: Sendable {
    private let closed = Atomic(false)
    init() {}
    func close() { closed.store(true, ordering: .relaxed) }
}

/// Three unit-of-work registrations with teardowns.
enum UnitFixtures {
    static let container: DependencyContainer = {
        let container = DependencyContainer()
        for name in ["a", "b", "c"] {
            container.register(UnitService.self, name: name, lifecycle: .unitOfWork) { _ in UnitService() } teardown: {
                $0.close()
            }
        }
        // S16's, unnamed.
        container.register(UnitService.self, lifecycle: .unitOfWork) { _ in UnitService() } teardown: { $0.close() }
        return container
    }()
}

/// A synchronous resolve, called from async code (where Swift would pick the async overload).
private func resolveSynchronously<Service>(
    _ type: Service.Type,
    name: String?,
    from container: DependencyContainer
) throws -> Service {
    try container.resolve(type, name: name)
}

/// A scope of async work written by hand: bound as a task-local while its body runs, its three
/// services made on first use by async factories and closed, newest first, by async teardowns
/// when the body ends. No checks (cycles, lifetimes, races for a first build): the floor of an
/// async scope.
final class HandWrittenUnit: @unchecked Sendable {
    // Safety: `services` is touched only by the task that opened the unit, in `service(at:)` and
    // `close()`, which its body and `open` call one after the other.

    typealias Factory = @Sendable () async throws -> UnitService
    typealias Teardown = @Sendable (UnitService) async throws -> Void

    @TaskLocal static var current: HandWrittenUnit?

    static let factories: [Factory] = Array(repeating: { UnitService() }, count: 3)
    static let teardowns: [Teardown] = Array(repeating: { $0.close() }, count: 3)

    private var services: [UnitService?] = [nil, nil, nil]
    private var built: [Int] = []

    /// Runs `body` in a new unit, then closes the unit, also when `body` throws.
    static func open(_ body: (HandWrittenUnit) async throws -> Void) async throws {
        let unit = HandWrittenUnit()
        do {
            try await $current.withValue(unit) { try await body(unit) }
        } catch {
            try await unit.close()
            throw error
        }
        try await unit.close()
    }

    /// The unit's service at `index`, made on first use.
    func service(at index: Int) async throws -> UnitService {
        if let service = services[index] { return service }
        let service = try await Self.factories[index]()
        services[index] = service
        built.append(index)
        return service
    }

    /// Closes what was built, newest first.
    func close() async throws {
        for index in built.reversed() {
            if let service = services[index] { try await Self.teardowns[index](service) }
        }
        built = []
    }
}
