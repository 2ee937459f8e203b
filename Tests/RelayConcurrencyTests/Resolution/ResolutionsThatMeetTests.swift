import Dispatch
import Foundation
import Relay
import RelayTestSupport
import Testing

/// Resolutions that meet (synchronous and async ones, first reads of `Lazy` and `@Injected`, on
/// threads, in tasks and their child tasks, in two roots): every cycle is reported as a cycle,
/// wherever its two ends run (two tasks, a child task, two threads behind shared values, two
/// roots), nothing hangs, nothing blocks a thread of the cooperative pool, and each build runs
/// exactly once.
///
/// Every test waits under a deadline (`withDeadline`, or `concurrently`'s timeout), so a regression
/// fails instead of stopping the run. Whatever blocks (threads, semaphores) runs on threads of its
/// own, off the cooperative pool, whose two threads the async side needs. Serialized: two tests
/// measure how long a read or a build takes, which a neighbour hogging the pool would skew.
@Suite(
    "Resolutions that meet across threads, tasks and roots: a cycle is an error, nothing hangs, each build runs once",
    .serialized)
struct ResolutionsThatMeetTests {
    final class A: Sendable {}
    final class B: Sendable {}
    final class Session: Sendable {}
    final class Slow: Sendable {}
    final class Quick: Sendable {}
    final class Conn: Sendable {}
    final class Bridged: Sendable {}
    final class Dependency: Sendable {}

    final class Dependent: Sendable {
        let dependency: Dependency
        init(dependency: Dependency) { self.dependency = dependency }
    }

    /// Two properties whose first reads close a cycle when each factory reads the other.
    struct Pair: Sendable {
        @Injected var a: A
        @Injected var b: B

        init(container: DependencyContainer) {
            _a = Injected(container: container)
            _b = Injected(container: container)
        }
    }

    struct Holder: Sendable {
        @Injected var session: Session

        init(container: DependencyContainer) {
            _session = Injected(container: container)
        }
    }

    /// A factory ran before the value it reads was set up.
    struct Missing: Error {}

    /// The async work a factory bridged to did not finish in time.
    struct BridgeTimedOut: Error {}

    // MARK: - 1. A cycle split over two tasks, closed through a child task

    @Test("a cycle split over two tasks and closed through async let is a cycle, not a hang")
    func aCycleClosedThroughAsyncLetFromTwoTasks() async throws {
        let root = DependencyContainer()
        // Each factory resolves the other's type once both have started: each task holds one end.
        let bothStarted = Barrier(count: 2)
        root.register(A.self) { container in
            await bothStarted.arrive()
            async let b = container.resolve(B.self)
            _ = try await b
            return A()
        }
        root.register(B.self) { container in
            await bothStarted.arrive()
            _ = try await container.resolve(A.self)
            return B()
        }
        // A hang never ends; a slow pass does. Under the thread sanitizer, beside the other suites
        // (which keep the pool's two threads busy), this took up to 2.4 s where it takes 60 ms alone.
        let outcomes = try await withDeadline(seconds: 15) { await Self.resolveBothEnds(of: root) }
        #expect(!outcomes.contains("value"), "both ends must fail: \(outcomes)")
        #expect(outcomes.contains("cycle"), "got \(outcomes)")
    }

    @Test("a cycle split over two tasks and closed through a task group is a cycle, not a hang")
    func aCycleClosedThroughATaskGroupFromTwoTasks() async throws {
        let root = DependencyContainer()
        // Each factory resolves the other's type once both have started: each task holds one end.
        let bothStarted = Barrier(count: 2)
        root.register(A.self) { container in
            await bothStarted.arrive()
            try await withThrowingTaskGroup(of: B.self) { group in
                group.addTask { try await container.resolve(B.self) }
                _ = try await group.next()
            }
            return A()
        }
        root.register(B.self) { container in
            await bothStarted.arrive()
            _ = try await container.resolve(A.self)
            return B()
        }
        let outcomes = try await withDeadline(seconds: 3) { await Self.resolveBothEnds(of: root) }
        #expect(!outcomes.contains("value"), "both ends must fail: \(outcomes)")
        #expect(outcomes.contains("cycle"), "got \(outcomes)")
    }

    // MARK: - 2. A cycle closed through shared Lazy or @Injected values from two threads

    @Test(
        "a cycle closed through two shared Lazy values from two threads is a cycle, not a hang",
        arguments: [LifecycleType.singleton, .transient])
    func aCycleThroughSharedLazyValuesFromTwoThreads(lifecycle: LifecycleType) async throws {
        let root = DependencyContainer()
        root.constructionWaitLimit = .seconds(30)
        let lazies = Locked<(a: Lazy<A>?, b: Lazy<B>?)>((nil, nil))
        let aStarted = DispatchSemaphore(value: 0)
        let bStarted = DispatchSemaphore(value: 0)
        root.register(A.self, lifecycle: lifecycle) { _ in
            aStarted.signal()
            _ = bStarted.wait(timeout: .now() + 5)
            guard let lazyB = lazies.withLock({ $0.b }) else { throw Missing() }
            _ = try lazyB()
            return A()
        }
        root.register(B.self, lifecycle: lifecycle) { _ in
            bStarted.signal()
            _ = aStarted.wait(timeout: .now() + 5)
            guard let lazyA = lazies.withLock({ $0.a }) else { throw Missing() }
            _ = try lazyA()
            return B()
        }
        let lazyA = try await root.resolve(Lazy<A>.self)
        let lazyB = try await root.resolve(Lazy<B>.self)
        lazies.withLock { $0 = (lazyA, lazyB) }
        let outcomes = Locked<[String]>([])
        let finished = await onThread {
            concurrently(threads: 2, timeout: .seconds(3)) { index in
                let ended = index == 0 ? outcome { try lazyA() } : outcome { try lazyB() }
                outcomes.withLock { $0.append(ended) }
            }
        }
        #expect(finished, "the two first reads hung")
        #expect(outcomes.withLock { $0 } == ["cycle", "cycle"])
    }

    @Test(
        "a cycle closed through two shared @Injected properties from two threads is a cycle, not a hang",
        arguments: [LifecycleType.singleton, .transient])
    func aCycleThroughSharedInjectedPropertiesFromTwoThreads(lifecycle: LifecycleType) async throws {
        let root = DependencyContainer()
        root.constructionWaitLimit = .seconds(30)
        let pair = Pair(container: root)
        // The factories reach the pair through a box the test empties at the end: the pair holds
        // the root, whose registrations hold the factories, and a cycle would leak (the address
        // sanitizer's leak check runs on this target).
        let shared = Locked<Pair?>(pair)
        defer { shared.withLock { $0 = nil } }
        let aStarted = DispatchSemaphore(value: 0)
        let bStarted = DispatchSemaphore(value: 0)
        root.register(A.self, lifecycle: lifecycle) { _ in
            aStarted.signal()
            _ = bStarted.wait(timeout: .now() + 5)
            _ = try shared.withLock { $0 }?.$b.resolve()
            return A()
        }
        root.register(B.self, lifecycle: lifecycle) { _ in
            bStarted.signal()
            _ = aStarted.wait(timeout: .now() + 5)
            _ = try shared.withLock { $0 }?.$a.resolve()
            return B()
        }
        let outcomes = Locked<[String]>([])
        let finished = await onThread {
            concurrently(threads: 2, timeout: .seconds(3)) { index in
                let ended = index == 0 ? outcome { try pair.$a.resolve() } : outcome { try pair.$b.resolve() }
                outcomes.withLock { $0.append(ended) }
            }
        }
        #expect(finished, "the two first reads hung")
        #expect(outcomes.withLock { $0 } == ["cycle", "cycle"])
    }

    // MARK: - 3. An async cycle through shared Lazy values in one task

    @Test("an async cycle through shared Lazy values in one task is a cycle, not a hang")
    func anAsyncCycleThroughSharedLazyValuesInOneTask() async throws {
        let root = DependencyContainer()
        let lazies = Locked<(a: Lazy<A>?, b: Lazy<B>?)>((nil, nil))
        root.register(A.self) { _ in
            guard let lazyB = lazies.withLock({ $0.b }) else { throw Missing() }
            _ = try await lazyB()
            return A()
        }
        root.register(B.self) { _ in
            guard let lazyA = lazies.withLock({ $0.a }) else { throw Missing() }
            _ = try await lazyA()
            return B()
        }
        let lazyA = try await root.resolve(Lazy<A>.self)
        let lazyB = try await root.resolve(Lazy<B>.self)
        lazies.withLock { $0 = (lazyA, lazyB) }
        let ended = try await withDeadline(seconds: 3) { await asyncOutcome { try await lazyA() } }
        #expect(ended == "cycle")
    }

    // MARK: - 4. A slow synchronous first read holds up nothing else

    @Test("a slow synchronous first read of one Lazy does not delay an async first read of another")
    func aSlowSynchronousFirstReadDoesNotDelayAnotherLazy() async throws {
        try await withDeadline(seconds: 5) {
            let root = DependencyContainer()
            let slowStarted = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let slowFinished = Locked(false)
            root.register(Slow.self) { _ in
                slowStarted.signal()
                // Takes 2 s unless the test releases it earlier, once the other read is done.
                _ = release.wait(timeout: .now() + 2)
                slowFinished.withLock { $0 = true }
                return Slow()
            }
            root.register(Quick.self) { _ async in Quick() }
            let lazySlow = try await root.resolve(Lazy<Slow>.self)
            let lazyQuick = try await root.resolve(Lazy<Quick>.self)
            let slowRead = Task { await onThread { outcome { try readSynchronously(lazySlow) } } }
            #expect(await onThread { slowStarted.wait(timeout: .now() + 5) } == .success)
            let quick = await asyncOutcome { try await lazyQuick() }
            // Read before the slow factory is released: had the quick read waited for it, the slow
            // one would have finished first (its 2 s run out).
            let slowStillRunning = !slowFinished.withLock { $0 }
            release.signal()
            #expect(quick == "value")
            #expect(slowStillRunning, "the unrelated first read waited for the slow one")
            #expect(await slowRead.value == "value")
        }
    }

    @Test("an async first read of a Lazy that a thread is reading gets the same instance, built once")
    func anAsyncFirstReadJoinsASynchronousOne() async throws {
        try await withDeadline(seconds: 5) {
            let (lazy, built, release, syncRead) = try await Self.aLazyBeingReadOnAThread()
            // The async read runs where the test sees it suspend: once the executor is idle, it has
            // found the synchronous read's build under way and waits for it.
            let executor = WatchedExecutor()
            let asyncRead = executor.task { try await lazy() }
            await executor.untilIdle()
            release.signal()
            let fromThread = try #require(await syncRead.value)
            let fromTask = try await asyncRead.value
            #expect(fromTask === fromThread)
            #expect(built.value == 1)
        }
    }

    @Test("async first reads of a Lazy that a thread is reading suspend, leaving the pool's threads free")
    func asyncFirstReadsOfALazyBeingReadDoNotBlockThePool() async throws {
        try await withDeadline(seconds: 5) {
            let (lazy, built, release, syncRead) = try await Self.aLazyBeingReadOnAThread()
            // Four readers on an executor of one thread, stricter than the pool's two: once it is
            // idle, every reader has reached the build under way and suspended. A reader that
            // blocked its thread would keep it busy, and the others from starting, until `release`,
            // which comes only after: the deadline would fail the test.
            let executor = WatchedExecutor()
            let asyncReads = (0..<4).map { _ in executor.task { try await lazy() } }
            await executor.untilIdle()
            release.signal()
            let fromThread = try #require(await syncRead.value)
            for read in asyncReads {
                #expect(try await read.value === fromThread)
            }
            #expect(built.value == 1)
        }
    }

    /// A `Lazy` of a slow transient whose first read is under way on a plain thread: its factory
    /// has started and waits for `release` (for longer than the tests' deadlines: a test that never
    /// releases it fails by its deadline). `built` counts the factory's runs; `syncRead` is the
    /// thread's read.
    private static func aLazyBeingReadOnAThread() async throws -> (
        lazy: Lazy<Slow>, built: Counter, release: DispatchSemaphore, syncRead: Task<Slow?, Never>
    ) {
        let root = DependencyContainer()
        let built = Counter()
        let slowStarted = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        root.register(Slow.self, lifecycle: .transient) { _ in
            built.increment()
            slowStarted.signal()
            _ = release.wait(timeout: .now() + 30)
            return Slow()
        }
        let lazy = try await root.resolve(Lazy<Slow>.self)
        let syncRead = Task { await onThread { try? readSynchronously(lazy) } }
        #expect(await onThread { slowStarted.wait(timeout: .now() + 5) } == .success)
        return (lazy, built, release, syncRead)
    }

    // MARK: - 5. Exactly once, with synchronous and async first reads mixed

    @Test("mixed synchronous and async first reads of one Lazy of a transient registration build it once")
    func mixedFirstReadsOfALazyBuildOnce() async throws {
        let failures = try await withDeadline(seconds: 60) {
            await onThread {
                Self.mixedFirstReads(rounds: 200) { root in
                    let lazy = try root.resolve(Lazy<Session>.self)
                    return ({ try readSynchronously(lazy) }, { try await readAsynchronously(lazy) })
                }
            }
        }
        let failed = failures.count
        #expect(failed == 0, "\(failed) of 200 rounds went wrong, first: \(failures.prefix(3))")
    }

    @Test("mixed synchronous and async first reads of one @Injected of a transient registration build it once")
    func mixedFirstReadsOfAnInjectedBuildOnce() async throws {
        let failures = try await withDeadline(seconds: 60) {
            await onThread {
                Self.mixedFirstReads(rounds: 200) { root in
                    let holder = Holder(container: root)
                    return ({ try holder.$session.resolve() }, { try await holder.$session.resolve() })
                }
            }
        }
        let failed = failures.count
        #expect(failed == 0, "\(failed) of 200 rounds went wrong, first: \(failures.prefix(3))")
    }

    // MARK: - 6. No false cycle from a task that outlives its factory

    @Test("a task started in an async factory that resolves the same transient type later is no cycle")
    func aTaskStartedInAFactoryIsNoCycleAfterTheFactoryReturns() async throws {
        try await withDeadline(seconds: 5) {
            let root = DependencyContainer()
            let started = Locked(false)
            let later = Locked<Task<Conn, any Error>?>(nil)
            let factoryReturned = Gate()
            root.register(Conn.self, lifecycle: .transient) { container async in
                let isFirst = started.withLock { wasStarted in
                    defer { wasStarted = true }
                    return !wasStarted
                }
                if isFirst {
                    // Resolves once this factory has returned: not inside it.
                    let task = Task {
                        await factoryReturned.wait()
                        return try await container.resolve(Conn.self)
                    }
                    later.withLock { $0 = task }
                }
                return Conn()
            }
            _ = try await root.resolve(Conn.self)
            await factoryReturned.open()
            let task = try #require(later.withLock { $0 })
            #expect(await asyncOutcome { try await task.value } == "value")
        }
    }

    // MARK: - 7. Teardown order when a dependency and its dependent are built at once

    @Test("a dependent is torn down before its dependency even when both were first resolved at once")
    func teardownOrderSurvivesARace() async throws {
        let rounds = 500
        let failures = try await withDeadline(seconds: 60) {
            var failures: [String] = []
            for round in 0..<rounds {
                let root = DependencyContainer()
                let log = Locked<[String]>([])
                root.register(Dependency.self) { _ in
                    Dependency()
                } teardown: { _ in
                    log.withLock { $0.append("dep") }
                }
                root.register(Dependent.self) { container in
                    try Dependent(dependency: container.resolve(Dependency.self))
                } teardown: { _ in
                    log.withLock { $0.append("dependent") }
                }
                let finished = await onThread {
                    concurrently(threads: 2, timeout: .seconds(5)) { index in
                        if index == 0 {
                            _ = try? root.resolve(Dependency.self)
                        } else {
                            _ = try? root.resolve(Dependent.self)
                        }
                    }
                }
                guard finished else {
                    failures.append("round \(round): the resolves hung")
                    break
                }
                try await root.shutdown()
                let order = log.withLock { $0 }
                if order != ["dependent", "dep"] { failures.append("round \(round): \(order)") }
            }
            return failures
        }
        let failed = failures.count
        #expect(failed == 0, "\(failed) of \(rounds) rounds went wrong, first: \(failures.prefix(3))")
    }

    // MARK: - 8. Synchronous resolves in tasks do not starve the pool

    @Test(
        "tasks that resolve synchronously a singleton whose factory bridges to async work finish in time under a short wait limit"
    )
    func synchronousResolvesInTasksDoNotStarveThePool() async throws {
        let root = DependencyContainer()
        // A factory that blocks on async work needs the pool that blocked waiters hold: the
        // construction wait limit is what gives their threads back (the README leaves this
        // deadlock to the program, which bounds it so).
        root.constructionWaitLimit = .milliseconds(50)
        let firstAttempt = Locked(true)
        root.register(Bridged.self) { _ in
            // Only the first build bridges: should it time out, the builds after it fail at once,
            // so that a regression starves the pool for one bridge's timeout, not sixteen.
            let isFirst = firstAttempt.withLock { first in
                defer { first = false }
                return first
            }
            guard isFirst else { throw BridgeTimedOut() }
            let done = DispatchSemaphore(value: 0)
            // Async work, which needs a thread of the pool to run.
            Task {
                await Task.yield()
                done.signal()
            }
            guard done.wait(timeout: .now() + 4) == .success else { throw BridgeTimedOut() }
            return Bridged()
        }
        // The deadline guards a hang only; a starved pool shows in the outcomes: the bridge's own
        // async work would not run, and it would fail with BridgeTimedOut.
        let outcomes = try await withDeadline(seconds: 10) {
            await withTaskGroup(of: String.self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        do {
                            _ = try resolveSynchronously(Bridged.self, from: root)
                            return "instance"
                        } catch let error as DependencyResolutionError {
                            return error.description
                        } catch {
                            return "\(type(of: error))"
                        }
                    }
                }
                return await group.reduce(into: [String]()) { $0.append($1) }
            }
        }
        #expect(outcomes.count == 16)
        let instances = outcomes.filter { $0 == "instance" }.count
        #expect(instances >= 1, "the build itself failed: \(Set(outcomes))")
        let unexpected = outcomes.filter { $0 != "instance" && !$0.contains("Gave up waiting") }
        let unexpectedCount = unexpected.count
        #expect(unexpectedCount == 0, "neither the instance nor the wait limit's error: \(Set(unexpected))")
    }

    // MARK: - 9. A cycle's error shows the whole loop

    @Test("a cycle between two threads names the whole loop in its path")
    func aCrossThreadCycleNamesTheWholeLoop() async throws {
        let root = DependencyContainer()
        let (finished, errors) = try await withDeadline(seconds: 5) {
            await Self.closeCycleFromTwoThreads(aIn: root, bIn: root)
        }
        #expect(finished, "the two ends of the cycle hung")
        #expect(!errors.contains { $0 == nil }, "both ends must fail with a DependencyResolutionError")
        for case let error? in errors {
            #expect(error.code == .cycle)
            #expect(error.path.contains("A") && error.path.contains("B"), "path \(error.path)")
            #expect(error.path.count >= 3 && error.path.first == error.path.last, "not the whole loop: \(error.path)")
        }
    }

    @Test("a cycle between two roots names the whole loop and tells the two roots apart")
    func aCrossRootCycleNamesTheWholeLoopAndBothRoots() async throws {
        let first = DependencyContainer()
        let second = DependencyContainer()
        let (finished, errors) = try await withDeadline(seconds: 5) {
            await Self.closeCycleFromTwoThreads(aIn: first, bIn: second)
        }
        #expect(finished, "the two ends of the cycle hung")
        let closing = try #require(errors[1], "the end that closes the loop must fail")
        #expect(closing.code == .cycle)
        #expect(closing.path.contains("A") && closing.path.contains("B"), "path \(closing.path)")
        #expect(
            closing.path.count >= 3 && closing.path.first == closing.path.last, "not the whole loop: \(closing.path)")
        // The same loop within one root, closed by the same end: two roots that both print as the
        // root's scope ("global") would give the same message.
        let single = DependencyContainer()
        let (_, singleRootErrors) = try await withDeadline(seconds: 5) {
            await Self.closeCycleFromTwoThreads(aIn: single, bIn: single)
        }
        let withinOneRoot = try #require(singleRootErrors[1])
        // Compared with identifiers (root numbers, addresses) canonicalized, so that roots told
        // apart only by a number that changes from run to run do not count as told apart.
        #expect(
            canonicalIdentifiers(closing.description) != canonicalIdentifiers(withinOneRoot.description),
            "the message does not tell the two roots apart:\n\(closing.description)")
    }
}

// MARK: - Helpers

extension ResolutionsThatMeetTests {
    /// Resolves `A` and `B` of `root` in two tasks at once, and returns how each ended. Cancelled
    /// (by a deadline), it cancels both, so that a hang leaves no task behind.
    private static func resolveBothEnds(of root: DependencyContainer) async -> [String] {
        let first = Task { try await root.resolve(A.self) }
        let second = Task { try await root.resolve(B.self) }
        return await withTaskCancellationHandler {
            [await asyncOutcome { try await first.value }, await asyncOutcome { try await second.value }]
        } onCancel: {
            first.cancel()
            second.cancel()
        }
    }

    /// Runs a cycle between `A` in `first` and `B` in `second` from both ends: one thread resolves
    /// `A`, whose factory resolves `B`; the other resolves `B`, whose factory resolves `A`. Both
    /// factories run before either resolves the other, and the `B` end resolves 100 ms later, so it
    /// is the one that closes the loop, run after run.
    ///
    /// - Returns: Whether both threads finished in time, and the resolution error each ended with
    ///   (`nil` for none): the `A` end's, then the `B` end's.
    private static func closeCycleFromTwoThreads(
        aIn first: DependencyContainer,
        bIn second: DependencyContainer
    ) async -> (Bool, [DependencyResolutionError?]) {
        let aStarted = DispatchSemaphore(value: 0)
        let bStarted = DispatchSemaphore(value: 0)
        // Weak: two roots whose factories hold each other would never be freed.
        first.register(A.self) { [weak second] _ in
            aStarted.signal()
            _ = bStarted.wait(timeout: .now() + 5)
            guard let second else { throw Missing() }
            _ = try second.resolve(B.self)
            return A()
        }
        second.register(B.self) { [weak first] _ in
            bStarted.signal()
            _ = aStarted.wait(timeout: .now() + 5)
            // Time is the subject: 100 ms for the `A` end to reach its wait for `B`, so that this end
            // closes the loop. A thread that blocks in a wait tells nothing a test could wait on.
            Thread.sleep(forTimeInterval: 0.1)
            guard let first else { throw Missing() }
            _ = try first.resolve(A.self)
            return B()
        }
        let errors = Locked<[DependencyResolutionError?]>([nil, nil])
        let finished = await onThread {
            concurrently(threads: 2, timeout: .seconds(5)) { index in
                do {
                    if index == 0 {
                        _ = try first.resolve(A.self)
                    } else {
                        _ = try second.resolve(B.self)
                    }
                } catch let error as DependencyResolutionError {
                    errors.withLock { $0[index] = error }
                } catch {}
            }
        }
        return (finished, errors.withLock { $0 })
    }

    /// Rounds of first reads of a fresh shared value of a `.transient` `Session`, made by `makeReaders`:
    /// two threads read it synchronously and two tasks asynchronously. In odd rounds all four start
    /// at once; in even rounds the synchronous reads start once an async read's build is under way.
    /// Each round, the factory must run once and every reader get its instance.
    ///
    /// - Returns: What went wrong, one line per round that went wrong.
    private static func mixedFirstReads(
        rounds: Int,
        makeReaders: (DependencyContainer) throws -> (
            sync: @Sendable () throws -> Session, async: @Sendable () async throws -> Session
        )
    ) -> [String] {
        var failures: [String] = []
        for round in 0..<rounds {
            let root = DependencyContainer()
            let built = Counter()
            let building = DispatchSemaphore(value: 0)
            root.register(Session.self, lifecycle: .transient) { _ in
                built.increment()
                // Once for each synchronous reader that waits for a build to be under way.
                building.signal()
                building.signal()
                // Time is the subject: long enough for the other readers to arrive while it builds
                // (a synchronous reader blocks to wait, which no test can see).
                Thread.sleep(forTimeInterval: 0.001)
                return Session()
            }
            let readers: (sync: @Sendable () throws -> Session, async: @Sendable () async throws -> Session)
            do {
                readers = try makeReaders(root)
            } catch {
                failures.append("round \(round): \(error)")
                continue
            }
            let seen = Locked<[ObjectIdentifier?]>([])
            let finished = concurrently(threads: 4, timeout: .seconds(5)) { index in
                let session: Session?
                if index.isMultiple(of: 2) {
                    if round.isMultiple(of: 2) { _ = building.wait(timeout: .now() + 5) }
                    session = try? readers.sync()
                } else {
                    session = blockingAwait { try? await readers.async() } ?? nil
                }
                seen.withLock { $0.append(session.map(ObjectIdentifier.init)) }
            }
            guard finished else {
                failures.append("round \(round): the first reads hung")
                break
            }
            let identities = seen.withLock { $0 }
            if built.value != 1 || identities.contains(nil) || Set(identities).count != 1 {
                failures.append(
                    "round \(round): the factory ran \(built.value) times; "
                        + "\(Set(identities.compactMap { $0 }).count) instances, "
                        + "\(identities.filter { $0 == nil }.count) failed reads")
            }
        }
        return failures
    }
}

/// Runs `work` in a task and blocks the calling thread (never one of the pool's) until it ends, for
/// at most `seconds`: `nil` when it did not end in time.
private func blockingAwait<Result: Sendable>(
    seconds: Double = 5,
    _ work: @escaping @Sendable () async -> Result
) -> Result? {
    let done = DispatchSemaphore(value: 0)
    let result = Locked<Result?>(nil)
    Task {
        let value = await work()
        result.withLock { $0 = value }
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return result.withLock { $0 }
}

/// `text` with every word that holds a digit (a number, an address, an identifier) replaced by `#`
/// and the order in which it first appears: `root 7 -> root 3 -> root 7` reads `root #0 -> root #1
/// -> root #0`, the same as `root 12 -> root 5 -> root 12`, and unlike `root 4 -> root 4 -> root 4`.
private func canonicalIdentifiers(_ text: String) -> String {
    var seen: [String: Int] = [:]
    var result = ""
    var word = ""
    func endWord() {
        if word.contains(where: \.isNumber) {
            let index = seen[word] ?? seen.count
            seen[word] = index
            result += "#\(index)"
        } else {
            result += word
        }
        word = ""
    }
    for character in text {
        if character.isLetter || character.isNumber {
            word.append(character)
        } else {
            endWord()
            result.append(character)
        }
    }
    endWord()
    return result
}

/// A synchronous read of `lazy`, wherever the call is written: inside async code (a task's closure)
/// Swift may pick the async one.
private func readSynchronously<Service>(_ lazy: Lazy<Service>) throws -> Service {
    try lazy()
}

/// An async read of `lazy`, wherever the call is written.
private func readAsynchronously<Service: Sendable>(_ lazy: Lazy<Service>) async throws -> Service {
    try await lazy()
}

/// How `body` ended, for comparing and for messages: "value", the code of a resolution error
/// ("cycle"), or the type of any other error.
private func outcome<Value>(_ body: () throws -> Value) -> String {
    do {
        _ = try body()
        return "value"
    } catch let error as DependencyResolutionError {
        return "\(error.code)"
    } catch {
        return "\(type(of: error))"
    }
}

/// How async `body` ended; see `outcome(_:)`.
private func asyncOutcome<Value>(_ body: () async throws -> Value) async -> String {
    do {
        _ = try await body()
        return "value"
    } catch let error as DependencyResolutionError {
        return "\(error.code)"
    } catch {
        return "\(type(of: error))"
    }
}
