import CRelayTestingSpawn
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own that starts one program and then waits for it to end: the program's parent,
/// in the kernel's sense, for exactly as long as the program lives.
///
/// Why one thread per program, and why it waits: on Linux a program started here gets
/// `PR_SET_PDEATHSIG` = `SIGKILL`, so that when the test process ends in any way (a CI timeout's
/// `SIGKILL`, a crash, a debugger stopped) the kernel kills the program instead of leaving it to
/// hold its port and files. But the kernel ties that signal to the *thread* that forked the
/// program, not to the process: forked from one of Swift concurrency's pool threads, or from a
/// short-lived thread, the program would be killed whenever that thread happened to end. This
/// thread forks and then blocks in `waitpid` until the program has ended, so it ends only after
/// the program, or together with the whole test process. The child checks `getppid()` after
/// `prctl`, for a test process that died between the fork and that call.
///
/// Waiting here also reaps the program and reports how it ended, so nothing else needs to.
/// On other systems there is no such signal: the program outlives a test process that is killed
/// (see the Driver Tests article for what holds there).
enum ParentThread {
    /// Starts `request` on a new thread, and calls `ended` on that thread when the program ends.
    ///
    /// - Parameters:
    ///   - request: What to start; its parent-death signal is set to `SIGKILL` on Linux.
    ///   - ended: Told how the program ended, once it has been reaped.
    /// - Returns: The program's process identifier, once it runs (the exec has succeeded).
    /// - Throws: ``SpawnError`` when it could not be started.
    static func start(
        _ request: SpawnRequest,
        whenEnded ended: @escaping @Sendable (ProgramMonitor.Termination) -> Void
    ) async throws -> Int32 {
        var request = request
        #if os(Linux)
        request.parentDeathSignal = SIGKILL
        #endif
        let started = request
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            let thread = Thread {
                let pid: Int32
                do {
                    pid = try started.spawn()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                continuation.resume(returning: pid)
                ended(waitForEnd(of: pid))
            }
            thread.name = "RelayTesting parent of a program"
            // It runs a little C and then blocks; the default 8 MiB would only reserve address space.
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    /// Blocks until `pid` ends and says how.
    private static func waitForEnd(of pid: Int32) -> ProgramMonitor.Termination {
        var signalled: Int32 = 0
        var status: Int32 = 0
        guard relay_wait(pid, &signalled, &status) == 0 else {
            // Reaped by someone else (a test process that ignores SIGCHLD): how it ended is lost.
            return .killed
        }
        return ProgramMonitor.Termination(reason: signalled != 0 ? .signalled : .exited, status: status)
    }
}
