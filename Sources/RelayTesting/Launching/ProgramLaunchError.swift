/// A program under test could not be found, started, made ready, or waited for.
///
/// The message says what went wrong, then shows the command line and everything the program
/// wrote, so a failing test explains itself:
///
/// ```text
/// bookshelf exited with status 64 before it was ready (waited for a line containing 'listening on')
/// command: RELAY_DEPENDENCIES='type=clokc,factory=fixed' /work/.build/debug/bookshelf --port 41873
/// standard error:
///   error: unknown type key 'clokc'; did you mean 'clock'? Known types: bookStore, clock, …
/// standard output: (empty)
/// ```
///
/// Switch over ``code`` to tell failures apart; new codes may be added without breaking a switch
/// that has a `default`.
///
/// ```swift
/// do {
///     _ = try await launcher.launch()
/// } catch let error as ProgramLaunchError where error.code == .exitedBeforeReady {
///     #expect(error.exit?.status == 64)
/// }
/// ```
public struct ProgramLaunchError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in "exitedBeforeReady".
        public let name: String

        private init(_ name: String) { self.name = name }

        /// No executable file was found where one was expected.
        public static let executableNotFound = Code("executableNotFound")
        /// The operating system refused to start the program.
        public static let failedToStart = Code("failedToStart")
        /// The program ended before its readiness condition held.
        public static let exitedBeforeReady = Code("exitedBeforeReady")
        /// The readiness condition did not hold within the time limit.
        public static let readinessTimedOut = Code("readinessTimedOut")
        /// The program was still running when the time limit for its exit passed.
        public static let exitTimedOut = Code("exitTimedOut")
        /// The awaited output did not appear within the time limit.
        public static let outputTimedOut = Code("outputTimedOut")
        /// The program ended without writing the awaited output.
        public static let exitedBeforeOutput = Code("exitedBeforeOutput")
        /// Building or locating a package's product failed.
        public static let buildFailed = Code("buildFailed")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code

    /// One sentence saying what went wrong.
    public let summary: String

    /// The command line, with the environment variables the launcher set, ready to paste in a shell.
    public let commandLine: String

    /// What the program had written to standard output when the failure was found.
    public let standardOutput: String

    /// What the program had written to standard error when the failure was found.
    public let standardError: String

    /// How the program ended, when it had ended.
    public let exit: ProgramExit?

    /// The file of the call that failed.
    public let fileID: String

    /// The line of the call that failed.
    public let line: Int

    /// Creates an error; the launcher makes these.
    ///
    /// - Parameters:
    ///   - code: What kind of failure this is.
    ///   - summary: One sentence saying what went wrong.
    ///   - commandLine: The command line, as a shell would read it.
    ///   - standardOutput: The program's standard output so far.
    ///   - standardError: The program's standard error so far.
    ///   - exit: How the program ended, if it had.
    ///   - fileID: The file of the failing call.
    ///   - line: The line of the failing call.
    public init(
        code: Code,
        summary: String,
        commandLine: String,
        standardOutput: String = "",
        standardError: String = "",
        exit: ProgramExit? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        self.code = code
        self.summary = summary
        self.commandLine = commandLine
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.exit = exit
        self.fileID = fileID
        self.line = line
    }

    /// The summary, the command line and the captured output, one section each.
    public var description: String {
        """
        \(summary)
        command: \(commandLine)
        standard error:\(Self.indented(standardError))
        standard output:\(Self.indented(standardOutput))
        """
    }

    private static func indented(_ text: String) -> String {
        let trimmed = text.hasSuffix("\n") ? String(text.dropLast()) : text
        if trimmed.isEmpty { return " (empty)" }
        return trimmed.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "\n  " + $0 }
            .joined()
    }
}
