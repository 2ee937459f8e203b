#if HTTPClientSupport
public import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
public import RelayTesting

/// Talks HTTP to a program under test on a port of the test's machine, with AsyncHTTPClient (what
/// Hummingbird and Vapor users already have).
///
/// ```swift
/// let (launcher, client) = try ProgramLauncher.http(executable: try .product("bookshelf"))
/// try await withLaunchedProgram(launcher) { program in
///     let books = try await client.get("books")
///     #expect(books == HTTPAnswer(status: 200, body: "[]"))
/// }
/// ```
///
/// Inside such a closure, write the `try await` outside `#expect`: the closure infers `throws`
/// from the statements it holds, and `#expect` moves its argument into a closure of its own, so a
/// closure whose only statement is `#expect(try await client.get("books") == …)` does not compile
/// ("errors thrown from here are not handled").
public struct ProgramHTTPClient: Sendable {
    /// The port the program listens on.
    public let port: Int

    /// `http://127.0.0.1:41873`: where requests go, paths appended.
    public let baseURL: String

    /// How long one request may take.
    public let timeout: Duration

    /// Headers sent with every request, under those a call gives: a session's, for one.
    public private(set) var headers: [String: String] = [:]

    private let client: HTTPClient

    /// A client of the program on `port`.
    ///
    /// - Parameters:
    ///   - port: The program's port.
    ///   - host: The program's address.
    ///   - timeout: How long one request may take; 30 seconds by default.
    ///   - client: The AsyncHTTPClient to send with; the shared one by default.
    public init(port: Int, host: String = "127.0.0.1", timeout: Duration = .seconds(30), client: HTTPClient = .shared) {
        self.port = port
        self.baseURL = "http://\(host):\(port)"
        self.timeout = timeout
        self.client = client
    }

    /// The same client, sending `session`'s `Relay-Session` header with every request, so the
    /// program serves its requests in the session.
    ///
    /// ```swift
    /// try await withSession(on: program, instructions, stubAnswers: answers) { session in
    ///     let books = try await client.in(session).get("books")
    /// }
    /// ```
    ///
    /// - Parameter session: The session.
    /// - Returns: A client whose requests carry the session.
    public func `in`(_ session: ProgramSession) -> ProgramHTTPClient {
        var client = self
        client.headers[session.header.name] = session.header.value
        return client
    }

    /// Sends `GET path`.
    public func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPAnswer {
        try await send("GET", path, headers: headers)
    }

    /// Sends `POST path` with a JSON body.
    public func post(_ path: String, json: String, headers: [String: String] = [:]) async throws -> HTTPAnswer {
        try await send("POST", path, body: json, headers: ["content-type": "application/json"].merging(headers) { $1 })
    }

    /// Sends `DELETE path`.
    public func delete(_ path: String, headers: [String: String] = [:]) async throws -> HTTPAnswer {
        try await send("DELETE", path, headers: headers)
    }

    /// Sends a request and reads the whole answer.
    ///
    /// - Parameters:
    ///   - method: The method: `GET`, `PATCH`.
    ///   - path: The path, with or without its leading `/`.
    ///   - body: The body, if any.
    ///   - headers: Headers to send.
    /// - Returns: The status, the body and the headers.
    /// - Throws: What AsyncHTTPClient throws: the program refused the connection, or took longer
    ///   than ``timeout``.
    public func send(
        _ method: String,
        _ path: String,
        body: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> HTTPAnswer {
        var request = HTTPClientRequest(url: baseURL + (path.hasPrefix("/") ? path : "/" + path))
        request.method = .init(rawValue: method)
        for (name, value) in self.headers.merging(headers, uniquingKeysWith: { $1 }) {
            request.headers.add(name: name, value: value)
        }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let seconds = timeout.components.seconds
        let response = try await client.execute(request, timeout: .seconds(seconds > 0 ? seconds : 1))
        let bytes = try await response.body.collect(upTo: 64 * 1024 * 1024)
        var answerHeaders: [String: String] = [:]
        for header in response.headers {
            let name = header.name.lowercased()
            answerHeaders[name] = answerHeaders[name].map { "\($0), \(header.value)" } ?? header.value
        }
        return HTTPAnswer(
            status: Int(response.status.code), body: String(buffer: bytes), headers: answerHeaders)
    }
}

extension ProgramLauncher {
    /// A launcher for an HTTP program on a free port of this machine, counted as started once it
    /// accepts connections there, and a client that talks to it.
    ///
    /// ```swift
    /// var (launcher, client) = try ProgramLauncher.http(executable: try .product("bookshelf"))
    /// try launcher.inject(DependencyInstructionLaunchArgument(type: .bookStore, factory: .inMemoryBookStore))
    /// ```
    ///
    /// - Parameters:
    ///   - executable: The program.
    ///   - arguments: The program's own arguments, before the port's.
    ///   - portArguments: How the program is told its port; `--port <port>` by default.
    ///   - host: The address the program listens on, as the client reaches it.
    /// - Returns: The launcher (add instructions, environment, a working directory) and the client.
    /// - Throws: `FreePortError` when no port is free.
    public static func http(
        executable: ProgramExecutable,
        arguments: [String] = [],
        portArguments: (Int) -> [String] = { ["--port", String($0)] },
        host: String = "127.0.0.1"
    ) throws -> (launcher: ProgramLauncher, client: ProgramHTTPClient) {
        let port = try FreePort.next(host: host)
        let launcher = ProgramLauncher(
            executable: executable, arguments: arguments + portArguments(port),
            readiness: .acceptingConnections(port: port, host: host))
        return (launcher, ProgramHTTPClient(port: port, host: host))
    }
}
#endif
