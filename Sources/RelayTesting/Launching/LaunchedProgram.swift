/// A program under test that is running: its output so far, and the means to wait for it and
/// stop it.
///
/// ``ProgramLauncher/launch(fileID:line:)`` returns one once the program is ready; inside
/// ``withLaunchedProgram(_:isolation:_:)`` the program is stopped when the closure ends.
///
/// ```swift
/// try await withLaunchedProgram(launcher) { program in
///     let response = try await client.get("/books")
///     #expect(program.standardError.isEmpty)
/// }
/// ```
///
/// Output is captured on threads of its own as the program writes it, so the program never blocks
/// on a full pipe. All members are safe to use from any task.
public final class LaunchedProgram: Sendable {
    private let running: RunningProcess

    /// The executable's file name, used in messages.
    public let name: String

    /// The program's process identifier.
    public let processIdentifier: Int32

    /// The command line the program was started with, as a shell would run it.
    public let commandLine: String

    /// The output line that made the program ready, when readiness was
    /// ``ReadinessCondition/outputLine(containing:)``; `nil` otherwise.
    ///
    /// A server that binds port 0 can report its port here:
    ///
    /// ```swift
    /// // "bookshelf listening on http://127.0.0.1:41873"
    /// let address = program.readinessLine?.split(separator: " ").last
    /// ```
    public let readinessLine: String?

    private let stopGracePeriod: Duration

    /// Where the program writes its wiring account; `nil` when the launcher did not ask for one.
    let wiringAccountFile: WiringAccountFile?

    /// The channel the program's stubs send their calls on; `nil` when the launcher had no
    /// ``ProgramLauncher/stubAnswers``.
    let answerChannel: ProgramChannel?

    /// The launcher's stub answers, for the run's ``WiringCoverage``.
    let stubAnswers: StubAnswers?

    /// Whether an instruction nothing resolved fails the test (``ProgramLauncher/rejectsUnusedInstructions``).
    let rejectsUnusedInstructions: Bool

    /// Where the launch and its sessions record what they exercised (``ProgramLauncher/wiringCoverage``).
    let wiringCoverage: WiringCoverage

    /// How the program's end came, as the test sees it.
    private enum Life {
        case running
        /// The test stopped it, or waited for its exit and was told how it ended.
        case endedForTest
        /// It ended before the test stopped it or waited for it: killed, crashed, or exited.
        case endedOnItsOwn(ProgramExit)
    }

    /// Changed only from `.running`, once: whoever ends it first says how.
    private let life = LockedValue(Life.running)

    /// The launch's instructions that nothing resolved, once the program has stopped and its
    /// account was read; `nil` before.
    private let unusedLaunchInstructions = LockedValue<[String]?>(nil)

    init(
        running: RunningProcess,
        name: String,
        commandLine: String,
        readinessLine: String?,
        stopGracePeriod: Duration,
        wiringAccountFile: WiringAccountFile?,
        answerChannel: ProgramChannel? = nil,
        stubAnswers: StubAnswers? = nil,
        rejectsUnusedInstructions: Bool = false,
        wiringCoverage: WiringCoverage = .shared
    ) {
        self.wiringCoverage = wiringCoverage
        self.answerChannel = answerChannel
        self.stubAnswers = stubAnswers
        self.rejectsUnusedInstructions = rejectsUnusedInstructions
        self.running = running
        self.name = name
        self.processIdentifier = running.processIdentifier
        self.commandLine = commandLine
        self.readinessLine = readinessLine
        self.stopGracePeriod = stopGracePeriod
        self.wiringAccountFile = wiringAccountFile
        ProgramOutputCapture.current?.note(self, session: nil)
    }

    // MARK: - Output

    /// How much the program had written to each stream at a point: where output after it starts.
    struct OutputMark: Sendable {
        let standardOutput: Int
        let standardError: Int

        /// Before the program wrote anything.
        static let start = OutputMark(standardOutput: 0, standardError: 0)
    }

    /// How much the program has written so far.
    var outputMark: OutputMark {
        let state = running.monitor.state
        return OutputMark(standardOutput: state.standardOutput.count, standardError: state.standardError.count)
    }

    /// What the program wrote to each stream after `mark`.
    func output(since mark: OutputMark) -> (standardOutput: ArraySlice<UInt8>, standardError: ArraySlice<UInt8>) {
        let state = running.monitor.state
        return (state.standardOutput.dropFirst(mark.standardOutput), state.standardError.dropFirst(mark.standardError))
    }

    /// Everything the program has written to standard output so far.
    public var standardOutput: String { running.monitor.state.standardOutputText }

    /// Everything the program has written to standard error so far.
    public var standardError: String { running.monitor.state.standardErrorText }

    /// Whether the program is still running.
    public var isRunning: Bool { !running.monitor.state.hasTerminated }

    /// Waits until the program writes a line (to standard output or error) that contains `text`.
    ///
    /// ```swift
    /// let line = try await program.waitForOutput(containing: "imported 3 books")
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text to look for; it should not span lines.
    ///   - timeout: How long to wait at most; 30 seconds by default.
    ///   - fileID: The calling file, for errors.
    ///   - line: The calling line, for errors.
    /// - Returns: The first line that contains `text`.
    /// - Throws: ``ProgramLaunchError`` with code `.outputTimedOut` when no such line appears in
    ///   time, or `.exitedBeforeOutput` when the program ends without writing one.
    public func waitForOutput(
        containing text: String,
        timeout: Duration = .seconds(30),
        fileID: String = #fileID,
        line: Int = #line
    ) async throws -> String {
        _ = await running.monitor.wait(timeout: timeout, forLineContaining: text) {
            $0.hasTerminated && $0.isDrained
        }
        let state = running.monitor.state
        if let found = state.line(containing: text) { return found }
        let ended = state.hasTerminated && state.isDrained
        throw ProgramLaunchError(
            ended
                ? .exitedBeforeOutput(program: name, text: text)
                : .outputTimedOut(program: name, text: text, timeout: timeout),
            commandLine: commandLine,
            standardOutput: state.standardOutputText,
            standardError: state.standardErrorText,
            exit: ended ? ProgramExit(await running.drainedState()) : nil,
            fileID: fileID,
            line: line
        )
    }

    /// Waits until the program has ended, or `timeout` has passed.
    ///
    /// - Returns: Whether it has ended.
    func waitForTermination(timeout: Duration) async -> Bool {
        await running.monitor.wait(timeout: timeout) { $0.hasTerminated }
    }

    // MARK: - Ending

    /// Waits until the program ends by itself and its output is complete.
    ///
    /// ```swift
    /// let exit = try await program.waitForExit()
    /// #expect(exit == .exited(status: 64))
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How long to wait at most; 30 seconds by default. The program keeps running
    ///     when the time is up.
    ///   - fileID: The calling file, for errors.
    ///   - line: The calling line, for errors.
    /// - Returns: How the program ended, with all it wrote.
    /// - Throws: ``ProgramLaunchError`` with code `.exitTimedOut` when the program is still
    ///   running after `timeout`.
    public func waitForExit(
        timeout: Duration = .seconds(30),
        fileID: String = #fileID,
        line: Int = #line
    ) async throws -> ProgramExit {
        let ended = await running.monitor.wait(timeout: timeout) { $0.hasTerminated }
        if ended { settle(.endedForTest) }
        guard ended else {
            throw ProgramLaunchError(
                .exitTimedOut(program: name, timeout: timeout),
                commandLine: commandLine,
                standardOutput: standardOutput,
                standardError: standardError,
                fileID: fileID,
                line: line
            )
        }
        return ProgramExit(await running.drainedState())
    }

    /// Stops the program: `SIGTERM`, then `SIGKILL` if it is still running after the grace period.
    ///
    /// Signals go to the program's whole process group, and whatever is left of the group once
    /// the program has ended is killed, so no child of the program outlives the test. Stopping a
    /// program that has already ended only reports how it ended. Cancelling the calling task does
    /// not cut a stop short.
    ///
    /// ```swift
    /// let exit = await program.stop()
    /// #expect(exit == .signalled(SIGTERM))
    /// ```
    ///
    /// - Parameter gracePeriod: How long to wait after `SIGTERM`; the launcher's
    ///   ``ProgramLauncher/stopGracePeriod`` when `nil`.
    /// - Returns: How the program ended, with all it wrote.
    @discardableResult
    public func stop(gracePeriod: Duration? = nil) async -> ProgramExit {
        let exit = await end(gracePeriod: gracePeriod)
        settle(.endedForTest)
        return exit
    }

    /// Stops the program once the test's work is done, noting whether it had ended on its own
    /// first: before the stop began, or by a signal the stop did not send (a crash, a `SIGKILL`
    /// from outside during the grace period).
    ///
    /// - Returns: How the program ended.
    @discardableResult
    func stopAfterTest() async -> ProgramExit {
        let endedBefore = running.hasEnded
        let exit = await end(gracePeriod: nil)
        let onItsOwn = endedBefore || (exit.reason == .signalled && !running.sent(signal: exit.status))
        settle(onItsOwn ? .endedOnItsOwn(exit) : .endedForTest)
        return exit
    }

    private func end(gracePeriod: Duration?) async -> ProgramExit {
        let exit = ProgramExit(await running.stop(gracePeriod: gracePeriod ?? stopGracePeriod))
        answerChannel?.close()
        recordCoverage()
        return exit
    }

    /// Whether the test stopped the program (or saw its exit).
    var endedByTest: Bool {
        if case .endedForTest = life.withLockedValue({ $0 }) { return true }
        return false
    }

    /// How the program ended, with all it wrote; call once it has.
    func drainedExit() async -> ProgramExit {
        ProgramExit(await running.drainedState())
    }

    /// Says how the program ended, if nothing has said so yet.
    private func settle(_ ending: Life) {
        life.withLockedValue { life in
            if case .running = life { life = ending }
        }
    }

    /// The error for a program that ended on its own while the test ran, unless it exited with
    /// status 0 (a program that finished its work) or the test saw its end.
    func endedDuringTestError() -> ProgramLaunchError? {
        guard case .endedOnItsOwn(let exit) = life.withLockedValue({ $0 }), !exit.succeeded else { return nil }
        return ProgramLaunchError(
            .endedDuringTest(program: name, exit: exit), commandLine: commandLine,
            standardOutput: exit.standardOutput, standardError: exit.standardError, exit: exit)
    }

    /// Records the program's account in the run's ``WiringCoverage``, once.
    private func recordCoverage() {
        guard let file = wiringAccountFile, let account = try? file.account() else { return }
        let isFirst = unusedLaunchInstructions.withLockedValue { unused in
            guard unused == nil else { return false }
            unused = []
            return true
        }
        guard isFirst else { return }
        let unused = wiringCoverage.recordLaunch(account, program: name, stubAnswers: stubAnswers)
        unusedLaunchInstructions.withLockedValue { $0 = unused }
    }

    /// The error for launch instructions nothing resolved, when the launcher rejects them.
    func unusedInstructionsError() -> ProgramLaunchError? {
        guard rejectsUnusedInstructions, let unused = unusedLaunchInstructions.withLockedValue({ $0 }), !unused.isEmpty
        else { return nil }
        return ProgramLaunchError(
            .unusedInstructions(program: name, instructions: unused), commandLine: commandLine,
            standardOutput: standardOutput, standardError: standardError)
    }

    // MARK: - Stub answers

    /// The calls of this program's stubs that the launcher's ``ProgramLauncher/stubAnswers`` gave
    /// no answer for, in order; empty for a program launched without stub answers.
    ///
    /// ``withLaunchedProgram(_:isolation:_:)`` fails with
    /// ``ProgramLaunchError/Code-swift.struct/unansweredStubCalls`` when there are any.
    public var unansweredStubCalls: [StubCall] {
        answerChannel?.unansweredCalls ?? []
    }

    /// The error for ``unansweredStubCalls``, if there are any.
    func unansweredStubCallsError() -> ProgramLaunchError? {
        let calls = unansweredStubCalls
        guard !calls.isEmpty else { return nil }
        return ProgramLaunchError(
            .unansweredStubCalls(program: name, calls: calls, answered: stubAnswers?.answerKeys ?? []),
            commandLine: commandLine,
            standardOutput: standardOutput, standardError: standardError)
    }
}
