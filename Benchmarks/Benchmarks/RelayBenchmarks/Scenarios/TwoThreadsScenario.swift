import Benchmark
import Dependencies
import Relay
import Swinject
import Synchronization

/// Scenario 6: one thread, then two at once, resolving the same cached singleton.
///
/// `S06a` runs 1,000 resolves on one thread per sample; `S06b` runs 1,000 on each of two threads
/// at the same time, so its per-operation figure is the wall clock over 2,000 resolves: the
/// inverse of the aggregate throughput. Two threads scale perfectly when `S06b` costs half of
/// `S06a`. Target: Relay's aggregate throughput on two threads at least 1.5x that on one.
///
/// Swinject is measured through `synchronize()`, the resolver its documentation asks for when
/// more than one thread resolves.
enum TwoThreadsScenario {
    static let resolvesPerThread = 1_000
    static let oneThread = Scenario(id: "S06a", title: "singleton, one thread", operationsPerSample: resolvesPerThread)
    static let twoThreads = Scenario(
        id: "S06b", title: "singleton, two threads", operationsPerSample: 2 * resolvesPerThread)

    /// `S06c` and `S06d`: the same with a singleton that is a value, not an object. Copying it out
    /// touches no reference count, so these show whether the container's own read path contends:
    /// with an object, every library's two threads (hand-written code's too, once it hands out
    /// owned references) write the one reference count they share.
    static let valueOneThread = Scenario(
        id: "S06c", title: "value singleton, one thread", operationsPerSample: resolvesPerThread)
    static let valueTwoThreads = Scenario(
        id: "S06d", title: "value singleton, two threads", operationsPerSample: 2 * resolvesPerThread)

    static func register() {
        for library in Library.allCases {
            guard let job = job(for: library) else { continue }
            measure(library, job: job, one: oneThread, two: twoThreads)
        }
        measure(.handWritten, job: valueJob(for: .handWritten), one: valueOneThread, two: valueTwoThreads)
        measure(.relay, job: valueJob(for: .relay), one: valueOneThread, two: valueTwoThreads)
    }

    /// Registers `job` on one thread under `one`, and on two at once under `two`.
    private static func measure(
        _ library: Library,
        job: @escaping @Sendable () -> Void,
        one: Scenario,
        two: Scenario
    ) {
        one.benchmark(library, setup: { job() }) { _ in
            job()
        }
        let twin = TwinThreadSlot()
        two.benchmark(
            library,
            setup: {
                job()
                twin.start(job)
            },
            teardown: { twin.stop() }
        ) { _ in
            twin.runRound()
        }
    }

    /// One thread's share of a sample of `S06c`/`S06d`: `resolvesPerThread` reads of the value.
    private static func valueJob(for library: Library) -> @Sendable () -> Void {
        switch library {
        case .relay:
            return {
                let container = ValueFixtures.relay
                for _ in 0..<resolvesPerThread {
                    blackHole(try! container.resolve(Settings.self))
                }
            }
        default:
            return {
                for _ in 0..<resolvesPerThread {
                    blackHole(ValueFixtures.handWritten)
                }
            }
        }
    }

    /// One thread's share of a sample: `resolvesPerThread` resolves of the singleton; `nil` for a
    /// way of wiring that this scenario does not measure.
    private static func job(for library: Library) -> (@Sendable () -> Void)? {
        switch library {
        case .handWrittenAsync, .relayAutowired:
            return nil
        case .handWritten:
            return {
                for _ in 0..<resolvesPerThread {
                    blackHole(HandWrittenSingletons.service)
                }
            }
        case .handWrittenOwned:
            return {
                for _ in 0..<resolvesPerThread {
                    blackHole(handedOut(HandWrittenSingletons.builtService))
                }
            }
        case .relay:
            return {
                let container = SingletonFixtures.relay
                for _ in 0..<resolvesPerThread {
                    blackHole(try! container.resolve(Service.self))
                }
            }
        case .swinject:
            return {
                let resolver = SingletonFixtures.swinjectSynchronized
                for _ in 0..<resolvesPerThread {
                    blackHole(resolver.resolve(Service.self)!)
                }
            }
        case .swiftDependencies:
            return {
                for _ in 0..<resolvesPerThread {
                    @Dependency(\.service) var service
                    blackHole(service)
                }
            }
        }
    }
}

/// A singleton that is a value: settings a program reads everywhere.
struct Settings: Sendable {
    let maximumConnections: Int
    let timeoutMilliseconds: Int
}

enum ValueFixtures {
    static let handWritten = builtAtRunTime { Settings(maximumConnections: 64, timeoutMilliseconds: 2_500) }

    static let relay: DependencyContainer = {
        let container = DependencyContainer()
        container.register(Settings.self) { _ in Settings(maximumConnections: 64, timeoutMilliseconds: 2_500) }
        return container
    }()
}

/// Holds scenario 6's worker between its benchmark's setup and teardown.
private final class TwinThreadSlot: Sendable {
    private let thread = Mutex<TwinThread?>(nil)

    func start(_ job: @escaping @Sendable () -> Void) {
        thread.withLock { $0 = TwinThread(job: job) }
    }

    func runRound() {
        // The lock is taken once per sample, outside the 2,000 resolves it times.
        thread.withLock { $0 }!.runRound()
    }

    func stop() {
        thread.withLock { thread in
            thread?.stop()
            thread = nil
        }
    }
}
