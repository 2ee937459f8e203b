@_spi(ControlChannel) public import Relay

/// A program connected to its test through a ``ProgramEndpoint``: its stubs' calls are answered by
/// the endpoint's ``StubAnswers``, and the test re-wires it and opens sessions in it, as in a
/// program RelayTesting launched, until ``close()``.
///
/// ```swift
/// let connection = try await endpoint.connection()
/// try await connection.rewire([.init(type: .catalogClient, factory: .answeredCatalog)])
/// try await withSession(on: connection, [.init(type: .clock, factory: .fixedClock)]) { session in
///     // requests that carry session.header
/// }
/// ```
public final class ProgramConnection: Sendable {
    /// The channel to the program; closed when the connection is.
    let channel: ProgramChannel

    /// The process identifier the program gave in its hello.
    public let processIdentifier: Int32

    /// The answers to the program's own stubs, for its coverage.
    let stubAnswers: StubAnswers?

    /// Where the program's and its sessions' accounts are recorded.
    let wiringCoverage: WiringCoverage

    /// Whether the program's account went into ``wiringCoverage`` (once, when the connection
    /// closes).
    private let recorded = LockedValue(false)

    /// The program's name, as it gave it in its hello (its executable's); `nil` when it gave none.
    public let programName: String?

    init(
        channel: ProgramChannel, processIdentifier: Int32, program: String?, stubAnswers: StubAnswers?,
        wiringCoverage: WiringCoverage
    ) {
        self.channel = channel
        self.processIdentifier = processIdentifier
        self.programName = program.flatMap { $0.isEmpty ? nil : String($0.prefix(64)) }
        self.stubAnswers = stubAnswers
        self.wiringCoverage = wiringCoverage
    }

    /// The program's name in errors and in the coverage: its executable's, as a launched
    /// program's is, else its process's.
    var name: String { programName ?? "the program connected as process \(processIdentifier)" }

    /// The calls of the program's stubs the test gave no answer for.
    public var unansweredCalls: [StubCall] { channel.unansweredCalls }

    /// Applies instructions over the program's wiring, as ``LaunchedProgram/rewire(_:)`` does.
    ///
    /// - Parameter instructions: The instructions, checked as a launch's are, all or nothing.
    /// - Throws: ``ProgramSessionError``: `refused` with the program's reason, `programEnded` when
    ///   the connection closed.
    public func rewire(_ instructions: [DependencyInstructionLaunchArgument]) async throws {
        try await ProgramHost.connected(self).perform(
            .rewire(instructions: instructions.map(\.instruction.description)), action: "re-wire")
    }

    /// Puts back the wiring the program started with, as ``LaunchedProgram/resetWiring()`` does.
    ///
    /// - Throws: ``ProgramSessionError`` as ``rewire(_:)``.
    public func resetWiring() async throws {
        try await ProgramHost.connected(self).perform(.resetWiring, action: "reset its wiring")
    }

    /// The program's wiring account, as it sent it over the connection: what its instructions
    /// registered, and what its factories built and resolved so far (its first build of each
    /// registration, and its sessions').
    ///
    /// - Parameter timeout: How long to wait for the account's first record.
    /// - Returns: The account so far.
    /// - Throws: ``ProgramEndpointError`` when no account came in time (a program whose parser has
    ///   not run, or whose hooks are shut), or the connection ended first.
    public func wiring(timeout: Duration = .seconds(10)) async throws -> WiringAccount {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            // Whether it had ended before the read: then the read saw all it will ever get.
            let ended = channel.hasEnded
            let account: WiringAccount?
            do {
                account = try WiringAccount.reading(channel.wiringAccountLines)
            } catch {
                throw ProgramEndpointError("\(name) sent a wiring account that does not read: \(error)")
            }
            if let account { return account }
            if ended { throw ProgramEndpointError("\(name) closed the connection without a wiring account") }
            guard clock.now < deadline else {
                throw ProgramEndpointError("\(name) sent no wiring account within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Ends the connection: the program's calls fail from now on, and its commands cannot be sent.
    /// The program's account so far goes into the coverage (once).
    public func close() {
        let isFirst = recorded.withLockedValue { recorded in
            defer { recorded = true }
            return !recorded
        }
        if isFirst, let account = try? WiringAccount.reading(channel.wiringAccountLines) {
            _ = wiringCoverage.recordLaunch(account, program: name, stubAnswers: stubAnswers)
        }
        channel.close()
    }

    deinit {
        close()
    }
}
