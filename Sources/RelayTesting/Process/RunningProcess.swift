import CRelayTestingSpawn
import Foundation
import Relay

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A started process: its identifier, its monitor, and how to signal it and everything it started.
///
/// The program leads a process group of its own; signals go to that whole group, so a shell's
/// children, or a server's workers, stop with it. A ``ParentThread`` started it and waits for it.
final class RunningProcess: Sendable {
    let processIdentifier: Int32
    let monitor: ProgramMonitor
    /// Whether the group has had its final `SIGKILL`: sent once, so that a later stop does not
    /// signal a group number the system may since have given to someone else.
    private let groupKilled = LockedValue(false)
    /// The signals sent to the program's group while it ran: an end by any other signal was not
    /// the test's doing.
    private let sentSignals = LockedValue<Set<Int32>>([])

    private init(processIdentifier: Int32, monitor: ProgramMonitor) {
        self.processIdentifier = processIdentifier
        self.monitor = monitor
    }

    /// Starts `executable` with pipes for its output and an empty standard input.
    ///
    /// - Parameter inherited: Descriptors the program gets as its descriptors 3 and 4, in order (at
    ///   most two); the caller keeps its own.
    /// - Throws: ``SpawnError`` when the system refuses to start the program.
    static func start(
        executable: URL,
        arguments: [String],
        environment: [String: String],
        workingDirectory: URL?,
        inheriting inherited: [Int32] = []
    ) async throws -> RunningProcess {
        let output = try Pipe(for: executable)
        let errorOutput: Pipe
        do {
            errorOutput = try Pipe(for: executable)
        } catch {
            output.closeBoth()
            throw error
        }
        let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard nothing >= 0 else {
            // Say why (too many open files, most likely) rather than fail later in the child.
            let code = errno
            output.closeBoth()
            errorOutput.closeBoth()
            throw SpawnError(
                step: RELAY_SPAWN_STEP_PREPARE, code: code, executable: executable.path, workingDirectory: nil)
        }
        let request = SpawnRequest(
            executable: executable, arguments: arguments, environment: environment,
            workingDirectory: workingDirectory, standardInput: nothing, standardOutput: output.writing,
            standardError: errorOutput.writing, inherited: inherited)
        let monitor = ProgramMonitor()
        let processIdentifier: Int32
        do {
            processIdentifier = try await ParentThread.start(request) { monitor.terminate($0) }
        } catch {
            output.closeBoth()
            errorOutput.closeBoth()
            close(nothing)
            throw error
        }
        // The program holds its own copies now; the readers see the end once it (and whatever it
        // started) closes them.
        close(output.writing)
        close(errorOutput.writing)
        close(nothing)
        OutputReader.start(reading: output.reading, as: .standardOutput, into: monitor)
        OutputReader.start(reading: errorOutput.reading, as: .standardError, into: monitor)
        return RunningProcess(processIdentifier: processIdentifier, monitor: monitor)
    }

    /// The two ends of a close-on-exec pipe.
    private struct Pipe {
        let reading: Int32
        let writing: Int32

        init(for executable: URL) throws(SpawnError) {
            var ends: [Int32] = [-1, -1]
            guard relay_pipe(&ends) == 0 else {
                throw SpawnError(
                    step: RELAY_SPAWN_STEP_PREPARE, code: errno, executable: executable.path, workingDirectory: nil)
            }
            reading = ends[0]
            writing = ends[1]
        }

        func closeBoth() {
            close(reading)
            close(writing)
        }
    }

    deinit {
        // A program nobody stopped is killed rather than left behind.
        signal(SIGKILL)
    }

    // MARK: - Stopping

    /// Sends `SIGTERM`, waits up to `gracePeriod` for the program to end, then sends `SIGKILL`;
    /// finally kills whatever the program left running in its process group.
    ///
    /// Cancelling the calling task does not cut this short: a stop always finishes.
    ///
    /// - Returns: What the monitor knows once the output is drained; see `drainedState()`.
    func stop(gracePeriod: Duration) async -> ProgramMonitor.State {
        if !monitor.state.hasTerminated {
            signal(SIGTERM)
            let ended = await monitor.wait(timeout: gracePeriod, honoursCancellation: false) { $0.hasTerminated }
            if !ended {
                signal(SIGKILL)
                _ = await monitor.wait(timeout: .seconds(30), honoursCancellation: false) { $0.hasTerminated }
            }
        }
        // The leader is gone; members left behind (a background job that ignored SIGTERM)
        // would hold the output pipes open and outlive the test.
        let firstStop = groupKilled.withLockedValue { killed in
            defer { killed = true }
            return !killed
        }
        if firstStop { kill(-processIdentifier, SIGKILL) }
        return await drainedState()
    }

    /// Waits (a few seconds at most) until both output pipes reach their end, then returns what
    /// the monitor knows: how the program ended, and everything it wrote.
    func drainedState() async -> ProgramMonitor.State {
        _ = await monitor.wait(timeout: .seconds(5), honoursCancellation: false) { $0.isDrained }
        return monitor.state
    }

    /// Sends `number` to the program's process group, unless the program has already ended.
    private func signal(_ number: Int32) {
        guard !monitor.state.hasTerminated else { return }
        sentSignals.withLockedValue { _ = $0.insert(number) }
        kill(-processIdentifier, number)
    }

    /// Whether `number` was sent to the program's group by a stop.
    func sent(signal number: Int32) -> Bool {
        sentSignals.withLockedValue { $0.contains(number) }
    }

    /// Whether the program has ended, reaped or not: one that ended a moment ago may not be reaped
    /// by its parent thread yet, and the monitor does not know of it then. The check does not
    /// reap it (`WNOWAIT`), so the parent thread still learns how it ended.
    var hasEnded: Bool {
        if monitor.state.hasTerminated { return true }
        var info = siginfo_t()
        guard waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else {
            // Reaped already (the monitor is about to hear), or not our child at all.
            return errno == ECHILD
        }
        // Left zeroed when it has not ended.
        return info.si_signo == SIGCHLD
    }
}
