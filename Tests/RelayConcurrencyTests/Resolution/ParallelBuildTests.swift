import Dispatch
import Foundation
import Relay
import RelayTestSupport
import Testing

/// Builds of different registrations run in parallel, each registration is still built once, and
/// nothing hangs: every test here waits under a deadline, so a regression fails instead of
/// stopping the run.
@Suite("Building registrations in parallel")
struct ParallelBuildTests {
    final class Inner: Sendable {}
    final class Outer: Sendable {}
    final class Slow: Sendable {}
    final class Fast: Sendable {}
    final class Left: Sendable {}
    final class Right: Sendable {}
    struct NotStarted: Error {}

    @Test("a factory that waits for another thread resolving an unrelated singleton finishes")
    func theSemaphoreBridgeFinishes() throws {
        let root = DependencyContainer()
        root.register(Inner.self) { _ in Inner() }
        root.register(Outer.self) { container in
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                _ = try? container.resolve(Inner.self)
                done.signal()
            }
            guard done.wait(timeout: .now() + 20) == .success else { throw NotStarted() }
            return Outer()
        }
        let resolved = Locked<Outer?>(nil)
        let finished = concurrently(threads: 1) { _ in
            let outer = try? root.resolve(Outer.self)
            resolved.withLock { $0 = outer }
        }
        #expect(finished, "the bridge hung")
        #expect(resolved.withLock { $0 } != nil)
    }

    @Test("a slow build in one root does not hold up a build in another")
    func aSlowBuildInOneRootDoesNotHoldUpAnother() throws {
        let slowRoot = DependencyContainer()
        let otherRoot = DependencyContainer()
        let slowStarted = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        slowRoot.register(Slow.self) { _ in
            slowStarted.signal()
            // Finishes only once the other root's singleton is built: with one lock for every
            // build, that never happens.
            guard release.wait(timeout: .now() + 20) == .success else { throw NotStarted() }
            return Slow()
        }
        otherRoot.register(Fast.self) { _ in Fast() }
        let outcomes = Locked<[Bool]>([])
        let finished = concurrently(threads: 2) { index in
            if index == 0 {
                let slow = try? slowRoot.resolve(Slow.self)
                outcomes.withLock { $0.append(slow != nil) }
            } else {
                _ = slowStarted.wait(timeout: .now() + 20)
                let fast = try? otherRoot.resolve(Fast.self)
                release.signal()
                outcomes.withLock { $0.append(fast != nil) }
            }
        }
        #expect(finished, "the other root waited for the slow build")
        #expect(outcomes.withLock { $0 } == [true, true])
    }

    @Test("two singletons of one container that each wait for the other to start are built in parallel")
    func twoSingletonsBuildInParallel() throws {
        let container = DependencyContainer()
        let leftStarted = DispatchSemaphore(value: 0)
        let rightStarted = DispatchSemaphore(value: 0)
        container.register(Left.self) { _ in
            leftStarted.signal()
            guard rightStarted.wait(timeout: .now() + 20) == .success else { throw NotStarted() }
            return Left()
        }
        container.register(Right.self) { _ in
            rightStarted.signal()
            guard leftStarted.wait(timeout: .now() + 20) == .success else { throw NotStarted() }
            return Right()
        }
        let built = Counter()
        let finished = concurrently(threads: 2) { index in
            let service: AnyObject? =
                index == 0 ? try? container.resolve(Left.self) : try? container.resolve(Right.self)
            if service != nil { built.increment() }
        }
        #expect(finished)
        #expect(built.value == 2, "one build waited for the other")
    }

    @Test("a cycle across two roots is an error from either end, and from both at once")
    func aCycleAcrossRootsIsAnError() throws {
        for _ in 0..<50 {
            let first = DependencyContainer()
            let second = DependencyContainer()
            first.register(Left.self) { _ in
                _ = try second.resolve(Right.self)
                return Left()
            }
            // Unowned: two roots whose factories hold each other would never be freed (a leak
            // that the address sanitizer reports).
            second.register(Right.self) { [unowned first] _ in
                _ = try first.resolve(Left.self)
                return Right()
            }
            let codes = Locked<[DependencyResolutionError.Code]>([])
            let finished = concurrently(threads: 2) { index in
                do {
                    if index == 0 {
                        _ = try first.resolve(Left.self)
                    } else {
                        _ = try second.resolve(Right.self)
                    }
                } catch let error as DependencyResolutionError {
                    codes.withLock { $0.append(error.code) }
                } catch {}
            }
            #expect(finished, "the two ends of a cross-root cycle deadlocked")
            #expect(codes.withLock { $0 } == [.cycle, .cycle])
        }
        let first = DependencyContainer()
        let second = DependencyContainer()
        first.register(Left.self) { _ in
            _ = try second.resolve(Right.self)
            return Left()
        }
        second.register(Right.self) { [unowned first] _ in
            _ = try first.resolve(Left.self)
            return Right()
        }
        let error = try #require(throws: DependencyResolutionError.self) { try first.resolve(Left.self) }
        #expect(error.code == .cycle)
        #expect(error.path == ["Left", "Right", "Left"])
    }

    @Test("every singleton is built once while many are built in parallel, round after round")
    func exactlyOnceWithParallelBuilds() throws {
        for round in 0..<100 {
            let container = DependencyContainer()
            let counters = (0..<4).map { _ in Counter() }
            container.register(Inner.self) { _ in
                counters[0].increment()
                return Inner()
            }
            container.register(Outer.self) { container in
                counters[1].increment()
                _ = try container.resolve(Inner.self)
                return Outer()
            }
            container.register(Left.self) { container in
                counters[2].increment()
                _ = try container.resolve(Outer.self)
                return Left()
            }
            container.register(Right.self) { container in
                counters[3].increment()
                _ = try container.resolve(Inner.self)
                return Right()
            }
            let failures = Counter()
            let finished = concurrently(threads: 8) { thread in
                do {
                    switch (thread + round) % 4 {
                    case 0: _ = try container.resolve(Left.self)
                    case 1: _ = try container.resolve(Right.self)
                    case 2: _ = try container.resolve(Outer.self)
                    default: _ = try container.resolve(Inner.self)
                    }
                } catch {
                    failures.increment()
                }
            }
            #expect(finished)
            #expect(failures.value == 0)
            #expect(counters.map(\.value) == [1, 1, 1, 1])
        }
    }

    @Test("a thread that waits too long for another's build stops with an error naming what it waited for")
    func aWaitThatCannotEndIsReported() throws {
        let root = DependencyContainer()
        root.constructionWaitLimit = .milliseconds(200)
        let errors = Locked<[String]>([])
        root.register(Outer.self) { container in
            // The deadlock the limit exists for: the factory blocks on a thread that needs what
            // the factory is building.
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                do {
                    _ = try container.resolve(Outer.self)
                } catch {
                    errors.withLock { $0.append("\(error)") }
                }
                done.signal()
            }
            guard done.wait(timeout: .now() + 20) == .success else { throw NotStarted() }
            return Outer()
        }
        let finished = concurrently(threads: 1) { _ in _ = try? root.resolve(Outer.self) }
        #expect(finished)
        #expect(root.constructionWaitLimit == .milliseconds(200))
        #expect(
            errors.withLock { $0 } == [
                """
                Gave up waiting for 0.2 seconds for 'Outer' in global: another thread is building it and has not finished.
                  resolution path: Outer
                  to fix: a factory that blocks (a semaphore, DispatchQueue.sync) on work that resolves what it \
                builds waits forever: resolve what that work needs before blocking, or make the factory async; \
                if the build is only slow, raise constructionWaitLimit
                """
            ])
    }
}
