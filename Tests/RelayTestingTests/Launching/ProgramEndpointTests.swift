import Foundation
import Relay
import RelayTestSupport
import RelayTesting
import Testing

/// What a process started by `Foundation.Process` writes to a pipe, collected on a thread of its
/// own, for waiting on lines that appear after a given point: each wait is woken by the read that
/// satisfies it, or by the end of the pipe.
private final class CollectedOutput: Sendable {
    private struct Waiter {
        let fragment: String
        let mark: Int
        let continuation: CheckedContinuation<String?, Never>
    }

    private struct State {
        var text = ""
        var ended = false
        var waiters: [Waiter] = []

        /// The text after `mark`, if it holds `fragment`.
        func match(_ fragment: String, after mark: Int) -> String? {
            let after = String(decoding: text.utf8.dropFirst(mark), as: UTF8.self)
            return after.contains(fragment) ? after : nil
        }
    }

    private let state = LockedValue(State())

    init(_ pipe: Pipe) {
        // The thread keeps the collector until the pipe ends.
        Thread.detachNewThread { [self] in
            while true {
                let data = pipe.fileHandleForReading.availableData
                let woken = self.state.withLockedValue { state -> [(Waiter, String?)] in
                    if data.isEmpty { state.ended = true } else { state.text += String(decoding: data, as: UTF8.self) }
                    var woken: [(Waiter, String?)] = []
                    var waiting: [Waiter] = []
                    for waiter in state.waiters {
                        let found = state.match(waiter.fragment, after: waiter.mark)
                        if found != nil || state.ended { woken.append((waiter, found)) } else { waiting.append(waiter) }
                    }
                    state.waiters = waiting
                    return woken
                }
                for (waiter, found) in woken { waiter.continuation.resume(returning: found) }
                if data.isEmpty { return }
            }
        }
    }

    /// How much has been read: a mark to wait for lines after.
    var mark: Int { state.withLockedValue { $0.text.utf8.count } }

    /// Waits until a line written after `mark` contains `fragment`; the text after `mark`.
    func wait(for fragment: String, after mark: Int = 0, seconds: Double = 10) async throws -> String {
        let found: String?
        do {
            found = try await withDeadline(seconds: seconds) { await self.next(fragment, after: mark) }
        } catch {
            found = nil
        }
        guard let found else {
            let text = state.withLockedValue { String(decoding: $0.text.utf8.dropFirst(mark), as: UTF8.self) }
            Issue.record("no line with '\(fragment)' within \(seconds) s; it wrote:\n\(text)")
            throw CancellationError()
        }
        return found
    }

    /// The text after `mark` once it holds `fragment`; `nil` if the pipe ends first.
    private func next(_ fragment: String, after mark: Int) async -> String? {
        await withCheckedContinuation { continuation in
            let now = state.withLockedValue { state -> String?? in
                if let found = state.match(fragment, after: mark) { return .some(found) }
                if state.ended { return .some(nil) }
                state.waiters.append(Waiter(fragment: fragment, mark: mark, continuation: continuation))
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }
}

/// A program RelayTesting does not start: launched by `Foundation.Process` with only its
/// environment, it connects to the test's endpoint itself (the fixture's `answered` mode; see
/// Tests/RelayTestingFixture/AnsweredFixture.swift).
@Suite("A program started elsewhere connects to its test")
struct ProgramEndpointTests {
    /// Runs the fixture's `answered` mode for `names` with `environment` over the test's own, to its end.
    func runAnswered(_ names: [String], environment: [String: String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = try ProgramExecutable.product("RelayTestingFixture").url
        process.arguments = ["answered"] + names
        process.environment = ProcessInfo.processInfo.environment.merging(
            environment.merging(["RELAY_DEPENDENCIES": "type=greeter,factory=answeredGreeter"]) { $1 }
        ) { $1 }
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }

    /// What `pipe` carries until a line contains `text` or the pipe ends, read on a thread of its
    /// own (the fixture sleeps once it has greeted, until it is killed).
    func text(of pipe: Pipe, until text: String) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var read = ""
                while !read.contains(text) {
                    let data = pipe.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    read += String(decoding: data, as: UTF8.self)
                }
                continuation.resume(returning: read)
            }
        }
    }

    @Test("its stubs' calls are answered by the test, and journaled")
    func answeredOverTheEndpoint() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "greeting") { (name: String) in "Hi, \(name)" }
        let endpoint = try ProgramEndpoint(stubAnswers: answers)
        let (process, output, _) = try runAnswered(["Ann", "Bob"], environment: endpoint.environment)
        defer { if process.isRunning { process.terminate() } }
        let connection = try await withDeadline { try await endpoint.connection(timeout: .seconds(10)) }
        let printed = try await withDeadline { await text(of: output, until: "greeted") }
        connection.close()
        #expect(printed.contains("greeting Ann: Hi, Ann\n"), "\(printed)")
        #expect(printed.contains("greeting Bob: Hi, Bob\n"))
        #expect(try answers.journal.arguments(of: "greeter", "greeting", as: String.self) == ["Ann", "Bob"])
    }

    @Test("a wrong secret is refused: the program says so and runs without its test; the test gets no connection")
    func wrongSecret() async throws {
        let endpoint = try ProgramEndpoint(stubAnswers: StubAnswers())
        var environment = endpoint.environment
        let value = try #require(environment["RELAY_CONTROL_ENDPOINT"])
        let secret = try #require(value.split(separator: ";").first { $0.hasPrefix("secret=") })
        environment["RELAY_CONTROL_ENDPOINT"] = value.replacingOccurrences(
            of: String(secret), with: "secret=" + String(repeating: "x", count: 43))
        let (process, _, errors) = try runAnswered(["Ann"], environment: environment)
        defer { if process.isRunning { process.terminate() } }
        let error = await #expect(throws: ProgramEndpointError.self) {
            try await endpoint.connection(timeout: .seconds(1))
        }
        // The test's side says what it refused, and whom.
        #expect(endpoint.refusals == ["unknownSecret (from process \(process.processIdentifier))"])
        #expect(error?.description.contains("refused: unknownSecret") == true, "\(String(describing: error))")
        let said = try await withDeadline { await text(of: errors, until: "no test answers them here") }
        #expect(
            said.contains("Relay: no channel to the test: the test refused the connection (unknownSecret)"), "\(said)")
        // Without a test to answer it, the answered stub cannot be injected: a usage error, as ever.
        #expect(said.contains("no test answers them here"), "\(said)")
    }

    @Test("an endpoint takes one program: a second wait is refused")
    func oneProgram() async throws {
        let endpoint = try ProgramEndpoint(stubAnswers: StubAnswers())
        let (process, _, _) = try runAnswered(["Ann"], environment: endpoint.environment)
        defer { if process.isRunning { process.terminate() } }
        let connection = try await withDeadline { try await endpoint.connection(timeout: .seconds(10)) }
        defer { connection.close() }
        let error = await #expect(throws: ProgramEndpointError.self) {
            try await endpoint.connection(timeout: .seconds(1))
        }
        #expect(error?.description.contains("used already") == true)
    }

    @Test("it is re-wired, reset and given a session over its connection, as a launched program is")
    func commandsOverTheEndpoint() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "greeting") { (name: String) in "Hi, \(name), from the test" }
        let coverage = WiringCoverage()
        let endpoint = try ProgramEndpoint(stubAnswers: answers, wiringCoverage: coverage)
        let directory = try TemporaryDirectory()
        let process = Process()
        process.executableURL = try ProgramExecutable.product("RelayTestingFixture").url
        process.arguments = ["sessions", directory.url.path]
        process.environment = ProcessInfo.processInfo.environment.merging(endpoint.environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let output = CollectedOutput(pipe)
        let connection = try await withDeadline { try await endpoint.connection(timeout: .seconds(10)) }
        defer { connection.close() }
        #expect(connection.processIdentifier == process.processIdentifier)
        _ = try await output.wait(for: "global: Hello, Ann")

        // Re-wired: the program's own greeter is now the test's.
        let mark = output.mark
        try await connection.rewire([.init(type: "greeter", factory: "answeredGreeter")])
        _ = try await output.wait(for: "global: Hi, Ann, from the test", after: mark)
        try await connection.resetWiring()
        // A round that begins after the reset is done greets with the launch's wiring.
        _ = try await output.wait(for: "begins\nglobal: Hello, Ann", after: output.mark)

        // A session: its instructions reach only the work that carries its name.
        let sessionAnswers = StubAnswers()
        sessionAnswers.answer("greeter", "greeting") { (name: String) in "Welcome, \(name), to the session" }
        try await withSession(
            on: connection,
            [.init(type: "greeter", factory: "answeredGreeter")],
            stubAnswers: sessionAnswers
        ) { session in
            #expect(session.connection === connection)
            #expect(session.program == nil)
            try session.name.write(to: directory.file(named: "session"), atomically: true, encoding: .utf8)
            // In one round, the program's own work keeps its wiring and the session's is the test's.
            _ = try await output.wait(for: "global: Hello, Ann\nsession \(session.name): Welcome, Ann, to the session")
        }
        #expect(try sessionAnswers.journal.arguments(of: "greeter", "greeting", as: String.self).contains("Ann"))

        // The wiring account came over the connection: the session's greeter was built by the
        // test's answered stub, in the session.
        let account = try await connection.wiring()
        #expect(account.processIdentifier == process.processIdentifier)
        let inSession = account.resolutions.filter { $0.session != nil && $0.type == "Greeter" }
        #expect(inSession.contains { $0.injectedBy == "type=greeter,factory=answeredGreeter" }, "\(account)")
        // And into the coverage, with the session's: its one instruction was used.
        #expect(!coverage.report.description.contains("answeredGreeter"), "\(coverage.report)")

        // A refused command is the program's reason, as for a launched program.
        let refusal = await #expect(throws: ProgramSessionError.self) {
            try await connection.rewire([.init(type: "greeter", factory: "wordedFarewell")])
        }
        #expect(refusal?.code == .refused)

        // Closing records the program's own account, once, under its executable's name, beside
        // its session's: a factory key neither used is listed for 1 launch and 1 session.
        #expect(connection.programName == "RelayTestingFixture")
        connection.close()
        connection.close()
        #expect(
            coverage.report.description.contains(
                "RelayTestingFixture: factory key politeGreeter never used in 1 launch and 1 session"),
            "\(coverage.report)")
    }

    @Test("a launcher that passes only an environment gets it whole from the builder: instructions and endpoint")
    func builderEnvironment() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "greeting") { (name: String) in "Hey, \(name)" }
        let endpoint = try ProgramEndpoint(stubAnswers: answers)
        let builder = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: "greeter", factory: "answeredGreeter")
        ])
        let environment = try builder.environment(connectingTo: endpoint)
        #expect(environment["RELAY_DEPENDENCIES"] == "type=greeter,factory=answeredGreeter")
        #expect(environment["RELAY_CONTROL_ENDPOINT"] == endpoint.environment["RELAY_CONTROL_ENDPOINT"])
        #expect(environment["RELAY_LINE_BUFFERED_OUTPUT"] == "1")
        let process = Process()
        process.executableURL = try ProgramExecutable.product("RelayTestingFixture").url
        process.arguments = ["answered", "Cy"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let connection = try await withDeadline { try await endpoint.connection(timeout: .seconds(10)) }
        defer { connection.close() }
        let printed = try await withDeadline { await text(of: output, until: "greeted") }
        #expect(printed.contains("greeting Cy: Hey, Cy\n"), "\(printed)")
    }

    @Test(
        "a launcher that names an endpoint launches an answered stub: the endpoint answers, so the pre-launch check lets it"
    )
    func launcherWithEndpoint() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "greeting") { (name: String) in "Howdy, \(name)" }
        let endpoint = try ProgramEndpoint(stubAnswers: answers)
        // A copy of the fixture: the launcher asks a program for its index once per executable
        // file, and the fixture's other modes have other indices.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let copy = directory.file(named: "answered-fixture")
        try FileManager.default.copyItem(at: try ProgramExecutable.product("RelayTestingFixture").url, to: copy)
        var launcher = ProgramLauncher(
            executable: ProgramExecutable(path: copy.path), arguments: ["answered", "Eve"],
            dependencyInstructions: ["type=greeter,factory=answeredGreeter"],
            readiness: .outputLine(containing: "greeted"))
        launcher.checksInstructionsBeforeLaunch = true
        // Without an endpoint or answers, nothing would answer: refused before the program starts.
        let refused = await #expect(throws: ProgramLaunchError.self) {
            try await withLaunchedProgram(launcher) { _ in }
        }
        #expect(refused?.code == .instructionRejected)
        launcher.environment.merge(endpoint.environment) { $1 }
        // Accepted while the program starts: it connects when its parser runs.
        async let connection = endpoint.connection(timeout: .seconds(20))
        let withEndpoint = launcher
        try await withDeadline {
            try await withLaunchedProgram(withEndpoint) { program in
                #expect(program.standardOutput.contains("greeting Eve: Howdy, Eve"), "\(program.standardOutput)")
            }
        }
        #expect(try await connection.programName == "answered-fixture")
    }

    @Test("over a Unix socket in a directory only this user enters, which goes with the endpoint")
    func unixSocket() async throws {
        let answers = StubAnswers()
        answers.answer("greeter", "greeting") { (name: String) in "Hello by socket, \(name)" }
        let directory = try await Self.greetOverUnixSocket(answers)
        // The endpoint is gone: so is its socket's directory.
        #expect(!FileManager.default.fileExists(atPath: directory.path), "\(directory.path) is left")
    }

    /// Greets Fay over a Unix socket endpoint, which ends with this function; its directory.
    private static func greetOverUnixSocket(_ answers: StubAnswers) async throws -> URL {
        let endpoint = try ProgramEndpoint(stubAnswers: answers, listening: .unixSocket)
        let value = try #require(endpoint.environment["RELAY_CONTROL_ENDPOINT"])
        let path = try #require(value.split(separator: ";").first { $0.hasPrefix("unix=") }?.dropFirst(5))
        let directory = URL(fileURLWithPath: String(path)).deletingLastPathComponent()
        let permissions = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
        #expect(permissions == 0o700)
        let (process, output, _) = try ProgramEndpointTests().runAnswered(["Fay"], environment: endpoint.environment)
        defer { if process.isRunning { process.terminate() } }
        let connection = try await withDeadline { try await endpoint.connection(timeout: .seconds(10)) }
        let printed = try await withDeadline { await ProgramEndpointTests().text(of: output, until: "greeted") }
        connection.close()
        #expect(printed.contains("greeting Fay: Hello by socket, Fay\n"), "\(printed)")
        return directory
    }
}
