/// What a launcher waits for before it hands a started program to the test.
///
/// A server is ready when it says so on its output, or when its port accepts connections:
///
/// ```swift
/// launcher.readiness = .outputLine(containing: "listening on")
/// launcher.readiness = .acceptingConnections(port: port)
/// ```
///
/// If the program exits before the condition holds, or the launcher's
/// ``ProgramLauncher/readinessTimeout`` passes first, launching fails with a
/// ``ProgramLaunchError`` that shows the command line and what the program wrote.
public struct ReadinessCondition: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case immediately
        case outputLine(containing: String)
        case acceptingConnections(host: String, port: Int)
    }

    let kind: Kind

    /// Ready as soon as the process has started: for programs that are checked by their exit.
    ///
    /// ```swift
    /// let program = try await ProgramLauncher(executable: tool, readiness: .immediately).launch()
    /// let exit = try await program.waitForExit()
    /// ```
    public static let immediately = ReadinessCondition(kind: .immediately)

    /// Ready once a line the program writes, to standard output or standard error, contains `text`.
    ///
    /// The matching line is kept as ``LaunchedProgram/readinessLine``, so a program that reports
    /// its address can be read back:
    ///
    /// ```swift
    /// launcher.readiness = .outputLine(containing: "listening on")
    /// ```
    ///
    /// - Parameter text: The text to look for; it should not span lines.
    /// - Returns: The condition.
    public static func outputLine(containing text: String) -> ReadinessCondition {
        ReadinessCondition(kind: .outputLine(containing: text))
    }

    /// Ready once a TCP connection to `host`:`port` succeeds.
    ///
    /// ```swift
    /// let port = try FreePort.next()
    /// launcher.arguments = ["--port", "\(port)"]
    /// launcher.readiness = .acceptingConnections(port: port)
    /// ```
    ///
    /// - Parameters:
    ///   - port: The port the program listens on.
    ///   - host: The IPv4 address to connect to; the loopback address by default.
    /// - Returns: The condition.
    public static func acceptingConnections(port: Int, host: String = "127.0.0.1") -> ReadinessCondition {
        ReadinessCondition(kind: .acceptingConnections(host: host, port: port))
    }

    /// "immediately", "a line containing 'listening on'" or "connections on 127.0.0.1:8080".
    public var description: String {
        switch kind {
        case .immediately: "immediately"
        case .outputLine(let text): "a line containing '\(text)'"
        case .acceptingConnections(let host, let port): "connections on \(host):\(port)"
        }
    }
}
