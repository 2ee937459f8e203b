import Foundation
@_spi(ControlChannel) public import Relay

extension ProgramLauncher {
    /// Asks the program to check its own wiring and exit, without running a factory: the declared
    /// graph, its dynamic index against what it registers, and ``dependencyInstructions``; and
    /// fails when anything is wrong. The one-line test that keeps a program's wiring checked in CI:
    ///
    /// ```swift
    /// @Test func wiring() async throws {
    ///     _ = try await ProgramLauncher(executable: .product("bookshelf")).checkDependencies()
    /// }
    /// ```
    ///
    /// The program must run Relay's `InjectDependenciesArgumentParser` with its test hooks open (a
    /// debug build, by default); it checks itself there, before it does any work of its own, and
    /// exits. See `DependencySelfCheck`.
    ///
    /// - Parameters:
    ///   - fileID: The calling file, for errors.
    ///   - line: The calling line, for errors.
    /// - Returns: The report, when nothing is wrong: what was checked, the index, and what could
    ///   not be checked.
    /// - Throws: ``ProgramLaunchError`` with code ``ProgramLaunchError/Code/dependencyCheckFailed``
    ///   naming every problem, or ``ProgramLaunchError/Code/dependencyCheckUnavailable`` when the
    ///   program did not check itself.
    @discardableResult
    public func checkDependencies(fileID: String = #fileID, line: Int = #line) async throws -> DependencySelfCheck {
        let report = try await dependencyCheck(fileID: fileID, line: line)
        guard report.passed else {
            throw ProgramLaunchError(
                .dependencyCheckFailed(program: executable.name, report: report), commandLine: commandLine,
                fileID: fileID, line: line)
        }
        return report
    }

    /// How long a program asked to check itself may take: a program checks itself before its own
    /// work, in milliseconds; one that ignores the question runs until it is stopped.
    static let dependencyCheckLimit = Duration.seconds(10)

    /// Runs the program to check itself and returns its report, whatever it found.
    ///
    /// - Throws: ``ProgramLaunchError`` with code ``ProgramLaunchError/Code/dependencyCheckUnavailable``
    ///   when the program wrote no report: it ended without one, or ran past ``readinessTimeout``
    ///   or 10 seconds, whichever is shorter (it is stopped then).
    func dependencyCheck(fileID: String, line: Int) async throws -> DependencySelfCheck {
        let path = executable.url.path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ProgramLaunchError(
                .noExecutableFile(path: path), commandLine: commandLine, fileID: fileID, line: line)
        }
        return try await withTemporaryDirectory(prefix: "RelayDependencyCheck") { directory in
            let reportFile = directory.file(named: "check.json")
            var environment = processEnvironment
            environment[DependencySelfCheck.environmentVariable] = reportFile.path
            let running = try await RunningProcess.start(
                executable: executable.url, arguments: launchArguments, environment: environment,
                workingDirectory: workingDirectory)
            // A program that ignores the question runs as usual: it is stopped after the limit.
            let limit = min(readinessTimeout, Self.dependencyCheckLimit)
            let ended = await running.monitor.wait(timeout: limit) { $0.hasTerminated }
            let state = ended ? await running.drainedState() : await running.stop(gracePeriod: stopGracePeriod)
            let exit = ProgramExit(state)
            guard let data = try? Data(contentsOf: reportFile),
                let report = try? JSONDecoder().decode(DependencySelfCheck.self, from: data)
            else {
                throw ProgramLaunchError(
                    .dependencyCheckUnavailable(program: executable.name, exit: ended ? exit : nil, timeout: limit),
                    commandLine: commandLine, standardOutput: exit.standardOutput, standardError: exit.standardError,
                    exit: ended ? exit : nil, fileID: fileID, line: line)
            }
            return report
        }
    }

    /// Checks ``dependencyInstructions`` against the program's index before anything starts, when
    /// ``checksInstructionsBeforeLaunch`` is on: the index is read once per executable file (see
    /// ``ProgramIndexCache``). An instruction that does not parse is left to the program, whose
    /// error a test may be waiting for; a program that gives no index is not checked here.
    ///
    /// - Throws: ``ProgramLaunchError`` with code ``ProgramLaunchError/Code/instructionRejected``.
    func checkInstructionsAgainstIndex(fileID: String, line: Int) async throws {
        guard checksInstructionsBeforeLaunch, !dependencyInstructions.isEmpty else { return }
        guard let index = await ProgramIndexCache.shared.index(of: self) else { return }
        // A test answers when the launcher hands the program a channel, or names an endpoint the
        // program connects to (a `ProgramEndpoint` whose answers answer).
        let answersStubs =
            stubAnswers != nil || opensControlChannel || environment[ControlEndpoint.environmentVariable] != nil
        for text in dependencyInstructions {
            guard let instruction = try? DependencyInjectionInstruction(parsing: text) else { continue }
            do {
                try index.check(instruction, answersStubs: answersStubs)
            } catch {
                throw ProgramLaunchError(
                    .instructionRejected(program: executable.name, instruction: text, error: error),
                    commandLine: commandLine, fileID: fileID, line: line)
            }
        }
    }
}

/// The dynamic index of each program a test launched, read once per executable file: a program
/// asked for its check (``ProgramLauncher/dependencyCheck(fileID:line:)``) writes it and exits.
///
/// Keyed by the file's path, size, inode and modification time, so a rebuilt program is asked
/// again. Concurrent launches of one program share one question.
final class ProgramIndexCache: Sendable {
    static let shared = ProgramIndexCache()

    private struct FileIdentity: Hashable {
        let path: String
        let size: UInt64
        let inode: UInt64
        let modified: Date

        init?(_ given: URL) {
            // The file itself, not a link to it: a rebuilt program behind an unchanged link is asked again.
            let url = given.resolvingSymlinksInPath()
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                let size = attributes[.size] as? NSNumber, let inode = attributes[.systemFileNumber] as? NSNumber,
                let modified = attributes[.modificationDate] as? Date
            else { return nil }
            path = url.path
            self.size = size.uint64Value
            self.inode = inode.uint64Value
            self.modified = modified
        }
    }

    /// Each program's index, or `nil` for one that gave none; asked once.
    private let questions = LockedValue<[FileIdentity: Task<DependencyIndexSummary?, Never>]>([:])

    /// The program's index; `nil` when it gives none (it does not run Relay's parser with its
    /// test hooks open, or its check failed to run).
    func index(of launcher: ProgramLauncher) async -> DependencyIndexSummary? {
        guard let identity = FileIdentity(launcher.executable.url) else { return nil }
        var asking = launcher
        // The question runs the program's own arguments and environment, without the instructions
        // it is asked to check (they would fail the check, not tell the index).
        asking.dependencyInstructions = []
        let question = questions.withLockedValue { questions in
            if let asked = questions[identity] { return asked }
            let question = Task { [asking] in
                try? await asking.dependencyCheck(fileID: #fileID, line: #line).index
            }
            questions[identity] = question
            return question
        }
        return await question.value
    }
}
