import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

/// Runs the program's service group until it ends, and stops it on SIGTERM or SIGINT: the first
/// signal asks for a graceful shutdown (logged, with its deadline), a second one stops the program
/// at once (logged too), cutting off the requests still in flight; the container's teardowns run
/// either way.
///
/// A `ServiceGroup`'s own signal handling ignores a second signal, and an orchestrator that sends
/// SIGTERM then waits its grace period, or an operator who presses Ctrl-C twice, expects more.
enum ShutdownSignals {
    /// How the group ended.
    enum Outcome {
        /// Graceful shutdown finished in time.
        case stopped
        /// A second signal, or the deadline, cancelled the group: requests were cut off.
        case cutOff
        /// The group failed: a service threw.
        case failed(any Error)
    }

    static func run(_ group: ServiceGroup, deadline: Duration, logger: Logger) async -> Outcome {
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        let clock = ContinuousClock()
        let firstSignal = FirstSignal()
        let outcome = await withTaskGroup(of: Outcome?.self) { tasks in
            tasks.addTask {
                do {
                    try await group.run()
                    return .stopped
                } catch is CancellationError {
                    return .cutOff
                } catch {
                    return .failed(error)
                }
            }
            tasks.addTask {
                var received = 0
                for await signal in signals {
                    received += 1
                    if received == 1 {
                        firstSignal.instant.withLock { $0 = clock.now }
                        logger.info(
                            "\(signal): shutting down gracefully, within \(deadline); a second signal stops at once")
                        await group.triggerGracefulShutdown()
                    } else {
                        logger.warning("\(signal) again: stopping at once, cutting off the requests in flight")
                        return .cutOff
                    }
                }
                return nil
            }
            var outcome: Outcome = .stopped
            var cutOff = false
            while let next = await tasks.next() {
                guard let result = next else { continue }
                if case .cutOff = result, !cutOff {
                    // A second signal: cancel the group (its services, then the container's
                    // teardowns, still run to the end), and wait for it.
                    cutOff = true
                    tasks.cancelAll()
                }
                switch (outcome, result) {
                case (.failed, _): break
                case (_, .failed): outcome = result
                case (_, .cutOff): outcome = .cutOff
                case (_, .stopped): break
                }
                // The group has ended once its task answered; stop listening for signals.
                tasks.cancelAll()
            }
            return outcome
        }
        // The group escalates to cancellation on its own once the deadline has passed; it then
        // ends without an error, so the deadline is read off the clock.
        if case .stopped = outcome, let signalled = firstSignal.instant.withLock({ $0 }),
            clock.now - signalled >= deadline
        {
            logger.warning("Graceful shutdown passed its deadline of \(deadline): the requests in flight were cut off")
            return .cutOff
        }
        return outcome
    }
}

/// When the first signal came, shared with the task that listens for signals.
private final class FirstSignal: Sendable {
    let instant = Mutex<ContinuousClock.Instant?>(nil)
}
