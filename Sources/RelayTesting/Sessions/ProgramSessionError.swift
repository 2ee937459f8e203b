/// Why re-wiring a launched program, or opening or ending a session in it, failed.
///
/// ```text
/// bookshelf refused to open session 'A1F…': Unknown factory key 'stubCatalg' for type 'catalogClient'. Did you mean 'stubCatalog'? …
/// ```
public struct ProgramSessionError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable, Hashable {
        /// The program was launched without a channel to the test: set the launcher's
        /// ``ProgramLauncher/opensControlChannel`` (or its ``ProgramLauncher/stubAnswers``).
        case noChannel
        /// The program refused the command: an instruction that does not parse or check, a
        /// session name in use, a teardown that threw as the session ended. Nothing was applied.
        case refused
        /// Nothing in the program reads sessions: it makes neither integration's unit-of-work
        /// middleware, and declared no reader of its own (Relay's `DependencySession.declareReader`).
        /// Its requests would all be served from its own wiring, so the session is not opened.
        case noSessionReader
        /// The program ended (or its channel broke) before the command was done.
        case programEnded
        /// The program said nothing within the launcher's ``ProgramLauncher/commandTimeLimit``:
        /// it never opened its end of the channel (it runs no `InjectDependenciesArgumentParser`),
        /// or it is stuck.
        case noAnswer
        /// The session's stubs made calls its answers gave no answer for.
        case unansweredStubCalls
        /// Nothing in the session resolved what one of its instructions registered, with the
        /// launcher's ``ProgramLauncher/rejectsUnusedInstructions`` on.
        case unusedInstructions
    }

    /// What kind of failure this is.
    public let code: Code

    /// The program's name.
    public let program: String

    /// What was asked: "re-wire", "reset its wiring", "open session 'NAME'", "end session 'NAME'".
    public let action: String

    /// What the program said, or the calls nobody answered.
    public let detail: String

    /// The message: what was asked of which program, and why it failed (the program's words cut to
    /// 2,000 characters).
    public var description: String {
        let detail = self.detail.count > 2_000 ? self.detail.prefix(2_000) + "…" : self.detail
        return switch code {
        case .noChannel:
            "\(program) cannot \(action): it was launched without a channel to the test; set the launcher's "
                + "opensControlChannel (or stubAnswers) to true before launching"
        case .refused:
            "\(program) refused to \(action): \(detail)"
        case .noSessionReader:
            "\(program) cannot \(action): nothing in it reads the Relay-Session header, so every "
                + "request would be served from the program's own wiring and never the session's. Add RelayHummingbird's "
                + "UnitOfWorkMiddleware(container:) to its router, or call RelayVapor's app.useRelay(_:); a program "
                + "that runs work in sessions itself (DependencySession.lookup and run) declares it at start-up with "
                + "DependencySession.declareReader(_:in:)"
        case .programEnded, .noAnswer:
            "\(program) could not \(action): \(detail)"
        case .unansweredStubCalls:
            "\(program)'s session stubs made calls its answers gave no answer for: \(detail)"
        case .unusedInstructions:
            "\(program)'s session resolved nothing that these instructions registered: \(detail). The test never "
                + "exercised what they replaced: drop them, or test what they stand for"
        }
    }
}
