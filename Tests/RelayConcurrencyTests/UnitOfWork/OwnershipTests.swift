import Foundation
import Relay
import RelayTestSupport
import Synchronization
import Testing

/// Ownership: every instance with a teardown has one owner, which runs the teardown exactly once,
/// awaited by someone, its failure reported; at every edge where a unit or a container ends
/// (cancellation, a unit closed mid-build, a dropped unit, validation, shutdown with units open).
/// Each test runs under a deadline.
@Suite("Ownership: every teardown runs once")
struct OwnershipTests {
    /// What happened, in order.
    final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    final class Connection: Sendable {
        let number: Int
        init(number: Int) { self.number = number }
    }
    final class Flusher: Sendable {}
    final class Repository: Sendable {
        let connection: Connection
        init(connection: Connection) { self.connection = connection }
    }
    final class Pool: Sendable {
        let connection: Connection
        init(connection: Connection) { self.connection = connection }
    }

    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    // MARK: - Cancellation

    @Test("a unit ended by cancellation runs its teardowns to the end, even ones that await cancellable work")
    func cancellationDoesNotCancelTeardowns() async throws {
        try await withDeadline {
            let log = Log()
            let container = DependencyContainer()
            container.register(Connection.self, lifecycle: .unitOfWork) { _ in
                Connection(number: 1)
            } teardown: { _ in
                try await cancellableWork()
                log.append("connection closed")
            }
            container.register(Flusher.self, lifecycle: .unitOfWork) { _ in
                Flusher()
            } teardown: { _ in
                await Task.yield()
                try Task.checkCancellation()
                log.append("flushed")
            }
            let started = Gate()
            let task = Task {
                try await container.withUnitOfWork { unit in
                    _ = try await unit.resolve(Connection.self)
                    _ = try await unit.resolve(Flusher.self)
                    await started.open()
                    try await untilCancelled()
                }
            }
            await started.wait()
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(log.all == ["flushed", "connection closed"])
        }
    }

    @Test("a teardown that awaits a cancellable continuation completes when its unit's task was cancelled")
    func cancellationDoesNotReachAContinuation() async throws {
        try await withDeadline {
            let log = Log()
            let container = DependencyContainer()
            container.register(Connection.self, lifecycle: .unitOfWork) { _ in
                Connection(number: 1)
            } teardown: { _ in
                // A commit that honours cancellation: it would throw at once in a cancelled task.
                let committed = Mutex<CheckedContinuation<Void, any Error>?>(nil)
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { continuation in
                        committed.withLock { $0 = continuation }
                        // Cancelled before the continuation was stored: the handler found nothing.
                        if Task.isCancelled { committed.withLock { $0.take() }?.resume(throwing: CancellationError()) }
                        DispatchQueue.global().async {
                            committed.withLock { $0.take() }?.resume()
                        }
                    }
                } onCancel: {
                    committed.withLock { $0.take() }?.resume(throwing: CancellationError())
                }
                log.append("committed")
            }
            let started = Gate()
            let task = Task {
                try await container.withUnitOfWork { unit in
                    _ = try await unit.resolve(Connection.self)
                    await started.open()
                    try await untilCancelled()
                }
            }
            await started.wait()
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(log.all == ["committed"])
        }
    }

    @Test("a unit closed from a cancelled task runs its teardowns to the end")
    func closeFromACancelledTask() async throws {
        try await withDeadline {
            let log = Log()
            let container = DependencyContainer()
            container.register(Connection.self, lifecycle: .unitOfWork) { _ in
                Connection(number: 1)
            } teardown: { _ in
                try await cancellableWork()
                log.append("closed")
            }
            let unit = container.openUnitOfWork()
            _ = try await unit.resolve(Connection.self)
            let closing = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                try await unit.close()
            }
            try await closing.value
            #expect(log.all == ["closed"])
        }
    }

    // MARK: - Both failures reach the caller

    @Test("when the body and a teardown both throw, the caller gets an error that carries both")
    func bodyAndTeardownFailuresBothReachTheCaller() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            container.register(Connection.self, lifecycle: .unitOfWork) { _ in
                Connection(number: 1)
            } teardown: { _ in
                throw Boom()
            }
            let number = Mutex(0)
            let error = await #expect(throws: DependencyShutdownError.self) {
                try await container.withUnitOfWork { unit in
                    number.withLock { $0 = unit.number }
                    _ = try await unit.resolve(Connection.self)
                    throw CocoaError(.fileNoSuchFile)
                }
            }
            let unit = number.withLock { $0 }
            #expect((error?.workError as? CocoaError)?.code == .fileNoSuchFile)
            #expect(error?.failures.map(\.unitOfWork) == [unit])
            let work = String(describing: CocoaError(.fileNoSuchFile))
            #expect(
                error?.description == """
                    Ending unit of work #\(unit) failed: 1 teardown threw.
                    - 'Connection' in global, unit of work #\(unit): boom
                    The unit's work had thrown first: \(work)
                    """)
            // A body that throws while every teardown succeeds: its own error, as before.
            container.register(Connection.self, lifecycle: .unitOfWork) { _ in
                Connection(number: 2)
            } teardown: { _ in
            }
            await #expect(throws: Boom.self) {
                try await container.withUnitOfWork { unit in
                    _ = try await unit.resolve(Connection.self)
                    throw Boom()
                }
            }
        }
    }

    // MARK: - A unit closed while one of its instances is built

    @Test("a unit closed while an async factory builds: the resolve throws unitOfWorkEnded after the teardown ran")
    func closedDuringAnAsyncBuild() async throws {
        try await withDeadline {
            let log = Log()
            let container = DependencyContainer()
            let building = Gate()
            let release = Gate()
            let tearingDown = Barrier(count: 2)
            let teardownMayEnd = Gate()
            container.register(Connection.self, lifecycle: .unitOfWork) { _ in
                await building.open()
                await release.wait()
                return Connection(number: 1)
            } teardown: { connection in
                await tearingDown.arrive()
                await teardownMayEnd.wait()
                log.append("torn down \(connection.number)")
            }
            let unit = container.openUnitOfWork()
            let executor = WatchedExecutor()
            let resolveEnded = Locked(false)
            let resolve = executor.task {
                defer { resolveEnded.withLock { $0 = true } }
                return try await unit.resolve(Connection.self)
            }
            await building.wait()
            // Closing does not wait for the build (nothing hangs)...
            try await unit.close()
            await release.open()
            // ...and the build's resolve hands nothing out: the late instance is torn down first. Its
            // teardown has begun, and the resolve has gone as far as it can: it waits for the teardown.
            await tearingDown.arrive()
            await executor.untilIdle()
            #expect(!resolveEnded.withLock { $0 }, "the resolve ended before the late instance's teardown")
            await teardownMayEnd.open()
            let error = await #expect(throws: DependencyResolutionError.self) { try await resolve.value }
            #expect(error?.code == .unitOfWorkEnded)
            #expect(log.all == ["torn down 1"])
            // Nothing is owed to shutdown: it was torn down once.
            try await container.shutdown()
            #expect(log.all == ["torn down 1"])
        }
    }

    @Test("the late instance's teardown failure is carried by the resolve's error")
    func lateTeardownFailureIsCarried() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            let building = Gate()
            let release = Gate()
            container.register(Connection.self, lifecycle: .unitOfWork) { _ in
                await building.open()
                await release.wait()
                return Connection(number: 1)
            } teardown: { _ in
                throw Boom()
            }
            let unit = container.openUnitOfWork()
            let resolve = Task { try await unit.resolve(Connection.self) }
            await building.wait()
            try await unit.close()
            await release.open()
            let error = await #expect(throws: DependencyResolutionError.self) { try await resolve.value }
            #expect(error?.code == .unitOfWorkEnded)
            let teardown = try #require(error?.underlyingError as? DependencyShutdownError)
            #expect(teardown.failures.map(\.requestedType) == ["Connection"])
            #expect(
                error?.description.hasPrefix(
                    "'Connection' in global was resolved in a unit of work that has ended. The instance built as it "
                        + "ended was torn down, and its teardown threw: ") == true)
        }
    }

    @Test("a unit closed while a synchronous factory builds for an async resolve: torn down before the error")
    func closedDuringASynchronousBuild() async throws {
        try await withDeadline {
            let log = Log()
            let container = DependencyContainer()
            let building = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let tearingDown = Barrier(count: 2)
            let teardownMayEnd = Gate()
            container.register(Connection.self, lifecycle: .unitOfWork) { _ in
                building.signal()
                release.wait()
                return Connection(number: 7)
            } teardown: { connection in
                await tearingDown.arrive()
                await teardownMayEnd.wait()
                log.append("torn down \(connection.number)")
            }
            let unit = container.openUnitOfWork()
            // The synchronous factory blocks the executor's queue until released, as it would a thread.
            let executor = WatchedExecutor()
            let resolveEnded = Locked(false)
            let resolve = executor.task {
                defer { resolveEnded.withLock { $0 = true } }
                return try await unit.resolve(Connection.self)
            }
            await onThread { building.wait() }
            try await unit.close()
            release.signal()
            // The late instance's teardown has begun, and the resolve waits for it.
            await tearingDown.arrive()
            await executor.untilIdle()
            #expect(!resolveEnded.withLock { $0 }, "the resolve ended before the late instance's teardown")
            await teardownMayEnd.open()
            let error = await #expect(throws: DependencyResolutionError.self) { try await resolve.value }
            #expect(error?.code == .unitOfWorkEnded)
            #expect(log.all == ["torn down 7"])
        }
    }

    @Test("a unit closed while a synchronous resolve on a thread builds: torn down in a task that shutdown awaits")
    func closedDuringABuildOnAThread() async throws {
        try await withDeadline {
            let log = Log()
            let container = DependencyContainer()
            let building = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            container.register(Connection.self, lifecycle: .unitOfWork) { _ in
                building.signal()
                release.wait()
                return Connection(number: 3)
            } teardown: { connection in
                log.append("torn down \(connection.number)")
            }
            let unit = container.openUnitOfWork()
            let resolve = Task { await onThread { Result { try unit.resolve(Connection.self) } } }
            await onThread { building.wait() }
            try await unit.close()
            release.signal()
            let result = await resolve.value
            #expect(throws: DependencyResolutionError.self) { try result.get() }
            #expect((try? result.get()) == nil)
            try await container.shutdown()
            #expect(log.all == ["torn down 3"])
        }
    }

    // MARK: - Transients and graph instances with a teardown

    @Test("a transient with a teardown is owned by the unit that resolved it, torn down newest first")
    func transientsAreOwnedByTheirUnit() async throws {
        try await withDeadline {
            let log = Log()
            let container = DependencyContainer()
            let counter = Counter()
            container.register(Connection.self, lifecycle: .transient) { _ in
                counter.increment()
                return Connection(number: counter.value)
            } teardown: { connection in
                log.append("connection \(connection.number)")
            }
            container.register(Repository.self, lifecycle: .unitOfWork) { container in
                try Repository(connection: container.resolve(Connection.self))
            } teardown: { repository in
                log.append("repository over \(repository.connection.number)")
            }
            try await container.withUnitOfWork { unit in
                _ = try await unit.resolve(Connection.self)
                _ = try await unit.resolve(Repository.self)
                #expect(log.all.isEmpty)
            }
            #expect(log.all == ["repository over 2", "connection 2", "connection 1"])
        }
    }

    @Test("a unit that owns a long run of transients ends them all, on a worker thread's stack")
    func aLongRunOfTransientsEnds() async throws {
        try await withDeadline(seconds: 60) {
            let torn = Counter()
            let container = DependencyContainer()
            container.register(Connection.self, lifecycle: .transient) { _ in
                Connection(number: 0)
            } teardown: { _ in
                torn.increment()
            }
            let count = 200_000
            // Each adopted instance hangs on the unit's teardown list; letting go of the list must
            // not recurse once per instance (a worker thread's stack is small).
            try await Task.detached {
                try await container.withUnitOfWork { _ in
                    for _ in 0..<count { _ = try container.resolve(Connection.self) }
                }
            }.value
            #expect(torn.value == count)
        }
    }

    @Test("a transient with a teardown is refused where nothing would own it, before its factory runs")
    func transientsWithoutOwnerAreRefused() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            let built = Counter()
            container.register(Connection.self, lifecycle: .transient) { _ in
                built.increment()
                return Connection(number: 1)
            } teardown: { _ in
            }
            let error = #expect(throws: DependencyResolutionError.self) {
                try resolveSynchronously(Connection.self, from: container)
            }
            #expect(error?.code == .teardownWithoutOwner)
            #expect(
                error?.description == """
                    'Connection' in global has a teardown, and nothing here would own what it builds: it lives for \
                    one resolve, and no unit of work is open to tear it down.
                      resolution path: Connection
                      to fix: resolve it inside try await container.withUnitOfWork { unit in ... }, which tears it \
                    down when the unit ends, or from a singleton's factory, whose container tears it down at \
                    shutdown(); or register it .unitOfWork or .singleton
                    """)
            await #expect(throws: DependencyResolutionError.self) { try await container.resolve(Connection.self) }
            #expect(built.value == 0)
        }
    }

    @Test("a weak registration with a teardown is refused: nothing owns a weak instance")
    func weakWithTeardownIsRefused() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            let built = Counter()
            container.register(Pool.self, lifecycle: .weak) { _ in
                built.increment()
                return Pool(connection: Connection(number: 1))
            } teardown: { _ in
            }
            let error = #expect(throws: DependencyResolutionError.self) {
                try resolveSynchronously(Pool.self, from: container)
            }
            #expect(error?.code == .teardownWithoutOwner)
            #expect(
                error?.description == """
                    'Pool' in global is .weak and has a teardown: nothing owns a weak instance (it lives while \
                    others hold it), so nothing would run the teardown.
                      resolution path: Pool
                      to fix: register it .singleton, which the container tears down at shutdown(), or close what \
                    it holds in its deinit and drop the teardown
                    """)
            try await container.withUnitOfWork { unit in
                _ = await #expect(throws: DependencyResolutionError.self) { try await unit.resolve(Pool.self) }
            }
            #expect(built.value == 0)
        }
    }

    @Test("a transient with a teardown that a singleton's factory resolves is the container's, torn down after it")
    func transientsOfSingletonsAreTheContainers() async throws {
        try await withDeadline {
            let log = Log()
            let container = DependencyContainer()
            container.register(Connection.self, lifecycle: .transient) { _ in
                Connection(number: 1)
            } teardown: { _ in
                log.append("connection")
            }
            container.register(Pool.self) { container in
                try Pool(connection: container.resolve(Connection.self))
            } teardown: { _ in
                log.append("pool")
            }
            // Inside a unit too: the singleton holds it for the container's life, not the unit's.
            try await container.withUnitOfWork { unit in _ = try await unit.resolve(Pool.self) }
            #expect(log.all.isEmpty)
            try await container.shutdown()
            #expect(log.all == ["pool", "connection"])
        }
    }

    @Test("a graph instance with a teardown is torn down once per resolution, by the unit")
    func graphInstancesAreOwned() async throws {
        try await withDeadline {
            let log = Log()
            let container = DependencyContainer()
            let counter = Counter()
            container.register(Connection.self, lifecycle: .graph) { _ in
                counter.increment()
                return Connection(number: counter.value)
            } teardown: { connection in
                log.append("connection \(connection.number)")
            }
            container.register(Repository.self, lifecycle: .transient) { container in
                _ = try container.resolve(Connection.self)
                return try Repository(connection: container.resolve(Connection.self))
            }
            try await container.withUnitOfWork { unit in
                _ = try await unit.resolve(Repository.self)
            }
            #expect(log.all == ["connection 1"])
        }
    }

    // MARK: - Validation

    @Test("validate() tears down what it built: unit instances, transients and singletons")
    func validationTearsDown() async throws {
        try await withDeadline {
            let log = Log()
            let container = DependencyContainer()
            container.register(Pool.self) { container in
                Pool(connection: Connection(number: 0))
            } teardown: { _ in
                log.append("pool")
            }
            container.register(Connection.self, lifecycle: .transient) { _ in
                Connection(number: 1)
            } teardown: { _ in
                log.append("connection")
            }
            container.register(Repository.self, lifecycle: .unitOfWork) { container in
                _ = try container.resolve(Pool.self)
                return try Repository(connection: container.resolve(Connection.self))
            } teardown: { _ in
                log.append("repository")
            }
            try await container.validate()
            #expect(log.all.sorted() == ["connection", "connection", "pool", "repository"])
            // Nothing was left for shutdown.
            try await container.shutdown()
            #expect(log.all.count == 4)
            // A teardown that throws fails the validation.
            container.register(Flusher.self) { _ in
                Flusher()
            } teardown: { _ in
                throw Boom()
            }
            let error = await #expect(throws: DependencyGraphError.self) { try await container.validate() }
            #expect(error?.failures.isEmpty == true)
            #expect(error?.teardownFailures.map(\.requestedType) == ["Flusher"])
            #expect(
                error?.description == """
                    Validating the container failed: 1 teardown of what it built threw.
                    - 'Flusher' in global: boom
                    """)
        }
    }

    @Test("validateSynchronously() hands what it built to a teardown that shutdown awaits and the observer sees")
    func synchronousValidationTearsDownInTheBackground() async throws {
        try await withDeadline {
            let log = Log()
            let observed = Log()
            let container = DependencyContainer()
            container.addTeardownFailureObserver { observed.append("\($0)") }
            container.register(Pool.self) { _ in
                Pool(connection: Connection(number: 0))
            } teardown: { _ in
                log.append("pool")
                throw Boom()
            }
            try container.validateSynchronously()
            let error = await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
            #expect(log.all == ["pool"])
            #expect(error?.failures.map(\.requestedType) == ["Pool"])
            #expect(observed.all == ["Validating the container failed: 1 teardown threw.\n- 'Pool' in global: boom"])
        }
    }

    // MARK: - Dropped units and shutdown

    @Test("shutdown() ends the units still open, then awaits dropped ones, before the container's own teardowns")
    func shutdownEndsOpenAndDroppedUnits() async throws {
        try await withDeadline {
            let log = Log()
            let container = DependencyContainer()
            let counter = Counter()
            let droppedTearingDown = Barrier(count: 2)
            let droppedMayEnd = Gate()
            container.register(Pool.self) { _ in
                Pool(connection: Connection(number: 0))
            } teardown: { _ in
                log.append("pool")
            }
            container.register(Connection.self, lifecycle: .unitOfWork) { container in
                _ = try container.resolve(Pool.self)
                counter.increment()
                return Connection(number: counter.value)
            } teardown: { connection in
                // The dropped unit's teardown (its connection is the second) ends when the test says.
                if connection.number == 2 {
                    await droppedTearingDown.arrive()
                    await droppedMayEnd.wait()
                }
                log.append("connection \(connection.number)")
            }
            let open = container.openUnitOfWork()
            _ = try await open.resolve(Connection.self)
            do {
                let dropped = container.openUnitOfWork()
                _ = try await dropped.resolve(Connection.self)
            }
            let executor = WatchedExecutor()
            let shutdown = executor.task { try await container.shutdown() }
            // The dropped unit's teardown has begun, as it went, and shutdown has gone as far as it
            // can: it has ended the open unit, and waits for the dropped one before it ends the
            // container's own instances.
            await droppedTearingDown.arrive()
            await executor.untilIdle()
            #expect(!log.all.contains("pool"), "shutdown tore down \(log.all) while a dropped unit ended")
            await droppedMayEnd.open()
            try await shutdown.value
            #expect(log.all.sorted() == ["connection 1", "connection 2", "pool"])
            #expect(log.all.last == "pool")
            // The open unit has ended: it hands out nothing more, and closing it does nothing.
            #expect(open.isEnded)
            let error = await #expect(throws: DependencyResolutionError.self) { try await open.resolve(Pool.self) }
            #expect(error?.code == .unitOfWorkEnded)
            try await open.close()
            #expect(log.all.count == 3)
        }
    }

    @Test("a dropped unit's teardown failure reaches the observer and the next shutdown")
    func droppedUnitFailuresAreReported() async throws {
        try await withDeadline {
            let observed = Log()
            let container = DependencyContainer()
            container.addTeardownFailureObserver { observed.append("\($0)") }
            container.register(Connection.self, lifecycle: .unitOfWork) { _ in
                Connection(number: 1)
            } teardown: { _ in
                throw Boom()
            }
            let number: Int
            do {
                let dropped = container.openUnitOfWork()
                number = dropped.number
                _ = try await dropped.resolve(Connection.self)
            }
            let error = await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
            #expect(error?.failures.map(\.unitOfWork) == [number])
            #expect(
                observed.all == [
                    "Ending unit of work #\(number) (dropped without being closed) failed: 1 teardown threw.\n"
                        + "- 'Connection' in global, unit of work #\(number): boom"
                ])
            // Reported once: the next shutdown has nothing left.
            try await container.shutdown()
        }
    }

    @Test("a unit that has ended hands out nothing, whatever the lifecycle")
    func anEndedUnitResolvesNothing() async throws {
        try await withDeadline {
            let container = DependencyContainer()
            container.register(Pool.self) { _ in Pool(connection: Connection(number: 0)) }
            let unit = container.openUnitOfWork()
            _ = try await unit.resolve(Pool.self)
            try await unit.close()
            let awaited = await #expect(throws: DependencyResolutionError.self) { try await unit.resolve(Pool.self) }
            #expect(awaited?.code == .unitOfWorkEnded)
            let synchronous = #expect(throws: DependencyResolutionError.self) { try unit.resolve(Pool.self) }
            #expect(synchronous?.code == .unitOfWorkEnded)
        }
    }

    // MARK: - The request-unit policy

    @Test("a request unit ends once: after the handler throws, after the body, or when it is dropped")
    func requestUnitEndsOnce() async throws {
        try await withDeadline {
            let log = Log()
            let reported = Log()
            let container = DependencyContainer()
            let counter = Counter()
            container.register(Connection.self, lifecycle: .unitOfWork) { _ in
                counter.increment()
                return Connection(number: counter.value)
            } teardown: { connection in
                log.append("connection \(connection.number)")
                if connection.number == 3 { throw Boom() }
            }
            // The handler throws: ended before the error goes on.
            let failing = RequestUnitOfWork(container: container) { reported.append("\($0)") }
            await #expect(throws: Boom.self) {
                try await failing.respond {
                    _ = try await container.resolve(Connection.self)
                    throw Boom()
                }
            }
            #expect(log.all == ["connection 1"])
            #expect(failing.isEnded)
            // The body is written in the unit, which ends after it; a second end does nothing.
            let streamed = RequestUnitOfWork(container: container) { reported.append("\($0)") }
            try await streamed.respond { _ = try await container.resolve(Connection.self) }
            #expect(log.all == ["connection 1"])
            try await streamed.writeBody { _ = try await container.resolve(Connection.self) }
            await streamed.end()
            #expect(log.all == ["connection 1", "connection 2"])
            // Dropped without being ended: ended in the background, its failure reported.
            let number: Int
            do {
                let dropped = RequestUnitOfWork(container: container) { reported.append("\($0)") }
                number = dropped.unit.number
                try await dropped.respond { _ = try await container.resolve(Connection.self) }
            }
            // Reported to the request's report, not to the shutdown: somebody received it.
            try await container.shutdown()
            #expect(log.all == ["connection 1", "connection 2", "connection 3"])
            #expect(
                reported.all == [
                    "Ending unit of work #\(number) (dropped without being closed) failed: 1 teardown threw.\n"
                        + "- 'Connection' in global, unit of work #\(number): boom"
                ])
        }
    }
}
