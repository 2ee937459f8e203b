/// What answers the calls of stubs that forward them: in a launched program, the channel to the
/// test that launched it; in process, the test's own answers (RelayTesting's `StubAnswers`), given
/// to ``InjectDependenciesArgumentParser/init(index:container:allowedTypes:allowsUnregisteredTypes:readsEnvironment:environment:report:answering:testHooks:)``.
///
/// Both carry the argument and the answer as JSON, so one set of stubs and one set of answering
/// closures serve the launched and the in-process test alike.
public protocol StubCallAnswering: Sendable {
    /// Answers one call.
    ///
    /// - Parameter call: The call, its argument as JSON.
    /// - Returns: The answer, as JSON.
    /// - Throws: ``StubCallError`` when there is no answer: none given, the test's closure threw or
    ///   takes another argument, the channel closed.
    func answer(_ call: StubCall) async throws -> String

    /// How long a call may wait for its answer before it fails with
    /// ``StubCallError/Code-swift.enum/timedOut``.
    var timeLimit: Duration { get }

    /// Answers a spy's call (``SpiedCalls``), or lets the real implementation answer it.
    ///
    /// By default, ``answer(_:)``'s answer: a test that gives no decision answers every call.
    ///
    /// - Parameter call: The call, its argument as JSON; ``StubCall/isSpied`` is `true`.
    /// - Returns: The answer, or ``StubCallDecision/pass(reportingOutcome:)`` to let the real
    ///   implementation answer.
    /// - Throws: ``StubCallError`` as ``answer(_:)``.
    func decide(_ call: StubCall) async throws -> StubCallDecision
}

extension StubCallAnswering {
    /// Answers every spy's call with ``answer(_:)``.
    public func decide(_ call: StubCall) async throws -> StubCallDecision {
        .answer(try await answer(call))
    }
}

/// What the test does with a spy's call: answers it, or lets the real implementation answer.
public enum StubCallDecision: Sendable {
    /// The test's answer, as JSON.
    case answer(String)
    /// The real implementation answers; what it returned (as JSON) or threw
    /// (``StubCallError/Code-swift.enum/thrownByReal``) goes to `reportingOutcome`, for the
    /// test's journal.
    case pass(reportingOutcome: @Sendable (Result<String, StubCallError>) -> Void)
}
