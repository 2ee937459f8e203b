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
        fileprivate enum Kind: String {
            case executableNotFound, failedToStart, exitedBeforeReady, readinessTimedOut
            case exitTimedOut, outputTimedOut, exitedBeforeOutput, buildFailed, wiringAccountUnavailable
            case unansweredStubCalls, unusedInstructions, endedDuringTest
            case instructionRejected, dependencyCheckFailed, dependencyCheckUnavailable
        }

        fileprivate let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// No executable file was found where one was expected.
        public static let executableNotFound = Code(.executableNotFound)
        /// The operating system refused to start the program.
        public static let failedToStart = Code(.failedToStart)
        /// The program ended before its readiness condition held.
        public static let exitedBeforeReady = Code(.exitedBeforeReady)
        /// The readiness condition did not hold within the time limit.
        public static let readinessTimedOut = Code(.readinessTimedOut)
        /// The program was still running when the time limit for its exit passed.
        public static let exitTimedOut = Code(.exitTimedOut)
        /// The awaited output did not appear within the time limit.
        public static let outputTimedOut = Code(.outputTimedOut)
        /// The program ended without writing the awaited output.
        public static let exitedBeforeOutput = Code(.exitedBeforeOutput)
        /// Building or locating a package's product failed.
        public static let buildFailed = Code(.buildFailed)
        /// The program reported no wiring account (``LaunchedProgram/wiring(timeout:fileID:line:)``):
        /// it did not run Relay's `InjectDependenciesArgumentParser` in time, or was launched
        /// without asking for one.
        public static let wiringAccountUnavailable = Code(.wiringAccountUnavailable)
        /// The program's stubs made calls the test gave no answer for (``StubAnswers``); the
        /// program has been stopped.
        public static let unansweredStubCalls = Code(.unansweredStubCalls)
        /// Instructions whose registration nothing resolved, with the launcher's
        /// ``ProgramLauncher/rejectsUnusedInstructions`` on; the program has been stopped.
        public static let unusedInstructions = Code(.unusedInstructions)

        /// The program ended on its own while the test ran (killed, crashed, or exited with a
        /// status other than 0), and the test neither stopped it nor waited for its exit.
        public static let endedDuringTest = Code(.endedDuringTest)

        /// An instruction does not fit the program's index (an unknown key, a factory of another
        /// type, a configuration where none is taken or none where one is, a stub the test answers
        /// with nothing to answer it): found before the program was started.
        public static let instructionRejected = Code(.instructionRejected)

        /// The program checked its wiring (``ProgramLauncher/checkDependencies(fileID:line:)``) and
        /// found problems.
        public static let dependencyCheckFailed = Code(.dependencyCheckFailed)

        /// The program was asked to check its wiring and wrote no report.
        public static let dependencyCheckUnavailable = Code(.dependencyCheckUnavailable)

        /// The code's name, as in "exitedBeforeReady".
        public var name: String { kind.rawValue }

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

    /// Creates an error for `problem`, worded by ``Problem/summary``.
    ///
    /// - Parameters:
    ///   - problem: What went wrong, with the details the sentence quotes.
    ///   - commandLine: The command line, as a shell would read it.
    ///   - standardOutput: The program's standard output so far.
    ///   - standardError: The program's standard error so far.
    ///   - exit: How the program ended, if it had.
    ///   - fileID: The file of the failing call.
    ///   - line: The line of the failing call.
    init(
        _ problem: Problem,
        commandLine: String,
        standardOutput: String = "",
        standardError: String = "",
        exit: ProgramExit? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        self.init(
            code: problem.code,
            summary: problem.summary,
            commandLine: commandLine,
            standardOutput: standardOutput,
            standardError: standardError,
            exit: exit,
            fileID: fileID,
            line: line
        )
    }

    private static func indented(_ text: String) -> String {
        let trimmed = text.hasSuffix("\n") ? String(text.dropLast()) : text
        if trimmed.isEmpty { return " (empty)" }
        return trimmed.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "\n  " + $0 }
            .joined()
    }
}

// MARK: - What went wrong

extension ProgramLaunchError {
    /// The precise failures the launcher finds, each with the details its sentence quotes.
    ///
    /// The launcher reports every failure through one of these, so each has its code and its
    /// sentence here, in two exhaustive switches: a new failure does not compile without both.
    enum Problem {
        /// No executable file at `path`.
        case noExecutableFile(path: String)
        /// The running tests' build directory is unknown, so `product` cannot be found beside them.
        case unknownTestProductsDirectory(product: String)
        /// `product` was not built into `directory`, the running tests' build directory.
        case productNotBuiltBesideTests(product: String, directory: String)
        /// `product` was not built into `directory`, another package's build directory.
        case productNotBuiltInPackage(product: String, directory: String)
        /// The system refused to start `program`.
        case failedToStart(program: String, error: any Error)
        /// `program` ended (as `exit` says) before `readiness` held.
        case exitedBeforeReady(program: String, exit: ProgramExit, readiness: ReadinessCondition)
        /// `readiness` did not hold within `timeout`; the program was stopped.
        case readinessTimedOut(program: String, timeout: Duration, readiness: ReadinessCondition)
        /// The readiness line reached the pipe only when the program ended: its standard output was
        /// block-buffered.
        case readinessLineBuffered(program: String, text: String, timedOut: Bool)
        /// `program` ended without writing a line containing `text`.
        case exitedBeforeOutput(program: String, text: String)
        /// `program` wrote no line containing `text` within `timeout`.
        case outputTimedOut(program: String, text: String, timeout: Duration)
        /// `program` was still running after `timeout`.
        case exitTimedOut(program: String, timeout: Duration)
        /// `swift build` (or `--show-bin-path`) ended as `exit` says.
        case buildFailed(exit: ProgramExit)
        /// The launcher did not ask `program` for a wiring account.
        case wiringAccountNotCollected(program: String)
        /// `program` ended without reporting its wiring.
        case endedWithoutWiringAccount(program: String)
        /// `program` reported no wiring within `timeout`.
        case wiringAccountTimedOut(program: String, timeout: Duration)
        /// What `program` wrote to its wiring account could not be read.
        case unreadableWiringAccount(program: String, error: any Error)
        /// Calls of the program's stubs that the test gave no answer for, and the calls it answers
        /// (`typeKey.name`).
        case unansweredStubCalls(program: String, calls: [StubCall], answered: [String])
        /// Instructions nothing resolved.
        case unusedInstructions(program: String, instructions: [String])
        /// `program` ended on its own, as `exit` says, while the test ran.
        case endedDuringTest(program: String, exit: ProgramExit)
        /// `instruction` does not fit `program`'s index, as `error` says; nothing was started.
        case instructionRejected(program: String, instruction: String, error: DynamicDependencyIndexError)
        /// `program` checked its wiring and found what `report` says.
        case dependencyCheckFailed(program: String, report: DependencySelfCheck)
        /// `program` wrote no check: it ended as `exit` says, or ran past `timeout` (`exit` is `nil`).
        case dependencyCheckUnavailable(program: String, exit: ProgramExit?, timeout: Duration)

        /// The public code this failure is reported with.
        var code: Code {
            switch self {
            case .noExecutableFile, .unknownTestProductsDirectory, .productNotBuiltBesideTests,
                .productNotBuiltInPackage:
                .executableNotFound
            case .failedToStart: .failedToStart
            case .exitedBeforeReady: .exitedBeforeReady
            case .readinessTimedOut: .readinessTimedOut
            case .readinessLineBuffered(_, _, let timedOut): timedOut ? .readinessTimedOut : .exitedBeforeReady
            case .exitedBeforeOutput: .exitedBeforeOutput
            case .outputTimedOut: .outputTimedOut
            case .exitTimedOut: .exitTimedOut
            case .buildFailed: .buildFailed
            case .wiringAccountNotCollected, .endedWithoutWiringAccount, .wiringAccountTimedOut,
                .unreadableWiringAccount:
                .wiringAccountUnavailable
            case .unansweredStubCalls: .unansweredStubCalls
            case .unusedInstructions: .unusedInstructions
            case .endedDuringTest: .endedDuringTest
            case .instructionRejected: .instructionRejected
            case .dependencyCheckFailed: .dependencyCheckFailed
            case .dependencyCheckUnavailable: .dependencyCheckUnavailable
            }
        }

        /// One sentence that quotes what was asked for and, where there is one, says how to fix it.
        var summary: String {
            switch self {
            case .noExecutableFile(let path):
                "no executable file at \(path)"
            case .unknownTestProductsDirectory(let product):
                "the running tests' build directory is unknown; name \(product)'s executable by path instead"
            case .productNotBuiltBesideTests(let product, let directory):
                """
                no executable '\(product)' in \(directory); run the tests with `swift test` \
                (which builds every product), or build it with `swift build --product \(product)`
                """
            case .productNotBuiltInPackage(let product, let directory):
                "no executable '\(product)' in \(directory); build it first (pass building: true)"
            case .failedToStart(let program, let error):
                "\(program) could not be started: \(error)"
            case .exitedBeforeReady(let program, let exit, let readiness):
                "\(program) \(exit) before it was ready (waited for \(readiness))"
            case .readinessTimedOut(let program, let timeout, let readiness):
                "\(program) was not ready within \(timeout) (waited for \(readiness)); it was stopped"
            case .readinessLineBuffered(let program, let text, _):
                """
                \(program) wrote its line containing '\(text)' only as it ended: its standard output is a pipe, \
                which the C library block-buffers, so print() kept the line in the program's buffer. Run Relay's \
                InjectDependenciesArgumentParser before printing it (the launcher asks it to line-buffer standard \
                output), call fflush(stdout) after the line, or write the line to standard error
                """
            case .exitedBeforeOutput(let program, let text):
                "\(program) ended without writing a line containing '\(text)'"
            case .outputTimedOut(let program, let text, let timeout):
                "\(program) wrote no line containing '\(text)' within \(timeout)"
            case .exitTimedOut(let program, let timeout):
                "\(program) was still running after \(timeout)"
            case .buildFailed(let exit):
                "swift \(exit)"
            case .wiringAccountNotCollected(let program):
                "\(program) was launched without a wiring account; leave the launcher's collectsWiringAccount true"
            case .endedWithoutWiringAccount(let program):
                "\(program) ended without reporting its wiring; \(Self.whereWiringIsReported)"
            case .wiringAccountTimedOut(let program, let timeout):
                "\(program) reported no wiring within \(timeout); \(Self.whereWiringIsReported)"
            case .unreadableWiringAccount(let program, let error):
                "\(program)'s wiring account could not be read: \(error)"
            case .unansweredStubCalls(let program, let calls, let answered):
                "\(program) made \(calls.count) stub call\(calls.count == 1 ? "" : "s") the test gave no answer for "
                    + "(each failed in the program): "
                    + calls.prefix(10).map(\.description).joined(separator: ", ") + (calls.count > 10 ? ", …" : "")
                    + (answered.isEmpty
                        ? ". The test answers no call at all"
                        : ". The test answers \(answered.prefix(10).joined(separator: ", "))"
                            + (answered.count > 10 ? ", …" : ""))
                    + ". Give an answer with StubAnswers.answer(_:_:with:) before the program makes the call, "
                    + "or answer with a closure that throws where a failure is the point"
            case .unusedInstructions(let program, let instructions):
                "\(program) resolved nothing that \(instructions.count == 1 ? "this instruction" : "these instructions") "
                    + "registered: \(instructions.prefix(10).joined(separator: ", "))\(instructions.count > 10 ? ", …" : ""). "
                    + "The test never exercised what it replaced: "
                    + "drop the instruction, or test what it stands for"
            case .endedDuringTest(let program, let exit) where exit.reason == .signalled:
                "\(program) \(exit) while the test ran, before the test stopped it: it was killed, or it crashed"
                    + Self.lastLines(of: exit.standardError)
            case .endedDuringTest(let program, let exit):
                "\(program) \(exit) while the test ran, before the test stopped it or waited for its exit "
                    + "(waitForExit)" + Self.lastLines(of: exit.standardError)
            case .instructionRejected(let program, let instruction, let error):
                "instruction '\(instruction)' does not fit \(program)'s dependency index, so \(program) was not "
                    + "started: \(error)"
            case .dependencyCheckFailed(let program, let report):
                "\(program) checked its wiring and found \(report.problems.count) "
                    + "problem\(report.problems.count == 1 ? "" : "s"):\n" + report.description
            case .dependencyCheckUnavailable(let program, let exit?, _):
                "\(program) \(exit) without checking its wiring; \(Self.whereChecksRun)"
            case .dependencyCheckUnavailable(let program, nil, let timeout):
                "\(program) did not check its wiring within \(timeout) and was stopped; \(Self.whereChecksRun)"
            }
        }

        /// The last lines a program wrote to standard error, for a message about its end.
        static func lastLines(of standardError: String) -> String {
            let lines = standardError.split(separator: "\n").suffix(5)
            guard !lines.isEmpty else { return "; it wrote nothing to standard error" }
            return "; the last lines it wrote to standard error:" + lines.map { "\n  " + $0 }.joined()
        }

        /// Where a program checks itself, for the messages that say it did not.
        private static var whereChecksRun: String {
            "a program checks itself when it runs Relay's InjectDependenciesArgumentParser "
                + "(CommandLine.parse(with:) or DependencyInjectionOptions.inject(with:)) with its test hooks open "
                + "(a debug build, or testHooks: .always), before it does any work of its own"
        }

        /// Where a program reports its wiring, for the messages that say it did not.
        private static var whereWiringIsReported: String {
            "a program reports it when it runs Relay's InjectDependenciesArgumentParser "
                + "(CommandLine.parse(with:) or DependencyInjectionOptions.inject(with:)) in a debug build, "
                + "or with testHooks: .always: check that this build does"
        }
    }
}
