@_spi(ControlChannel) public import Relay

/// A session in a program under test: instructions and stub answers of one test, applied over the
/// program's wiring for the requests that carry the session's name, while other tests use the
/// same program with their own.
///
/// One way to get one per test style, each of which ends the session however the test ends:
/// - a program the test launched itself: ``withSession(on:_:stubAnswers:isolation:_:)-(LaunchedProgram,_,_,_,_)``;
/// - a program started elsewhere that connected to the test (``ProgramEndpoint``):
///   ``withSession(on:_:stubAnswers:isolation:_:)-(ProgramConnection,_,_,_,_)``;
/// - a program shared by many tests, with Swift Testing: RelayTestingSupport's
///   `SharedProgram.withSession(_:stubAnswers:isolation:_:)` in each test (its `.sharedProgram`
///   suite trait keeps one launch for the suites);
/// - the same with XCTest: `SharedProgram.session(for:_:stubAnswers:)`, ended with the test.
///
/// ```swift
/// try await withSession(
///     on: program, [DependencyInstructionLaunchArgument(type: .catalogClient, factory: .answeredCatalog)],
///     stubAnswers: answers
/// ) { session in
///     let client = ProgramHTTPClient(port: port).in(session)  // sends the Relay-Session header
///     // … requests …
/// }
/// ```
///
/// Ending a session tears down what was built in it (the session's singletons, and instances of
/// the program's own registrations built first in the session); requests that name it afterwards
/// are refused with HTTP 400.
public final class ProgramSession: Sendable {
    /// The session's name: 32 random hexadecimal digits, which no other test can guess.
    public let name: String

    /// The program the session is in, when RelayTesting launched it; `nil` for one that connected
    /// through a ``ProgramEndpoint`` (see ``connection``).
    public var program: LaunchedProgram? {
        guard case .launched(let program) = host else { return nil }
        return program
    }

    /// The connection the session is on, for a program that connected through a
    /// ``ProgramEndpoint``; `nil` for one RelayTesting launched (see ``program``).
    public var connection: ProgramConnection? {
        guard case .connected(let connection) = host else { return nil }
        return connection
    }

    /// The program, which the session keeps: a connection closes when nothing holds it.
    private let host: ProgramHost

    /// The answers to the session's answered stubs; `nil` when it has none.
    public let stubAnswers: StubAnswers?

    /// The session's instructions, in order.
    public let instructions: [DependencyInjectionInstruction]

    private let channel: ProgramChannel

    init(
        name: String, host: ProgramHost, instructions: [DependencyInjectionInstruction],
        stubAnswers: StubAnswers?, channel: ProgramChannel
    ) {
        self.name = name
        self.host = host
        self.instructions = instructions
        self.stubAnswers = stubAnswers
        self.channel = channel
    }

    /// The HTTP header that carries the session: `Relay-Session: NAME`.
    public var header: (name: String, value: String) { (DependencySession.headerName, name) }

    /// The calls of the session's stubs its answers gave no answer for, in order.
    public var unansweredStubCalls: [StubCall] { stubAnswers?.unansweredCalls ?? [] }

    /// Ends the session: the program tears down what was built in it, and refuses its name from
    /// now on.
    ///
    /// - Throws: ``ProgramSessionError``: `refused` when a teardown threw (the session is ended
    ///   all the same), `programEnded` when the program is gone, `unansweredStubCalls` when the
    ///   session's stubs made calls its answers gave no answer for, `unusedInstructions` when nothing
    ///   resolved what one of its instructions registered and the launcher rejects that.
    public func end() async throws {
        defer { channel.removeSession(name) }
        try await host.perform(.endSession(name: name), action: "end session '\(name)'")
        // What the session never used, from the program's account (when it keeps one).
        var unused: [String] = []
        switch host {
        case .launched(let program):
            if program.wiringAccountFile != nil, let account = try? await program.wiring(timeout: .seconds(1)) {
                unused = program.wiringCoverage.recordSession(
                    name, instructions: instructions, account: account, program: program.name,
                    stubAnswers: stubAnswers)
            }
        case .connected(let connection):
            if let account = try? await connection.wiring(timeout: .seconds(1)) {
                unused = connection.wiringCoverage.recordSession(
                    name, instructions: instructions, account: account, program: connection.name,
                    stubAnswers: stubAnswers)
            }
        }
        let unanswered = unansweredStubCalls
        guard unanswered.isEmpty else {
            throw ProgramSessionError(
                code: .unansweredStubCalls, program: host.name, action: "end session '\(name)'",
                detail: unanswered.prefix(10).map(\.description).joined(separator: ", ")
                    + (unanswered.count > 10 ? ", …" : "") + ". The session's answers answer "
                    + ((stubAnswers?.answerKeys).flatMap { $0.isEmpty ? nil : $0.joined(separator: ", ") }
                        ?? "no call at all"))
        }
        if let program, program.rejectsUnusedInstructions && !unused.isEmpty {
            throw ProgramSessionError(
                code: .unusedInstructions, program: program.name, action: "end session '\(name)'",
                detail: unused.joined(separator: ", "))
        }
    }
}

/// Opens a session on `program`, runs `body` with it, and ends the session however `body` ends.
///
/// ```swift
/// try await withSession(on: program, [.init(type: .clock, factory: .fixedClock)]) { session in
///     let answer = try await client.in(session).get("books")
/// }
/// ```
///
/// - Parameters:
///   - program: A program launched with a channel (``ProgramLauncher/opensControlChannel``).
///   - instructions: The session's instructions, checked as the launch's were.
///   - stubAnswers: The answers to the session's answered stubs.
///   - isolation: The caller's actor; passed implicitly.
///   - body: The test's work in the session.
/// - Returns: What `body` returns.
/// - Throws: ``ProgramSessionError`` when the session cannot be opened or ended; what `body` throws.
public func withSession<Result>(
    on program: LaunchedProgram,
    _ instructions: [DependencyInstructionLaunchArgument] = [],
    stubAnswers: StubAnswers? = nil,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (ProgramSession) async throws -> Result
) async throws -> Result {
    try await ProgramSession.around(
        try await program.openSession(instructions, stubAnswers: stubAnswers), isolation: isolation, body)
}

/// Opens a session on a program that connected to its test, runs `body` with it, and ends the
/// session however `body` ends.
///
/// ```swift
/// let connection = try await endpoint.connection()
/// try await withSession(on: connection, [.init(type: .clock, factory: .fixedClock)]) { session in
///     let answer = try await client.in(session).get("books")
/// }
/// ```
///
/// - Parameters:
///   - connection: The program's connection (``ProgramEndpoint/connection(timeout:)``).
///   - instructions: The session's instructions, checked as the launch's were.
///   - stubAnswers: The answers to the session's answered stubs.
///   - isolation: The caller's actor; passed implicitly.
///   - body: The test's work in the session.
/// - Returns: What `body` returns.
/// - Throws: ``ProgramSessionError`` when the session cannot be opened or ended; what `body` throws.
public func withSession<Result>(
    on connection: ProgramConnection,
    _ instructions: [DependencyInstructionLaunchArgument] = [],
    stubAnswers: StubAnswers? = nil,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (ProgramSession) async throws -> Result
) async throws -> Result {
    try await ProgramSession.around(
        try await ProgramHost.connected(connection).openSession(instructions, stubAnswers: stubAnswers),
        isolation: isolation, body)
}

extension ProgramSession {
    /// Runs `body` in `session`, and ends the session however `body` ends: the one statement of
    /// the session functions' shape.
    static func around<Result>(
        _ session: ProgramSession,
        isolation: isolated (any Actor)?,
        _ body: (ProgramSession) async throws -> Result
    ) async throws -> Result {
        let result: Result
        do {
            result = try await body(session)
        } catch {
            try? await session.end()
            throw error
        }
        try await session.end()
        return result
    }
}
