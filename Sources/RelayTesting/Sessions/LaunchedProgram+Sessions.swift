import Foundation
@_spi(ControlChannel) public import Relay

extension LaunchedProgram {
    /// Applies instructions over the running program's wiring: what it resolves from now on comes
    /// from their factories, as if they had been given at launch.
    ///
    /// Checked as a launch's instructions are (the program's index, allow-list and replacement
    /// rule), all or nothing. A request in flight keeps what it resolved; instances the replaced
    /// registrations built stay with their owner, which tears them down when it ends (the program
    /// at shutdown, a unit of work at its end). ``resetWiring()`` puts the launch's wiring back.
    ///
    /// ```swift
    /// try await program.rewire([.init(type: .catalogClient, factory: .stubCatalog)])
    /// ```
    ///
    /// - Parameter instructions: The instructions.
    /// - Throws: ``ProgramSessionError``: `refused` with the program's reason, `noChannel` for a
    ///   program launched without a channel, `programEnded` when it is gone.
    public func rewire(_ instructions: [DependencyInstructionLaunchArgument]) async throws {
        try await perform(.rewire(instructions: instructions.map(\.instruction.description)), action: "re-wire")
    }

    /// Puts back the wiring the program launched with, for every registration ``rewire(_:)`` replaced.
    ///
    /// - Throws: ``ProgramSessionError`` as ``rewire(_:)``.
    public func resetWiring() async throws {
        try await perform(.resetWiring, action: "reset its wiring")
    }

    /// Opens a session in the program, which the caller must end: the one primitive under the
    /// documented ways (``withSession(on:_:stubAnswers:isolation:_:)``, RelayTestingSupport's
    /// `SharedProgram.withSession` and `session(for:)`), each of which ends it.
    ///
    /// - Parameters:
    ///   - instructions: The session's instructions, checked as the launch's were.
    ///   - stubAnswers: The answers to the session's answered stubs; `nil` for none.
    /// - Returns: The open session.
    /// - Throws: ``ProgramSessionError`` as ``rewire(_:)``.
    package func openSession(
        _ instructions: [DependencyInstructionLaunchArgument] = [],
        stubAnswers: StubAnswers? = nil
    ) async throws -> ProgramSession {
        let name = Self.sessionName()
        // Always answers of its own: a session's stub with nothing to answer it is then unanswered
        // in its journal, which ending the session reports, instead of failing unseen.
        let stubAnswers = stubAnswers ?? StubAnswers()
        guard let channel = answerChannel else {
            throw ProgramSessionError(code: .noChannel, program: self.name, action: "open a session", detail: "")
        }
        // Answers are in place before the program can make a call.
        channel.addSession(name, answers: stubAnswers)
        do {
            try await perform(
                .openSession(
                    name: name, instructions: instructions.map(\.instruction.description),
                    timeLimitMilliseconds: stubAnswers.timeLimit.components.seconds * 1_000
                        + stubAnswers.timeLimit.components.attoseconds / 1_000_000_000_000_000),
                action: "open session '\(name)'")
        } catch {
            channel.removeSession(name)
            throw error
        }
        return ProgramSession(
            name: name, program: self, instructions: instructions.map(\.instruction), stubAnswers: stubAnswers,
            channel: channel)
    }

    /// Sends a command and waits until the program has carried it out.
    func perform(_ command: ControlCommand, action: String) async throws {
        guard let channel = answerChannel else {
            throw ProgramSessionError(code: .noChannel, program: name, action: action, detail: "")
        }
        let refusal: ProgramChannel.Refusal?
        do {
            refusal = try await channel.perform(command)
        } catch let silent as ProgramChannelSilent {
            throw ProgramSessionError(code: .noAnswer, program: name, action: action, detail: "\(silent)")
        } catch {
            throw ProgramSessionError(
                code: .programEnded, program: name, action: action, detail: await howItEnded(else: "\(error)"))
        }
        switch refusal?.code {
        case nil:
            if let refusal {
                throw ProgramSessionError(code: .refused, program: name, action: action, detail: refusal.reason)
            }
        case .noSessionReader:
            throw ProgramSessionError(code: .noSessionReader, program: name, action: action, detail: "")
        }
    }

    /// How the program ended, with the last lines it wrote to standard error, once its end is seen
    /// (its channel closes a moment before it is reaped); `otherwise` if it is not seen to end.
    private func howItEnded(else otherwise: String) async -> String {
        guard await waitForTermination(timeout: .seconds(2)) else { return otherwise }
        let exit = await drainedExit()
        if endedByTest { return "the test had stopped it (it \(exit))" }
        let cause = exit.reason == .signalled ? ": it was killed, or it crashed" : ""
        return "it \(exit) while the test ran\(cause)" + ProgramLaunchError.Problem.lastLines(of: exit.standardError)
    }

    /// 128 random bits, in hexadecimal.
    private static func sessionName() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
