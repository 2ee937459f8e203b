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
}
