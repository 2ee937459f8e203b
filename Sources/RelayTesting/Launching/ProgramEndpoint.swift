import Foundation
@_spi(ControlChannel) import Relay

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a program that RelayTesting does not start reaches its test: a listening socket on
/// 127.0.0.1 and a one-time secret, handed to the program in one environment variable. The program
/// (any debug build that runs Relay's parser) connects out, proves the secret, and its stubs'
/// calls are then answered by the test, as over the channel of a program RelayTesting spawns.
///
/// ```swift
/// let answers = StubAnswers()
/// answers.answer("greeter", "greeting") { (name: String) in "Hello, \(name)" }
/// let endpoint = try ProgramEndpoint(stubAnswers: answers)
/// let process = Process()
/// process.executableURL = URL(fileURLWithPath: "/path/to/program")
/// process.environment = ProcessInfo.processInfo.environment.merging(endpoint.environment) { $1 }
/// try process.run()
/// let connection = try await endpoint.connection()
/// ```
///
/// One endpoint takes one connection: the secret is spent by the first hello that proves it. The
/// connection re-wires the program and opens sessions in it as a ``LaunchedProgram`` does, and
/// carries its wiring account (``ProgramConnection/wiring(timeout:)``), which goes into the
/// coverage when the connection closes.
public final class ProgramEndpoint: Sendable {
    private let listener: Int32
    private let endpoint: ControlEndpoint
    private let answers: StubAnswers?
    private let callTimeLimit: Duration
    private let wiringCoverage: WiringCoverage
    /// Whether the secret was spent (or the endpoint closed): a second hello is refused.
    private let spent = LockedValue(false)

    /// The connections refused so far, each as `code (from process N)`.
    private let refused = LockedValue<[String]>([])

    /// The connections the endpoint refused, in order, each as its code and where it came from:
    /// `unknownSecret (from process 4242)`. A wrong or replayed secret shows here and in the error
    /// of a wait that no program ended.
    public var refusals: [String] { refused.withLockedValue { $0 } }

    /// Where the listener's socket file is, for a Unix socket: removed with the endpoint.
    private let directory: URL?

    /// Opens a listener: on a free port of 127.0.0.1, or a Unix socket.
    ///
    /// - Parameters:
    ///   - stubAnswers: What answers the calls of the program's stubs; `nil` for nothing.
    ///   - callTimeLimit: How long a call in the program waits for its answer.
    ///   - connectTimeLimit: How long the program may take to connect and greet, from its side.
    ///   - wiringCoverage: Where the program's wiring account and its sessions' are recorded;
    ///     the run's, ``WiringCoverage/shared``, by default.
    ///   - listening: Where to listen: loopback TCP by default, or a Unix socket for a program
    ///     that shares this file system.
    /// - Throws: ``ProgramEndpointError`` when no listener can be opened.
    public init(
        stubAnswers: StubAnswers? = nil, callTimeLimit: Duration = .seconds(10),
        connectTimeLimit: Duration = .seconds(5), wiringCoverage: WiringCoverage = .shared,
        listening: Listening = .loopbackTCP
    ) throws(ProgramEndpointError) {
        let opened = try Self.openListener(listening)
        var generator = SystemRandomNumberGenerator()
        let secretBytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let secret = Data(secretBytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        listener = opened.descriptor
        directory = opened.directory
        endpoint = ControlEndpoint(
            address: opened.address, secret: secret,
            connectMilliseconds: Int(connectTimeLimit.wholeMilliseconds),
            callMilliseconds: Int(callTimeLimit.wholeMilliseconds))
        answers = stubAnswers
        self.callTimeLimit = callTimeLimit
        self.wiringCoverage = wiringCoverage
    }

    deinit {
        SocketDescriptor.close(listener)
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// The variables to set in the program's environment: `RELAY_CONTROL_ENDPOINT`.
    public var environment: [String: String] {
        [ControlEndpoint.environmentVariable: endpoint.encoded]
    }

    /// Waits for the program to connect and prove the secret.
    ///
    /// - Parameter timeout: How long to wait for the program.
    /// - Returns: The connection, whose stubs' calls the endpoint's answers answer.
    /// - Throws: ``ProgramEndpointError`` when no program proved the secret in time (a wrong
    ///   secret is refused and the wait goes on), or the endpoint was used already.
    public func connection(timeout: Duration = .seconds(30)) async throws -> ProgramConnection {
        guard !spent.withLockedValue({ $0 }) else {
            throw ProgramEndpointError("the endpoint was used already: make one per program")
        }
        let listener = listener
        let endpoint = endpoint
        let spent = spent
        let refused = refused
        let accepted: Result<(descriptor: Int32, processIdentifier: Int32, program: String?), ProgramEndpointError> =
            await withCheckedContinuation { continuation in
                // A thread of its own: accepting and reading the hello block.
                Thread.detachNewThread {
                    continuation.resume(
                        returning: Self.acceptGreeted(
                            on: listener, expecting: endpoint, spent: spent, refused: refused, within: timeout))
                }
            }
        let (descriptor, processIdentifier, program) = try accepted.get()
        guard
            let channel = ProgramChannel(
                connected: descriptor, answers: answers, timeLimit: callTimeLimit, commandTimeLimit: .seconds(10))
        else {
            throw ProgramEndpointError("the accepted connection is not a socket")
        }
        return ProgramConnection(
            channel: channel, processIdentifier: processIdentifier, program: program, stubAnswers: answers,
            wiringCoverage: wiringCoverage)
    }

    /// Accepts connections until one proves the secret or `timeout` passes; refuses the others.
    private static func acceptGreeted(
        on listener: Int32, expecting endpoint: ControlEndpoint, spent: LockedValue<Bool>,
        refused: LockedValue<[String]>, within timeout: Duration
    ) -> Result<(descriptor: Int32, processIdentifier: Int32, program: String?), ProgramEndpointError> {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            guard SocketDescriptor.wait(listener, for: Int16(POLLIN), until: deadline, on: clock) else {
                let refusals = refused.withLockedValue { $0 }
                return .failure(
                    ProgramEndpointError(
                        "no program connected and proved the secret within \(timeout)"
                            + (refusals.isEmpty ? "" : "; refused: \(refusals.joined(separator: ", "))")))
            }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            if case .tcp = endpoint.address { SocketDescriptor.sendsAtOnce(connection) }
            guard isOwnUser(connection, on: endpoint.address) else {
                refused.withLockedValue { $0.append("peerNotAllowed") }
                refuse(connection, code: "peerNotAllowed", reason: "the program runs as another user")
                continue
            }
            // The hello, read with the handshake's small limit and at most 2 s.
            var reader = ControlFrame.Reader(maximumLength: 4_096)
            var buffer = [UInt8](repeating: 0, count: 512)
            let helloDeadline = min(deadline, clock.now.advanced(by: .seconds(2)))
            var hello: ControlMessage?
            while hello == nil, SocketDescriptor.wait(connection, for: Int16(POLLIN), until: helloDeadline, on: clock) {
                let count = recv(connection, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                reader.append(buffer[0..<count])
                hello = try? reader.next()
            }
            // Spent by the first hello that proves the secret, under the lock: a replay is refused.
            let refusal = spent.withLockedValue { spent in
                let refusal = endpoint.refusal(ofFirst: hello, isSpent: spent)
                if refusal == nil { spent = true }
                return refusal
            }
            guard refusal == nil, case .hello(_, _, let processIdentifier, let program) = hello else {
                let code = refusal?.code ?? "malformedHello"
                let origin = if case .hello(_, _, let pid, _) = hello { " (from process \(pid))" } else { "" }
                refused.withLockedValue { $0.append(code + origin) }
                refuse(connection, code: code, reason: refusal?.reason ?? "")
                continue
            }
            guard let welcome = try? ControlFrame.bytes(of: .welcome(version: 1)),
                SocketDescriptor.send(welcome, to: connection, until: helloDeadline, on: clock)
            else {
                SocketDescriptor.close(connection)
                return .failure(ProgramEndpointError("the program left before it was welcomed"))
            }
            return .success((connection, processIdentifier, program))
        }
    }

    private static func refuse(_ connection: Int32, code: String, reason: String) {
        if let bytes = try? ControlFrame.bytes(of: .refused(code: code, reason: reason)) {
            let clock = ContinuousClock()
            _ = SocketDescriptor.send(bytes, to: connection, until: clock.now.advanced(by: .seconds(1)), on: clock)
        }
        SocketDescriptor.close(connection)
    }
}

/// A ``ProgramEndpoint`` could not be opened, or no program connected to it.
public struct ProgramEndpointError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
