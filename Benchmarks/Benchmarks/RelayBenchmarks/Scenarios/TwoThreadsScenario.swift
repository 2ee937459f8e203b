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

    static func register() {
        for library in Library.allCases {
            let job = job(for: library)
            oneThread.benchmark(library, setup: { job() }) { _ in
                job()
            }
            let twin = TwinThreadSlot()
            twoThreads.benchmark(
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
    }

    /// One thread's share of a sample: `resolvesPerThread` resolves of the singleton.
    private static func job(for library: Library) -> @Sendable () -> Void {
        switch library {
        case .handWritten:
            return {
                for _ in 0..<resolvesPerThread {
                    blackHole(HandWrittenSingletons.service)
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
