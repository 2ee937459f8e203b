#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a launched program ended, with everything it wrote.
///
/// ``LaunchedProgram/stop(gracePeriod:)`` and ``LaunchedProgram/waitForExit(timeout:fileID:line:)`` return
/// one; a ``ProgramLaunchError`` carries one when the program ended before it was ready.
///
/// ```swift
/// let exit = try await program.waitForExit()
/// #expect(exit == .exited(status: 3))
/// #expect(exit.standardError.contains("unknown factory key"))
/// ```
public struct ProgramExit: Sendable, CustomStringConvertible {
    /// Why a program ended: it exited, or a signal ended it.
    public enum Reason: Sendable, Hashable {
        /// The program exited by itself; ``ProgramExit/status`` is its exit status.
        case exited
        /// A signal ended the program; ``ProgramExit/status`` is the signal's number.
        case signalled
    }

    /// Whether the program exited by itself or was ended by a signal.
    public let reason: Reason

    /// The exit status, or the number of the signal that ended the program.
    public let status: Int32

    /// Everything the program wrote to its standard output.
    public let standardOutput: String

    /// Everything the program wrote to its standard error.
    public let standardError: String

    /// Creates an exit value; the launcher makes these, tests usually only read them.
    ///
    /// - Parameters:
    ///   - reason: Whether the program exited or was signalled.
    ///   - status: The exit status or the signal's number.
    ///   - standardOutput: What the program wrote to standard output.
    ///   - standardError: What the program wrote to standard error.
    public init(reason: Reason, status: Int32, standardOutput: String = "", standardError: String = "") {
        self.reason = reason
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// An exit by the program itself with `status`, with no output: a value to compare with.
    ///
    /// Comparison with `==` looks at ``reason`` and ``status`` only:
    ///
    /// ```swift
    /// #expect(exit == .exited(status: 0))
    /// ```
    ///
    /// - Parameter status: The exit status.
    /// - Returns: An exit value with no output.
    public static func exited(status: Int32) -> ProgramExit {
        ProgramExit(reason: .exited, status: status)
    }

    /// An end by the signal numbered `signal`, with no output: a value to compare with.
    ///
    /// ```swift
    /// #expect(exit == .signalled(SIGTERM))
    /// ```
    ///
    /// - Parameter signal: The signal's number.
    /// - Returns: An exit value with no output.
    public static func signalled(_ signal: Int32) -> ProgramExit {
        ProgramExit(reason: .signalled, status: signal)
    }

    /// How a program ended, from what its monitor recorded once its output was drained; a program
    /// never seen to end (not even by `SIGKILL`, within the stop's wait) counts as killed.
    ///
    /// - Parameter recorded: The monitor's state after `RunningProcess.drainedState()`.
    init(_ recorded: ProgramMonitor.State) {
        let termination = recorded.termination ?? .killed
        let reason: Reason =
            switch termination.reason {
            case .exited: .exited
            case .signalled: .signalled
            }
        self.init(
            reason: reason,
            status: termination.status,
            standardOutput: recorded.standardOutputText,
            standardError: recorded.standardErrorText
        )
    }

    /// Whether the program exited by itself with status 0.
    public var succeeded: Bool { reason == .exited && status == 0 }

    /// "exited with status 3" or "ended by signal 15 (SIGTERM)".
    public var description: String {
        switch reason {
        case .exited: "exited with status \(status)"
        case .signalled: "ended by signal \(status)\(Self.signalName(status).map { " (\($0))" } ?? "")"
        }
    }

    /// The name of a signal that commonly ends a program: a request, a kill, or a crash.
    private static func signalName(_ number: Int32) -> String? {
        let names: [(Int32, String)] = [
            (SIGHUP, "SIGHUP"), (SIGINT, "SIGINT"), (SIGQUIT, "SIGQUIT"), (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"),
            (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"), (SIGKILL, "SIGKILL"), (SIGSEGV, "SIGSEGV"),
            (SIGPIPE, "SIGPIPE"), (SIGALRM, "SIGALRM"), (SIGTERM, "SIGTERM"),
        ]
        return names.first { $0.0 == number }?.1
    }
}

extension ProgramExit: Equatable {
    /// Two exits are equal when their reasons and statuses are; the captured output is not compared.
    public static func == (lhs: ProgramExit, rhs: ProgramExit) -> Bool {
        lhs.reason == rhs.reason && lhs.status == rhs.status
    }
}
