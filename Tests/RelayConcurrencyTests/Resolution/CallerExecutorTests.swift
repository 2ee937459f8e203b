import Dispatch
import Relay
import RelayTestSupport
import Synchronization
import Testing

/// Relay's public async entry points run on the caller's executor (`nonisolated(nonsending)`):
/// called from an actor, they never leave it, so a cached resolve there costs nanoseconds rather
/// than two executor hops. Counted through an actor whose executor records every job it is given.
@Suite("Async calls run on the caller's executor")
struct CallerExecutorTests {
    final class Database: Sendable {}
    final class Session: Sendable {}

    @Test("resolve, resolveAll, Lazy, Provider, @Injected and shutdown never hop off an actor")
    func asyncEntryPointsStayOnTheCallersActor() async throws {
        try await withDeadline {
            let caller = CountingActor()
            // The observer is process-wide: while a test of another suite has one set, every
            // observed async resolve enters a task-local scope, a job each. So the count is taken
            // up to five times and the fewest kept: a hop of the entry points' own shows in every one.
            var fewest = Int.max
            for _ in 0..<5 where fewest > 0 {
                let container = DependencyContainer()
                container.register(Database.self) { _ in Database() }
                container.register(Session.self, lifecycle: .transient) { _ in Session() }
                _ = try await container.resolve(Database.self)
                fewest = min(fewest, try await caller.callEveryEntryPoint(on: container))
            }
            #expect(fewest == 0, "each hop off the actor and back gives its executor a job")
        }
    }

    @Test("start, validate, dependencyGraph and withOverrides come back to the actor once, however many registrations")
    func wholeGraphCallsComeBackOnce() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            for index in 0..<20 {
                container.register(Database.self, name: "\(index)", lifecycle: .eagerSingleton) { _ in Database() }
            }
            let caller = CountingActor()
            let hops = try await caller.checkTheGraph(of: container)
            // Each enters a task-local scope or a task group, which gives the actor's executor a
            // job (see CONTRIBUTING.md); the work inside adds none, however much there is.
            #expect(hops.start <= 1)
            #expect(hops.validate <= 1)
            #expect(hops.graph <= 1)
            #expect(hops.overrides <= 1)
        }
    }

    @Test("the counting executor does see a hop, so the test above can fail")
    func theCountingExecutorSeesAHop() async throws {
        try await withDeadline {
            let caller = CountingActor()
            let hops = await caller.hopOffAndBack()
            #expect(hops >= 1)
        }
    }
}

/// An executor that runs jobs on a serial queue and counts them.
final class CountingExecutor: SerialExecutor {
    private let queue = DispatchQueue(label: "CallerExecutorTests")
    private let jobs = Atomic(0)

    var count: Int { jobs.load(ordering: .relaxed) }

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.add(1, ordering: .relaxed)
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    /// Runs `work` on the executor's queue once the job running now (if any) has returned. Not a
    /// job: it is not counted.
    func afterCurrentJob(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }
}

/// An actor on a ``CountingExecutor``: every time work hops back onto it, the count grows.
actor CountingActor {
    private let executor = CountingExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Calls each async entry point (the instances are built already) and returns how many jobs the
    /// actor's executor was given meanwhile.
    func callEveryEntryPoint(on container: DependencyContainer) async throws -> Int {
        let lazy = try await container.resolve(Lazy<CallerExecutorTests.Database>.self)
        let provider = try await container.resolve(Provider<CallerExecutorTests.Session>.self)
        let injected = Injected<CallerExecutorTests.Database>(container: container)
        _ = try await lazy()
        let before = executor.count
        for _ in 0..<100 {
            _ = try await container.resolve(CallerExecutorTests.Database.self)
            _ = try await container.resolve(CallerExecutorTests.Session.self)
            _ = try await container.resolveAll(CallerExecutorTests.Database.self)
            _ = try await lazy()
            _ = try await provider()
            _ = try await injected.resolve()
        }
        try await container.shutdown()
        return executor.count - before
    }

    /// Starts, validates and draws the graph of `container`, then resolves under an override, and
    /// returns how many jobs the actor's executor was given during each.
    func checkTheGraph(
        of container: DependencyContainer
    ) async throws -> (start: Int, validate: Int, graph: Int, overrides: Int) {
        var before = executor.count
        try await container.start()
        let start = executor.count - before
        before = executor.count
        try await container.validate()
        let validate = executor.count - before
        before = executor.count
        _ = await container.dependencyGraph()
        let graph = executor.count - before
        before = executor.count
        try await container.withOverrides { overrides in
            overrides.register(CallerExecutorTests.Session.self) { _ in .init() }
        } operation: {
            for _ in 0..<100 { _ = try await container.resolve(CallerExecutorTests.Session.self) }
        }
        return (start, validate, graph, executor.count - before)
    }

    /// Suspends, and is resumed from off the actor, which must come back through its executor.
    func hopOffAndBack() async -> Int {
        let before = executor.count
        // Resumed by work that the executor's queue runs only after this job has returned: once the
        // actor has suspended here, so coming back takes a job.
        await withCheckedContinuation { continuation in
            executor.afterCurrentJob { continuation.resume() }
        }
        return executor.count - before
    }
}
