import Relay

/// Free TCP ports for servers under test, so tests that run in parallel never share one.
///
/// The system picks a port no socket is bound to; `FreePort` also remembers every port it handed
/// out in this process and never hands one out twice, so two tests asking at the same moment get
/// different ports.
///
/// ```swift
/// let port = try FreePort.next()
/// let launcher = ProgramLauncher(
///     executable: bookshelf,
///     arguments: ["--port", "\(port)"],
///     readiness: .acceptingConnections(port: port)
/// )
/// ```
///
/// The port is free when it is handed out; another process on the machine could take it before
/// the server binds it. On a test machine that window is rarely hit; where it must never be, let
/// the server bind port 0 and report its port on its readiness line instead.
public enum FreePort {
    private static let handedOut = LockedValue<Set<Int>>([])

    /// A TCP port that nothing is bound to on `host`, and that this process has not handed out before.
    ///
    /// ```swift
    /// let port = try FreePort.next()   // 41873, say
    /// ```
    ///
    /// - Parameter host: The IPv4 address the server will bind; the loopback address by default.
    /// - Returns: The port number.
    /// - Throws: ``FreePortError`` when the address is malformed or a socket call fails.
    public static func next(host: String = "127.0.0.1") throws -> Int {
        for _ in 0..<64 {
            let port = try LoopbackSocket.unusedPort(host: host).get()
            let isNew = handedOut.withLockedValue { $0.insert(port).inserted }
            if isNew { return port }
        }
        throw FreePortError(message: "no port on \(host) that this process had not handed out already")
    }
}
