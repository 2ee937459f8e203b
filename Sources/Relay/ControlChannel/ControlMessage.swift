/// What travels on the channel between a launched program and the test that launched it: the
/// program's stubs' calls one way and their answers the other, each call matched to its answer by
/// an identifier the program chooses; the test's commands the other way and their outcomes back,
/// matched by an identifier the test chooses.
///
/// Shared with RelayTesting (the test's side) and the fuzzer; not API for programs.
@_spi(ControlChannel)
public enum ControlMessage: Codable, Sendable, Equatable {
    /// A stub's call, from the program.
    case call(id: UInt64, call: StubCall)
    /// The answer to call `id`, as JSON, from the test.
    case answer(id: UInt64, value: String)
    /// Why call `id` has no answer, from the test.
    case failure(id: UInt64, error: StubCallError)
    /// Call `id`, a spy's, is for the real implementation to answer, from the test.
    case pass(id: UInt64)
    /// What the real implementation did with call `id` after a ``pass(id:)``, from the program:
    /// its answer as JSON, or its error (``StubCallError/Code-swift.enum/thrownByReal``).
    case outcome(id: UInt64, value: String?, error: StubCallError?)
    /// One record of the wiring account (a JSON line, without its line break), from a program
    /// that connected to its test itself and so has no file for it.
    case accountRecord(line: String)
    /// A command, from the test.
    case command(id: UInt64, command: ControlCommand)
    /// Command `id` is done: applied, or refused with why, and with a code for a refusal the test
    /// reports in terms of its own.
    case commandDone(id: UInt64, refusal: String?, code: ControlRefusalCode? = nil)
    /// The first frame of a program that connected to its test itself (``ControlEndpoint``): the
    /// protocol versions it speaks, the endpoint's secret, its process identifier, and its name
    /// (its executable's, at most 64 characters) for the test's messages.
    case hello(versions: [Int], secret: String, pid: Int32, program: String? = nil)
    /// The test took the program's hello: from now on, today's messages, at `version`.
    case welcome(version: Int)
    /// The test refused the program's hello (`code`: `unknownSecret`, `secretUsed`,
    /// `versionUnsupported`, `malformedHello`), and closes the connection.
    case refused(code: String, reason: String)
}

/// A refusal of a command that the test reports in terms of its own, with the fix on its side.
@_spi(ControlChannel)
public enum ControlRefusalCode: String, Codable, Sendable, Equatable {
    /// Nothing in the program reads sessions (no integration's middleware, no reader declared with
    /// ``DependencySession/declareReader(_:in:)``): a session would serve nothing.
    case noSessionReader
}

/// What a test may ask of the program it launched, over the channel.
@_spi(ControlChannel)
public enum ControlCommand: Codable, Sendable, Equatable {
    /// Applies instructions over the program's wiring, for everything it resolves from now on.
    case rewire(instructions: [String])
    /// Puts back what ``rewire(instructions:)`` replaced: the wiring the program launched with.
    case resetWiring
    /// Opens a session: instructions applied over the program's wiring for the work that carries
    /// the session's name.
    case openSession(name: String, instructions: [String], timeLimitMilliseconds: Int64?)
    /// Ends a session and tears down what was built in it.
    case endSession(name: String)
}
