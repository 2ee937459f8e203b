import Foundation
import RelayTesting
import Testing

@Suite("Waiting for a port")
struct ReadinessOnPortTests {
    static let python = "/usr/bin/python3"
    static var hasPython: Bool { FileManager.default.isExecutableFile(atPath: python) }

    @Test(
        "a server is ready once its port accepts connections",
        .enabled(if: hasPython, "needs python3 for a small server"))
    func readyWhenListening() async throws {
        let port = try FreePort.next()
        // The server binds only after a moment, so the launcher has to wait for it.
        let script = """
            import socket, time
            time.sleep(0.3)
            server = socket.socket()
            server.bind(("127.0.0.1", \(port)))
            server.listen()
            time.sleep(30)
            """
        let launcher = ProgramLauncher(
            executable: ProgramExecutable(path: Self.python),
            arguments: ["-c", script],
            readiness: .acceptingConnections(port: port)
        )
        try await withLaunchedProgram(launcher) { program in
            #expect(program.isRunning)
            #expect(program.readinessLine == nil)
        }
    }

    @Test("a port that never opens times out")
    func portTimeout() async throws {
        let port = try FreePort.next()
        let launcher = shell(
            "echo 'not listening'; sleep 30", readiness: .acceptingConnections(port: port),
            readinessTimeout: .milliseconds(200))
        let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }

        #expect(error.code == .readinessTimedOut)
        #expect(
            error.summary
                == "sh was not ready within 0.2 seconds (waited for connections on 127.0.0.1:\(port)); it was stopped")
        #expect(error.standardOutput == "not listening\n")
    }

    @Test("a program that exits while its port is awaited fails at once")
    func exitWhileWaitingForPort() async throws {
        let port = try FreePort.next()
        let launcher = shell(
            "echo 'address in use' >&2; exit 1", readiness: .acceptingConnections(port: port),
            readinessTimeout: .seconds(60))
        let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }

        #expect(error.code == .exitedBeforeReady)
        #expect(
            error.summary == "sh exited with status 1 before it was ready (waited for connections on 127.0.0.1:\(port))"
        )
        #expect(error.standardError == "address in use\n")
    }
}
