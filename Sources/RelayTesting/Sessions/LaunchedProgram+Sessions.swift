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
    /// documented ways (``withSession(on:_:stubAnswers:isolation:_:)-(LaunchedProgram,_,_,_,_)``, RelayTestingSupport's
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
        try await ProgramHost.launched(self).openSession(instructions, stubAnswers: stubAnswers)
    }

    /// Sends a command and waits until the program has carried it out.
    func perform(_ command: ControlCommand, action: String) async throws {
        try await ProgramHost.launched(self).perform(command, action: action)
    }

    /// How the program ended, with the last lines it wrote to standard error, once its end is seen
    /// (its channel closes a moment before it is reaped); `otherwise` if it is not seen to end.
    func howItEnded(else otherwise: String) async -> String {
        guard await waitForTermination(timeout: .seconds(2)) else { return otherwise }
        let exit = await drainedExit()
        if endedByTest { return "the test had stopped it (it \(exit))" }
        let cause = exit.reason == .signalled ? ": it was killed, or it crashed" : ""
        return "it \(exit) while the test ran\(cause)" + ProgramLaunchError.Problem.lastLines(of: exit.standardError)
    }
}
