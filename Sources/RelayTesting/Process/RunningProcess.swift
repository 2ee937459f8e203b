import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A started process: its identifier, its monitor, and how to signal it and everything it started.
///
/// Foundation's `Process` starts the child as the leader of a process group of its own; signals
/// go to that whole group, so a shell's children, or a server's workers, stop with it.
final class RunningProcess: Sendable {
    let processIdentifier: Int32
    let monitor: ProgramMonitor

    /// Whether the child leads a process group of its own, so signals may go to the group.
    private let leadsProcessGroup: Bool

    /// Keeps the `Process` alive until the child ends.
    private let process: ProcessReference

    private init(process: Process, monitor: ProgramMonitor) {
        self.process = ProcessReference(process)
        self.processIdentifier = process.processIdentifier
        self.monitor = monitor
        self.leadsProcessGroup = getpgid(process.processIdentifier) == process.processIdentifier
    }

    /// Starts `executable` with pipes for its output and an empty standard input.
    ///
    /// - Throws: What `Process.run()` throws when the system refuses to start the program.
    static func start(
        executable: URL,
        arguments: [String],
        environment: [String: String],
        workingDirectory: URL?
    ) async throws -> RunningProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errorOutput = Pipe()
        process.standardOutput = output
        process.standardError = errorOutput

        let monitor = ProgramMonitor()
        process.terminationHandler = { ended in
            let reason: ProgramMonitor.Termination.Reason = ended.terminationReason == .exit ? .exited : .signalled
            monitor.terminate(ProgramMonitor.Termination(reason: reason, status: ended.terminationStatus))
        }
        try await SignalMaskClearingSpawner.run(process)
        OutputReader.start(reading: output.fileHandleForReading, as: .standardOutput, into: monitor)
        OutputReader.start(reading: errorOutput.fileHandleForReading, as: .standardError, into: monitor)
        return RunningProcess(process: process, monitor: monitor)
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
        if leadsProcessGroup {
            // The leader is gone; members left behind (a background job that ignored SIGTERM)
            // would hold the output pipes open and outlive the test.
            kill(-processIdentifier, SIGKILL)
        }
        return await drainedState()
    }

    /// Waits (a few seconds at most) until both output pipes reach their end, then returns what
    /// the monitor knows: how the program ended, and everything it wrote.
    func drainedState() async -> ProgramMonitor.State {
        _ = await monitor.wait(timeout: .seconds(5), honoursCancellation: false) { $0.isDrained }
        return monitor.state
    }

    /// Sends `number` to the program's process group (or to the program alone, if it leads none),
    /// unless the program has already ended.
    private func signal(_ number: Int32) {
        guard !monitor.state.hasTerminated else { return }
        kill(leadsProcessGroup ? -processIdentifier : processIdentifier, number)
    }
}

/// Holds the `Process` of a running program so it lives as long as the program's handle.
final class ProcessReference: @unchecked Sendable {
    // Safety: `process` is set once in `init` and never read or written afterwards, from any
    // thread; the reference only keeps the object (and its termination handler) alive.
    private let process: Process

    init(_ process: Process) {
        self.process = process
    }
}
