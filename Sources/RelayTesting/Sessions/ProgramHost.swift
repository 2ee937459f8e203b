import Foundation
@_spi(ControlChannel) import Relay

/// The program a command or a session is for: one RelayTesting launched, or one that connected to
/// its test through a ``ProgramEndpoint``. Both are reached over a ``ProgramChannel``, so what a
/// command may answer, and how each answer reads as a ``ProgramSessionError``, is said here once;
/// only a launched program can say how it ended, and only it keeps a wiring account.
enum ProgramHost: Sendable {
    case launched(LaunchedProgram)
    case connected(ProgramConnection)

    /// The program's name in errors.
    var name: String {
        switch self {
        case .launched(let program): program.name
        case .connected(let connection): connection.name
        }
    }

    /// The channel commands go on; `nil` for a program launched without one.
    var channel: ProgramChannel? {
        switch self {
        case .launched(let program): program.answerChannel
        case .connected(let connection): connection.channel
        }
    }

    /// How the program ended, when it is gone; `otherwise` when that cannot be seen.
    func howItEnded(else otherwise: String) async -> String {
        switch self {
        case .launched(let program): await program.howItEnded(else: otherwise)
        case .connected: "the connection closed (\(otherwise))"
        }
    }

    /// Sends a command and waits until the program has carried it out.
    ///
    /// - Throws: ``ProgramSessionError``: `noChannel`, `noAnswer`, `programEnded`, `refused` or
    ///   `noSessionReader`.
    func perform(_ command: ControlCommand, action: String) async throws {
        guard let channel else {
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

    /// Opens a session, which the caller must end.
    func openSession(
        _ instructions: [DependencyInstructionLaunchArgument], stubAnswers: StubAnswers?
    ) async throws -> ProgramSession {
        let name = Self.sessionName()
        // Always answers of its own: a session's stub with nothing to answer it is then unanswered
        // in its journal, which ending the session reports, instead of failing unseen.
        let stubAnswers = stubAnswers ?? StubAnswers()
        guard let channel else {
            throw ProgramSessionError(code: .noChannel, program: self.name, action: "open a session", detail: "")
        }
        // Answers are in place before the program can make a call.
        channel.addSession(name, answers: stubAnswers)
        do {
            try await perform(
                .openSession(
                    name: name, instructions: instructions.map(\.instruction.description),
                    timeLimitMilliseconds: stubAnswers.timeLimit.wholeMilliseconds),
                action: "open session '\(name)'")
        } catch {
            channel.removeSession(name)
            throw error
        }
        if case .launched(let program) = self {
            ProgramOutputCapture.current?.note(program, session: name)
        }
        return ProgramSession(
            name: name, host: self, instructions: instructions.map(\.instruction), stubAnswers: stubAnswers,
            channel: channel)
    }

    /// 128 random bits as 32 hexadecimal digits: a name no other test can guess.
    private static func sessionName() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
