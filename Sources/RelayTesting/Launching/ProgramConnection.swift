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

    init(channel: ProgramChannel, processIdentifier: Int32) {
        self.channel = channel
        self.processIdentifier = processIdentifier
    }

    /// The program's name in errors.
    var name: String { "the program connected as process \(processIdentifier)" }

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

    /// Ends the connection: the program's calls fail from now on, and its commands cannot be sent.
    public func close() {
        channel.close()
    }

    deinit {
        channel.close()
    }
}
