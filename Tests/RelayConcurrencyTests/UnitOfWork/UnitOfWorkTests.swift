import Foundation
import Relay
import RelayTestSupport
import Synchronization
import Testing

/// Units of work: one instance per unit, shared by its child tasks, torn down newest first when
/// the unit ends (also on throw and cancellation); clear errors outside a unit, after its end, and
/// for a longer life that would hold a shorter one. Each test runs under a deadline.
@Suite("Units of work")
struct UnitOfWorkTests {
    /// What one unit owns; counts how many are open.
    final class Transaction: Sendable {
        let number: Int
        let log: Log
        init(number: Int, log: Log) {
            self.number = number
            self.log = log
            log.append("open \(number)")
        }
        func finish() { log.append("finish \(number)") }
    }

    final class RequestLogger: Sendable {
        let transaction: Transaction
        init(transaction: Transaction) { self.transaction = transaction }
    }

    final class Cache: Sendable {}
    final class Reporter: Sendable {
        let transaction: Transaction
        init(transaction: Transaction) { self.transaction = transaction }
    }
    final class Audit: Sendable {
        let reporter: Reporter
        init(reporter: Reporter) { self.reporter = reporter }
    }
    final class HoldsProvider: Sendable {
        let transactions: Provider<Transaction>
        init(transactions: Provider<Transaction>) { self.transactions = transactions }
    }

    /// What happened, in order.
    final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    struct Failure: Error {}

    private func container(log: Log) -> DependencyContainer {
        let container = DependencyContainer()
        let counter = Counter()
        container.register(Transaction.self, lifecycle: .unitOfWork) { _ in
            counter.increment()
            return Transaction(number: counter.value, log: log)
        } teardown: { transaction in
            transaction.finish()
        }
        container.register(RequestLogger.self, lifecycle: .unitOfWork) { container in
            try RequestLogger(transaction: container.resolve(Transaction.self))
        } teardown: { logger in
            log.append("close logger of \(logger.transaction.number)")
        }
        return container
    }

    @Test("one instance per unit, shared by the unit's factories and child tasks, torn down newest first")
    func oneInstancePerUnit() async throws {
        try await withDeadline {
            let log = Log()
            let container = container(log: log)
            let (first, again, fromChild, logger) = try await container.withUnitOfWork { unit in
                let first = try await unit.resolve(Transaction.self)
                let again = try await container.resolve(Transaction.self)
                async let fromChild = container.resolve(Transaction.self)
                let logger = try await unit.resolve(RequestLogger.self)
                return (first, again, try await fromChild, logger)
            }
            #expect(first === again && first === fromChild && logger.transaction === first)
            let second = try await container.withUnitOfWork { unit in try await unit.resolve(Transaction.self) }
            #expect(second !== first)
            #expect(log.all == ["open 1", "close logger of 1", "finish 1", "open 2", "finish 2"])
        }
    }

    @Test("a hundred tasks of one unit racing for its instance build it once")
    func racingTasksBuildOnce() async throws {
        try await withDeadline {
            let log = Log()
            let container = container(log: log)
            let numbers = try await container.withUnitOfWork { _ in
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<100 {
                        group.addTask { try await container.resolve(Transaction.self).number }
                    }
                    return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
                }
            }
            #expect(numbers == [1])
            #expect(log.all == ["open 1", "finish 1"])
        }
    }

    @Test("the unit ends when its body throws or is cancelled, and the body's error comes through")
    func endsOnThrowAndCancellation() async throws {
        try await withDeadline {
            let log = Log()
            let container = container(log: log)
            await #expect(throws: Failure.self) {
                try await container.withUnitOfWork { unit in
                    _ = try await unit.resolve(Transaction.self)
                    throw Failure()
                }
            }
            #expect(log.all == ["open 1", "finish 1"])
            let started = Gate()
            let task = Task {
                try await container.withUnitOfWork { unit in
                    _ = try await unit.resolve(Transaction.self)
                    await started.open()
                    try await untilCancelled()
                }
            }
            await started.wait()
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(log.all == ["open 1", "finish 1", "open 2", "finish 2"])
        }
    }

    @Test("units nest, each with instances of its own")
    func unitsNest() async throws {
        try await withDeadline {
            let log = Log()
            let container = container(log: log)
            try await container.withUnitOfWork { outer in
                let outerTransaction = try await outer.resolve(Transaction.self)
                let inner = try await container.withUnitOfWork { inner in
                    #expect(inner.parent === outer)
                    return try await inner.resolve(Transaction.self)
                }
                #expect(inner !== outerTransaction)
                #expect(try await container.resolve(Transaction.self) === outerTransaction)
            }
            #expect(log.all == ["open 1", "open 2", "finish 2", "finish 1"])
        }
    }

    @Test("outside a unit, and after its end, a resolve is a clear error")
    func outsideAndAfterAUnit() async throws {
        try await withDeadline {
            let log = Log()
            let container = container(log: log)
            let outside = try #require(throws: DependencyResolutionError.self) {
                try resolveSynchronously(Transaction.self, from: container)
            }
            #expect(outside.code == .outsideUnitOfWork)
            #expect(
                outside.description.hasPrefix(
                    "'Transaction' in global lives for one unit of work, and none is open here."))
            let asyncOutside = await #expect(throws: DependencyResolutionError.self) {
                try await container.resolve(Transaction.self)
            }
            #expect(asyncOutside?.code == .outsideUnitOfWork)
            // Work that outlives its unit: it resolves only once the unit has ended.
            let unitEnded = Gate()
            let escaped = try await container.withUnitOfWork { _ in
                Task {
                    await unitEnded.wait()
                    return try await container.resolve(RequestLogger.self)
                }
            }
            await unitEnded.open()
            let ended = await #expect(throws: DependencyResolutionError.self) { try await escaped.value }
            #expect(ended?.code == .unitOfWorkEnded)
            #expect(log.all.isEmpty)
        }
    }

    @Test("a singleton that resolves a unit-of-work instance, directly or through a transient, is refused")
    func captiveDependencyIsRefused() async throws {
        try await withDeadline {
            let log = Log()
            let container = container(log: log)
            container.register(Reporter.self) { container in
                try Reporter(transaction: container.resolve(Transaction.self))
            }
            container.register(Audit.self, lifecycle: .eagerSingleton) { container in
                try Audit(reporter: container.resolve(Reporter.self))
            }
            let direct = await #expect(throws: DependencyResolutionError.self) {
                try await container.withUnitOfWork { unit in try await unit.resolve(Reporter.self) }
            }
            #expect(direct?.code == .captiveDependency)
            #expect(direct?.path == ["Reporter", "Transaction"])
            #expect(
                direct?.description.hasPrefix(
                    "'Reporter' (singleton) would hold 'Transaction' in global, which lives for one unit of work: "
                        + "a longer life may not hold a shorter one.") == true)
            #expect(direct?.description.contains("to fix: let 'Reporter' take a Provider<Transaction>") == true)
            // Through a transient, synchronously too.
            container.register(Reporter.self, lifecycle: .transient) { container in
                try Reporter(transaction: container.resolve(Transaction.self))
            }
            let throughTransient = try #require(throws: DependencyResolutionError.self) {
                try container.withOverrides { _ in
                } operation: {
                    try resolveSynchronously(Audit.self, from: container)
                }
            }
            #expect(throughTransient.code == .captiveDependency)
            #expect(throughTransient.path == ["Audit", "Reporter", "Transaction"])
            // validate() finds it without a unit of its own, and builds the unit registrations fine.
            let validation = await #expect(throws: DependencyGraphError.self) { try await container.validate() }
            #expect(validation?.failures.map(\.code) == [.captiveDependency])
            // What validation built in its unit it tore down before returning.
            #expect(log.all.filter { $0.hasPrefix("open") }.count == log.all.filter { $0.hasPrefix("finish") }.count)
        }
    }

    @Test("a singleton's async factory is refused the unit's instance once it is built too, awaited or not")
    func captiveThroughAnAsyncFactory() async throws {
        try await withDeadline {
            let container = container(log: Log())
            container.register(Reporter.self) { container in
                await Task.yield()
                return try await Reporter(transaction: container.resolve(Transaction.self))
            }
            // A synchronous resolve inside an async factory: this thread's path is empty, the task's
            // path holds the singleton.
            container.register(Audit.self) { container in
                await Task.yield()
                let transaction = try resolveSynchronously(Transaction.self, from: container)
                return Audit(reporter: Reporter(transaction: transaction))
            }
            try await container.withUnitOfWork { unit in
                let built = try await unit.resolve(Transaction.self)
                let awaited = await #expect(throws: DependencyResolutionError.self) {
                    try await unit.resolve(Reporter.self)
                }
                #expect(awaited?.code == .captiveDependency)
                #expect(awaited?.path == ["Reporter", "Transaction"])
                let synchronous = await #expect(throws: DependencyResolutionError.self) {
                    try await unit.resolve(Audit.self)
                }
                #expect(synchronous?.code == .captiveDependency)
                #expect(synchronous?.path == ["Audit", "Transaction"])
                #expect(try await unit.resolve(Transaction.self) === built)
                #expect(try resolveSynchronously(Transaction.self, from: container) === built)
            }
        }
    }

    @Test("a built instance is refused wherever an unbuilt one would be: in a singleton, after the end")
    func aBuiltInstanceKeepsTheRules() async throws {
        try await withDeadline {
            let log = Log()
            let container = container(log: log)
            container.register(Reporter.self) { container in
                try Reporter(transaction: container.resolve(Transaction.self))
            }
            let unit = container.openUnitOfWork()
            try await unit.run {
                let built = try resolveSynchronously(Transaction.self, from: container)
                // Read again, synchronously: the built instance, from the same unit.
                #expect(try resolveSynchronously(Transaction.self, from: container) === built)
                #expect(try resolveSynchronously(RequestLogger.self, from: container).transaction === built)
                // A synchronous singleton factory reaching it is refused although it is built.
                let captive = try #require(throws: DependencyResolutionError.self) {
                    try resolveSynchronously(Reporter.self, from: container)
                }
                #expect(captive.code == .captiveDependency)
                #expect(captive.path == ["Reporter", "Transaction"])
            }
            try await unit.close()
            // Still current in `run`, but ended: its built instances are gone, and the read says so.
            try await unit.run {
                let ended = try #require(throws: DependencyResolutionError.self) {
                    try resolveSynchronously(Transaction.self, from: container)
                }
                #expect(ended.code == .unitOfWorkEnded)
            }
            #expect(log.all == ["open 1", "close logger of 1", "finish 1"])
        }
    }

    @Test("a task that finds the unit's instance being built waits for that build and gets its instance")
    func aWaiterIsWokenByTheFirstBuild() async throws {
        try await withDeadline {
            final class Report: Sendable {}
            let container = DependencyContainer()
            let builds = Counter()
            let building = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            container.register(Report.self, lifecycle: .unitOfWork) { _ in
                builds.increment()
                building.signal()
                // Until the second task has found the build under way and waits for it.
                _ = release.wait(timeout: .now() + 30)
                return Report()
            }
            try await container.withUnitOfWork { unit in
                // Built on a thread of its own: the factory blocks until the waiter is seen waiting,
                // which a thread of the cooperative pool (two here) must not do for that long.
                let first = Task.detached { await onThread { Result { try unit.resolve(Report.self) } } }
                await onThread { building.wait() }
                // The second task runs where the test sees it suspend: once the executor is idle, it
                // has found the build under way and waits for it (a task that blocked its thread
                // would keep the executor busy).
                let executor = WatchedExecutor()
                let waiter = executor.task { try await unit.resolve(Report.self) }
                await executor.untilIdle()
                release.signal()
                let second = try await waiter.value
                #expect(try await first.value.get() === second)
                #expect(builds.value == 1)
            }
        }
    }

    @Test("a first build that steps back to await another's lets a waiting thread build instead of failing it")
    func aBuildThatStepsBackIsGivenUp() async throws {
        try await withDeadline {
            final class Slow: Sendable {}
            final class Holder: Sendable {
                let slow: Slow
                init(slow: Slow) { self.slow = slow }
            }
            let container = DependencyContainer()
            let slowStarted = DispatchSemaphore(value: 0)
            let slowMayFinish = DispatchSemaphore(value: 0)
            container.register(Slow.self) { _ in
                slowStarted.signal()
                slowMayFinish.wait()
                return Slow()
            }
            let holderBuilds = Counter()
            let builtAgain = DispatchSemaphore(value: 0)
            container.register(Holder.self, lifecycle: .unitOfWork) { container in
                holderBuilds.increment()
                if holderBuilds.value == 2 { builtAgain.signal() }
                // Time is the subject: long enough for the thread below to find the build under way
                // and wait for it. A thread that blocks in a wait tells nothing a test could wait on.
                Thread.sleep(forTimeInterval: 0.2)
                return try Holder(slow: container.resolve(Slow.self))
            }
            // A thread builds the singleton and holds it open.
            let slow = Task.detached { await onThread { Result { try container.resolve(Slow.self) } } }
            await onThread { slowStarted.wait() }
            let unit = container.openUnitOfWork()
            // The unit's task claims Holder, then meets Slow's build: it must step back and await.
            let fromTask = Task { try await unit.resolve(Holder.self) }
            while holderBuilds.value == 0 { await Task.yield() }
            // A thread in the same unit waits for that first build meanwhile.
            let fromThread = Task.detached {
                await onThread { Result { try unit.resolve(Holder.self) } }
            }
            // The task's build stepped back, and the waiting thread builds instead: the factory runs
            // again, on the thread, before the singleton it needs may finish.
            #expect(await onThread { builtAgain.wait(timeout: .now() + 10) } == .success)
            slowMayFinish.signal()
            let threadHolder = try await fromThread.value.get()
            let taskHolder = try await fromTask.value
            #expect(threadHolder === taskHolder)
            #expect(try await threadHolder.slow === slow.value.get())
            try await unit.close()
        }
    }

    @Test("inside an override, a unit opened before it builds instances of its own there, and tears them all down")
    func aUnitAcrossAnOverride() async throws {
        try await withDeadline {
            let log = Log()
            let container = container(log: log)
            try await container.withUnitOfWork { unit in
                let outside = try await unit.resolve(Transaction.self)
                let inside = try await container.withOverrides { _ in
                } operation: {
                    try await unit.resolve(Transaction.self)
                }
                // Built under the override (it could hold the override's stubs), so not shared.
                #expect(inside !== outside)
                #expect(try await unit.resolve(Transaction.self) === outside)
            }
            #expect(log.all == ["open 1", "open 2", "finish 2", "finish 1"])
        }
    }

    @Test(
        "a unit opened and never closed has its teardowns run when it goes, awaited by shutdown, then lets its instances go"
    )
    func anUnclosedUnitIsTornDownWhenDropped() async throws {
        try await withDeadline {
            let log = Log()
            let container = container(log: log)
            let unit = container.openUnitOfWork()
            weak let transaction = try await unit.resolve(Transaction.self)
            #expect(transaction != nil)
            weak let weakUnit = unit
            _ = consume unit
            #expect(weakUnit == nil)
            // The teardown runs in a task the container tracks: shutdown awaits it.
            try await container.shutdown()
            #expect(log.all == ["open 1", "finish 1"])
            #expect(transaction == nil)
        }
    }

    @Test("a singleton whose factory opens a unit of its own may use that unit's instances: it ends first")
    func aFactoryMayOpenItsOwnUnit() async throws {
        try await withDeadline {
            let log = Log()
            let container = container(log: log)
            container.register(Cache.self) { container in
                try await container.withUnitOfWork { unit in _ = try await unit.resolve(Transaction.self) }
                return Cache()
            }
            _ = try await container.resolve(Cache.self)
            #expect(log.all == ["open 1", "finish 1"])
            // Inside a unit opened by the caller, the same singleton built there is still refused
            // when it holds the caller's unit's instance.
            container.register(Reporter.self) { container in
                try await Reporter(transaction: container.resolve(Transaction.self))
            }
            let refused = await #expect(throws: DependencyResolutionError.self) {
                try await container.withUnitOfWork { unit in try await unit.resolve(Reporter.self) }
            }
            #expect(refused?.code == .captiveDependency)
        }
    }

    @Test("a singleton may hold a Provider, which gives the current unit's instance on each use")
    func aProviderIsTheWayOut() async throws {
        try await withDeadline {
            let log = Log()
            let container = container(log: log)
            container.register(HoldsProvider.self) { container in
                try HoldsProvider(transactions: container.resolve(Provider<Transaction>.self))
            }
            let holder = try await container.resolve(HoldsProvider.self)
            let first = try await container.withUnitOfWork { _ in try await holder.transactions().number }
            let second = try await container.withUnitOfWork { _ in try await holder.transactions().number }
            #expect((first, second) == (1, 2))
            try await container.validate()
        }
    }

    @Test("every teardown runs when one throws, and the failure names the type")
    func aTeardownThatThrows() async throws {
        try await withDeadline {
            let log = Log()
            let container = container(log: log)
            container.register(Cache.self, lifecycle: .unitOfWork) { _ in
                Cache()
            } teardown: { _ in
                throw Failure()
            }
            let error = await #expect(throws: DependencyShutdownError.self) {
                try await container.withUnitOfWork { unit in
                    _ = try await unit.resolve(Transaction.self)
                    _ = try await unit.resolve(Cache.self)
                }
            }
            #expect(error?.failures.map(\.requestedType) == ["Cache"])
            #expect(error?.description.hasPrefix("Ending unit of work #") == true)
            #expect(log.all == ["open 1", "finish 1"])
        }
    }

    @Test("an instruction may inject a unit-of-work stub")
    func instructionsAcceptTheLifecycle() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=a,factory=b,lifecycle=unitOfWork")
        #expect(instruction.lifecycle == .unitOfWork)
        #expect(instruction.description == "type=a,factory=b,lifecycle=unitOfWork")
    }
}

/// Resolves synchronously, also from async tests (where Swift would pick the async overload).
private func resolveSynchronously<Service>(_ type: Service.Type, from container: DependencyContainer) throws -> Service
{
    try container.resolve(type)
}
