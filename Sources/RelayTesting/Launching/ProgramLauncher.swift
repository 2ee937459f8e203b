public import Foundation
@_spi(ControlChannel) import Relay

/// Everything needed to start a program under test: its executable, arguments, environment,
/// dependency instructions, and what "ready" means for it.
///
/// A launcher is a plain value: build one per test, adjust it, and launch it as often as needed
/// (stop a server and launch the same value again to test a restart).
///
/// ```swift
/// let port = try FreePort.next()
/// var launcher = ProgramLauncher(
///     executable: try ProgramExecutable.product("bookshelf"),
///     arguments: ["--port", "\(port)", "--database", database.path],
///     readiness: .outputLine(containing: "listening on")
/// )
/// launcher.dependencyInstructions = ["type=clock,factory=fixed"]
///
/// try await withLaunchedProgram(launcher) { program in
///     // talk to http://127.0.0.1:\(port)
/// }
/// ```
///
/// The program's standard input is empty, its standard output and error are captured, and it
/// inherits the test's environment with ``environment`` laid over it. A `RELAY_DEPENDENCIES` or
/// `RELAY_WIRING_ACCOUNT` variable in the test's own environment never leaks into the program.
///
/// The program dies with the test process. It leads a process group of its own, which stopping
/// it signals as a whole; and on Linux it is started with `PR_SET_PDEATHSIG`, so that if the test
/// process is killed (a CI timeout, a crash, a stopped debugger) the kernel kills the program too,
/// instead of leaving a server holding its port and files. See the Driver Tests article for what
/// holds on other systems.
public struct ProgramLauncher: Sendable {
    /// The program to start.
    public var executable: ProgramExecutable

    /// The program's own arguments, before any dependency instructions.
    public var arguments: [String]

    /// Variables to set in the program's environment, over those it inherits from the test.
    public var environment: [String: String]

    /// Dependency instructions, such as `"type=clock,factory=fixed,scope=import"`, delivered as
    /// ``instructionDelivery`` says.
    public var dependencyInstructions: [String]

    /// How ``dependencyInstructions`` reach the program: as `-d` arguments (the default) or in
    /// `RELAY_DEPENDENCIES`.
    public var instructionDelivery: InstructionDelivery

    /// What to wait for before ``launch(fileID:line:)`` returns.
    public var readiness: ReadinessCondition

    /// How long to wait for ``readiness`` at most; 30 seconds by default.
    public var readinessTimeout: Duration

    /// How long ``LaunchedProgram/stop(gracePeriod:)`` lets the program shut down after
    /// `SIGTERM` before it sends `SIGKILL`; 5 seconds by default.
    public var stopGracePeriod: Duration

    /// The program's working directory; the test's own when `nil`.
    public var workingDirectory: URL?

    /// Whether to ask the program for its ``LaunchedProgram/wiring(timeout:fileID:line:)``
    /// account; `true` by default.
    ///
    /// The launcher then hands the program an anonymous file as descriptor 3 and names it in
    /// `RELAY_WIRING_ACCOUNT`; Relay's `InjectDependenciesArgumentParser` in the program finds it
    /// there. Turn it off for a program that must see no descriptor beyond the standard three.
    public var collectsWiringAccount = true

    /// Whether to ask the program to line-buffer its standard output; `true` by default.
    ///
    /// Standard output to a pipe is block-buffered: a readiness line written with `print()` would
    /// sit in the program's buffer, and the launch would wait out ``readinessTimeout``. The
    /// launcher sets `RELAY_LINE_BUFFERED_OUTPUT=1`, and Relay's `InjectDependenciesArgumentParser`
    /// in the program (which a program that reads instructions runs at start-up, before it prints
    /// that it is ready) switches standard output to line buffering, in a debug build (see Relay's
    /// `DriverTestHooks`). A program that does not run it flushes its readiness line itself
    /// (`fflush(stdout)`), or writes it to standard error.
    public var asksForLineBufferedOutput = true

    /// The test's answers to the calls of stubs it answers, in the program; `nil` (the default)
    /// for a program whose stubs the test does not answer.
    ///
    /// When set, the launcher hands the program one end of a connected pair of sockets (a
    /// descriptor after the wiring account's) and names it in `RELAY_CONTROL_CHANNEL`; Relay's
    /// `InjectDependenciesArgumentParser` in a debug build of the program finds it there, and the stubs made by
    /// `TypedDependencyFactory.answeredByTest(_:_:)` forward their calls to it. See ``StubAnswers``.
    public var stubAnswers: StubAnswers?

    /// Whether to hand the program a channel to the test, through which the test may re-wire it
    /// and open sessions in it (``withSession(on:_:stubAnswers:isolation:_:)-(LaunchedProgram,_,_,_,_)``); `false` by
    /// default. Setting ``stubAnswers`` opens the channel too.
    public var opensControlChannel = false

    /// Whether an instruction whose registration nothing resolved fails the test; `false` by
    /// default.
    ///
    /// An instruction that nothing resolved replaced a dependency the test never exercised: the
    /// test does not test what it says. With this on, ``withLaunchedProgram(_:isolation:_:)``
    /// fails with ``ProgramLaunchError/Code-swift.struct/unusedInstructions`` after the program
    /// stops (from its wiring account, which ``collectsWiringAccount`` must leave on), and so does
    /// ending a session (``ProgramSessionError/Code-swift.enum/unusedInstructions``) whose
    /// instructions nothing resolved. Every run records them anyway, in ``WiringCoverage``.
    public var rejectsUnusedInstructions = false

    /// Where the launch and its sessions record what they exercised, as the program stops and as
    /// each session ends: ``WiringCoverage/shared`` by default, the run's.
    ///
    /// ```swift
    /// let coverage = WiringCoverage()
    /// launcher.wiringCoverage = coverage  // this launch's report only
    /// ```
    public var wiringCoverage: WiringCoverage = .shared

    /// How long re-wiring the program, or opening or ending a session in it, waits for the program
    /// to say it is done; 10 seconds by default. A program that never opened its end of the
    /// channel (it runs no `InjectDependenciesArgumentParser`) fails the command after it.
    public var commandTimeLimit: Duration = .seconds(10)

    /// Whether ``launch(fileID:line:)`` checks ``dependencyInstructions`` against the program's
    /// dynamic index before it starts the program; `true` by default.
    ///
    /// The index is asked of the program once per executable file (its path, size, inode and
    /// modification time), with the launcher's arguments and environment of that first time: the
    /// program checks itself and exits before it does work of its own (see
    /// ``checkDependencies(fileID:line:)``). A launch whose instruction names an unknown key, or
    /// pairs a factory with another type or a configuration it does not take, then fails with
    /// ``ProgramLaunchError/Code/instructionRejected`` without starting the program. An instruction
    /// that does not parse is left to the program. Turn it off for a test of how the program itself
    /// reports a bad instruction, or for a program whose index depends on its arguments.
    public var checksInstructionsBeforeLaunch = true

    /// How long a call of a stub the test answers waits for its answer in the program: the
    /// ``stubAnswers``' time limit, or 10 seconds without them (for sessions' stubs).
    var stubAnswerTimeLimit: Duration { stubAnswers?.timeLimit ?? .seconds(10) }

    /// Creates a launcher.
    ///
    /// ```swift
    /// let launcher = ProgramLauncher(
    ///     executable: ProgramExecutable(path: "/bin/sh"),
    ///     arguments: ["-c", "echo ready; sleep 30"],
    ///     readiness: .outputLine(containing: "ready")
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - executable: The program to start.
    ///   - arguments: The program's own arguments.
    ///   - environment: Variables to set over the inherited environment.
    ///   - dependencyInstructions: Dependency instructions for the program.
    ///   - instructionDelivery: How the instructions reach the program.
    ///   - readiness: What to wait for before the program counts as started.
    ///   - readinessTimeout: How long to wait for readiness at most.
    ///   - stopGracePeriod: How long stopping waits after `SIGTERM` before `SIGKILL`.
    ///   - workingDirectory: The program's working directory; the test's own when `nil`.
    public init(
        executable: ProgramExecutable,
        arguments: [String] = [],
        environment: [String: String] = [:],
        dependencyInstructions: [String] = [],
        instructionDelivery: InstructionDelivery = .arguments,
        readiness: ReadinessCondition = .immediately,
        readinessTimeout: Duration = .seconds(30),
        stopGracePeriod: Duration = .seconds(5),
        workingDirectory: URL? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.dependencyInstructions = dependencyInstructions
        self.instructionDelivery = instructionDelivery
        self.readiness = readiness
        self.readinessTimeout = readinessTimeout
        self.stopGracePeriod = stopGracePeriod
        self.workingDirectory = workingDirectory
    }

    // MARK: - What the program receives

    /// Every argument the program receives: its own, then the instructions when they travel as
    /// arguments (`-d <instruction>` each).
    ///
    /// The instructions are written by Relay's `InstructionSource`, the same code that writes a
    /// `LaunchArgumentBuilder`'s and reads them back in the program.
    public var launchArguments: [String] {
        guard instructionDelivery == .arguments else { return arguments }
        return arguments + InstructionSource.arguments(carrying: dependencyInstructions)
    }

    /// The variables the launcher sets itself: ``environment``, plus `RELAY_DEPENDENCIES` when the
    /// instructions travel in the environment.
    ///
    /// The variable's value is written by Relay's `InstructionSource`, as for ``launchArguments``.
    public var launchEnvironment: [String: String] {
        var variables = environment
        if instructionDelivery == .environment && !dependencyInstructions.isEmpty {
            variables[InstructionDelivery.environmentVariable] =
                InstructionSource.environmentValue(carrying: dependencyInstructions)
        }
        return variables
    }

    /// The command line as a shell would run it, with the variables the launcher sets in front:
    ///
    /// ```text
    /// RELAY_DEPENDENCIES='type=clock,factory=fixed' /work/.build/debug/bookshelf --port 41873
    /// ```
    public var commandLine: String {
        let assignments = launchEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.shellQuoted)" }
        return (assignments + [executable.url.path] + launchArguments.map(\.shellQuoted)).joined(separator: " ")
    }

    /// The whole environment the program starts with, apart from the wiring account's channel.
    var processEnvironment: [String: String] {
        var variables = ProcessInfo.processInfo.environment
        variables[InstructionDelivery.environmentVariable] = nil
        // The test's own channel, when a launcher started the test process, belongs to the test.
        variables[WiringAccount.environmentVariable] = nil
        variables[ControlChannel.environmentVariable] = nil
        variables[ControlEndpoint.environmentVariable] = nil
        // A test process asked for its own check must not pass the question on to its program.
        variables[DependencySelfCheck.environmentVariable] = nil
        variables[LaunchedOutputBuffering.environmentVariable] = asksForLineBufferedOutput ? "1" : nil
        variables.merge(launchEnvironment) { _, set in set }
        return variables
    }

    // MARK: - Launching

    /// Starts the program and waits until it is ready.
    ///
    /// Prefer ``withLaunchedProgram(_:isolation:_:)``, which always stops the program. A program
    /// launched with this method must be stopped with ``LaunchedProgram/stop(gracePeriod:)``;
    /// should it be forgotten, releasing the last reference to it kills it.
    ///
    /// ```swift
    /// let program = try await launcher.launch()
    /// defer { Task { await program.stop() } }
    /// let line = try await program.waitForOutput(containing: "imported 3 books")
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The calling file, for errors.
    ///   - line: The calling line, for errors.
    /// - Returns: The running, ready program.
    /// - Throws: ``ProgramLaunchError`` when the executable is missing, cannot start, exits
    ///   before it is ready, or is not ready in time (the program is stopped first). Its message
    ///   shows the command line and the captured output. `CancellationError` when the calling
    ///   task is cancelled while waiting (the program is stopped first).
    public func launch(fileID: String = #fileID, line: Int = #line) async throws -> LaunchedProgram {
        let path = executable.url.path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ProgramLaunchError(
                .noExecutableFile(path: path),
                commandLine: commandLine,
                fileID: fileID,
                line: line
            )
        }
        try await checkInstructionsAgainstIndex(fileID: fileID, line: line)
        let running: RunningProcess
        let wiringAccountFile: WiringAccountFile?
        var answerChannel: ProgramChannel?
        do {
            var environment = processEnvironment
            var inherited: [Int32] = []
            wiringAccountFile = collectsWiringAccount ? try WiringAccountFile() : nil
            if let wiringAccountFile {
                environment[WiringAccount.environmentVariable] = wiringAccountFile.environmentValue
                inherited.append(wiringAccountFile.descriptor)
            }
            if opensControlChannel || stubAnswers != nil {
                // The program gets its end as the descriptor after those before it: 3 or 4.
                let channel = try ProgramChannel(
                    answers: stubAnswers, timeLimit: stubAnswerTimeLimit, commandTimeLimit: commandTimeLimit,
                    programDescriptor: Int32(3 + inherited.count))
                answerChannel = channel
                environment[ControlChannel.environmentVariable] = channel.environmentValue
                if let end = channel.programDescriptor { inherited.append(end) }
            }
            defer { answerChannel?.programStarted() }
            running = try await RunningProcess.start(
                executable: executable.url,
                arguments: launchArguments,
                environment: environment,
                workingDirectory: workingDirectory,
                inheriting: inherited
            )
        } catch {
            answerChannel?.close()
            throw ProgramLaunchError(
                .failedToStart(program: executable.name, error: error),
                commandLine: commandLine,
                fileID: fileID,
                line: line
            )
        }
        let readinessLine: String?
        do {
            readinessLine = try await waitUntilReady(running, fileID: fileID, line: line)
        } catch {
            answerChannel?.close()
            throw error
        }
        return LaunchedProgram(
            running: running,
            name: executable.name,
            commandLine: commandLine,
            readinessLine: readinessLine,
            stopGracePeriod: stopGracePeriod,
            wiringAccountFile: wiringAccountFile,
            answerChannel: answerChannel,
            stubAnswers: stubAnswers,
            rejectsUnusedInstructions: rejectsUnusedInstructions,
            wiringCoverage: wiringCoverage
        )
    }

    /// Waits for ``readiness``; on any failure stops the program and throws.
    ///
    /// - Returns: The line that made the program ready, for `.outputLine(containing:)`.
    private func waitUntilReady(_ running: RunningProcess, fileID: String, line: Int) async throws -> String? {
        let outcome: ReadinessOutcome
        switch readiness.kind {
        case .immediately:
            return nil
        case .outputLine(let text):
            let holds = await running.monitor.wait(timeout: readinessTimeout, forLineContaining: text) {
                $0.hasTerminated
            }
            if let found = running.monitor.state.line(containing: text) { return found }
            if holds {
                // It ended; the line may still sit in a pipe the readers have not drained yet.
                _ = await running.drainedState()
                if let found = running.monitor.state.line(containing: text) { return found }
            }
            outcome = holds ? .exited : .timedOut
        case .acceptingConnections(let host, let port):
            outcome = await waitForConnections(running, host: host, port: port)
            if outcome == .ready { return nil }
        }
        if outcome == .timedOut && Task.isCancelled {
            _ = await running.stop(gracePeriod: stopGracePeriod)
            throw CancellationError()
        }
        let stoppedEarly = running.monitor.state.hasTerminated
        let exit = ProgramExit(await running.stop(gracePeriod: stopGracePeriod))
        var problem: ProgramLaunchError.Problem =
            stoppedEarly
            ? .exitedBeforeReady(program: executable.name, exit: exit, readiness: readiness)
            : .readinessTimedOut(program: executable.name, timeout: readinessTimeout, readiness: readiness)
        // The line came only with the output flushed as the program ended: it was written, and sat
        // in a buffer. Say so, rather than that it never came.
        if case .outputLine(let text) = readiness.kind,
            exit.standardOutput.split(separator: "\n").contains(where: { $0.contains(text) })
        {
            problem = .readinessLineBuffered(program: executable.name, text: text, timedOut: !stoppedEarly)
        }
        throw ProgramLaunchError(
            problem,
            commandLine: commandLine,
            standardOutput: exit.standardOutput,
            standardError: exit.standardError,
            exit: stoppedEarly ? exit : nil,
            fileID: fileID,
            line: line
        )
    }

    private enum ReadinessOutcome { case ready, exited, timedOut }

    /// Tries to connect every 20 ms (waking at once if the program exits) until the deadline.
    private func waitForConnections(_ running: RunningProcess, host: String, port: Int) async -> ReadinessOutcome {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: readinessTimeout)
        while true {
            if running.monitor.state.hasTerminated { return .exited }
            if LoopbackSocket.acceptsConnections(host: host, port: port) { return .ready }
            if clock.now >= deadline || Task.isCancelled { return .timedOut }
            _ = await running.monitor.wait(timeout: .milliseconds(20)) { $0.hasTerminated }
        }
    }
}
