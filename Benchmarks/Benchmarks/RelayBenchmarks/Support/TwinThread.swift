import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A second thread that runs a job at the same moment as the calling thread, for scenario 6.
///
/// The worker spins (yielding) until the caller starts a round, so starting one costs a cache-line
/// transfer rather than a futex wake-up: well under a microsecond, against the tens of
/// microseconds a round of 1,000 resolves takes. Start it in a benchmark's setup and stop it in
/// its teardown, so it never spins while other benchmarks run.
final class TwinThread: Sendable {
    private let job: @Sendable () -> Void
    /// Incremented by the caller to start a round.
    private let started = Atomic<Int>(0)
    /// Set by the worker to the round it has finished.
    private let finished = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let exited = Atomic<Bool>(false)

    /// Starts the worker; it waits for ``runRound()``.
    init(job: @escaping @Sendable () -> Void) {
        self.job = job
        let thread = Thread { [self] in work() }
        thread.start()
    }

    /// Runs the job on this thread and on the worker at the same time; returns when both are done.
    func runRound() {
        let round = started.add(1, ordering: .releasing).newValue
        job()
        while finished.load(ordering: .acquiring) != round {
            spinOnce()
        }
    }

    /// Makes the worker exit, and waits until it has.
    func stop() {
        stopping.store(true, ordering: .releasing)
        while !exited.load(ordering: .acquiring) {
            sched_yield()
        }
    }

    private func work() {
        var done = 0
        while !stopping.load(ordering: .acquiring) {
            let round = started.load(ordering: .acquiring)
            if round == done {
                spinOnce()
                continue
            }
            job()
            done = round
            finished.store(round, ordering: .releasing)
        }
        exited.store(true, ordering: .releasing)
    }

    @inline(__always)
    private func spinOnce() {
        // On 2 cores, yielding lets the benchmark runner's own threads in; it returns at once
        // when nothing else wants the core.
        sched_yield()
    }
}
