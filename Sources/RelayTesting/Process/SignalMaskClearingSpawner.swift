import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a `Process` from a thread that blocks no signals, so the program can be stopped.
///
/// A child started with `posix_spawn` inherits the signal mask of the thread that started it, and
/// Foundation's `Process` does not reset it on Linux. Swift concurrency runs tasks on Dispatch
/// worker threads, which block `SIGTERM`, `SIGINT` and most other signals: a program started from
/// a task would block them too, never see a polite `SIGTERM`, and never shut down gracefully.
/// Starting it from a thread of our own with an empty mask gives it the mask a shell would.
enum SignalMaskClearingSpawner {
    /// Runs `process.run()` on a new thread with an empty signal mask and waits for it.
    ///
    /// - Throws: What `Process.run()` throws.
    static func run(_ process: Process) async throws {
        let handoff = ProcessHandoff(process)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                var unblocked = sigset_t()
                sigemptyset(&unblocked)
                pthread_sigmask(SIG_SETMASK, &unblocked, nil)
                do {
                    try handoff.process.run()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "RelayTesting spawner"
            thread.start()
        }
    }
}

/// Carries a `Process` to the thread that starts it.
private final class ProcessHandoff: @unchecked Sendable {
    // Safety: the launching task creates and configures the process, hands it over and suspends
    // until the spawning thread resumes it; only the spawning thread touches the process in
    // between, so no two threads ever use it at once.
    let process: Process

    init(_ process: Process) {
        self.process = process
    }
}
