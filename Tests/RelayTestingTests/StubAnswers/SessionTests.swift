import Foundation
import Relay
import RelayTestSupport
import RelayTesting
import Testing

/// The fixture's `sessions` mode greets Ann every 20 ms from the program's wiring, and in the
/// session named by a file the test writes, in rounds that a test can wait for; see
/// Tests/RelayTestingFixture/SessionFixture.swift.
@Suite("Re-wiring a launched program, and sessions in it")
struct SessionTests {
    static let polite = DependencyInstructionLaunchArgument(type: "greeter", factory: "politeGreeter")
    static let answered = DependencyInstructionLaunchArgument(type: "greeter", factory: "answeredGreeter")

    private func withProgram(
        _ body: @escaping @Sendable (LaunchedProgram, TemporaryDirectory) async throws -> Void
    ) async throws {
        try await withDeadline {
            try await withTemporaryDirectory(prefix: "sessions") { directory in
                var launcher = try fixture(
                    ["sessions", directory.url.path], readiness: .outputLine(containing: "ready"))
                launcher.opensControlChannel = true
                try await withLaunchedProgram(launcher) { program in try await body(program, directory) }
            }
        }
    }

    /// Names `session` in the file the fixture reads, and waits for the line it then writes.
    private func watch(_ name: String, in directory: TemporaryDirectory, _ program: LaunchedProgram, for text: String)
        async throws
    {
        try name.write(to: directory.file(named: "session"), atomically: true, encoding: .utf8)
        _ = try await program.waitForOutput(containing: text, timeout: .seconds(10))
    }

    @Test("a re-wired program resolves from the new factory, and a reset puts the launch's back")
    func rewireAndReset() async throws {
        try await withProgram { program, _ in
            _ = try await program.waitForOutput(containing: "global: Hello, Ann")
            try await program.rewire([Self.polite])
            _ = try await program.waitForOutput(containing: "global: Good day, Ann")
            try await program.resetWiring()
            // The launch's greeter greets again, in a round the program began after the reset.
            let round = try await SessionFixtureRounds.nextWholeRound(of: program)
            #expect(round.contains("global: Hello, Ann"), "\(round)")
        }
    }

    @Test("a re-wiring that does not check is refused whole, naming the instruction")
    func rewireRefused() async throws {
        try await withProgram { program, _ in
            let error = await #expect(throws: ProgramSessionError.self) {
                try await program.rewire([Self.polite, .init(type: "greeter", factory: "rudeGreeter")])
            }
            #expect(error?.code == .refused)
            #expect(error?.description.contains("refused to re-wire: Unknown factory key 'rudeGreeter'") == true)
            // Nothing applied: the polite greeter, which checked, is not in place either. A round the
            // program began after the refusal greets with the launch's greeter, and none greeted
            // with the polite one before it.
            let round = try await SessionFixtureRounds.nextWholeRound(of: program)
            #expect(round.contains("global: Hello, Ann"), "\(round)")
            #expect(!program.standardOutput.contains("Good day"))
        }
    }

    @Test("a session's work sees its instructions, the program's does not; an ended session is refused")
    func sessions() async throws {
        try await withProgram { program, directory in
            let session = try await program.openSession([Self.polite])
            try await watch(session.name, in: directory, program, for: "session \(session.name): Good day, Ann")
            #expect(!program.standardOutput.contains("global: Good day"))
            try await session.end()
            _ = try await program.waitForOutput(containing: "refused \(session.name): no session '\(session.name)'")
            // The session's greeter was built in the session, and torn down as it ended.
            #expect(program.standardError.contains("polite greeter torn down"))
        }
    }

    @Test("each session answers its own stubs")
    func sessionStubAnswers() async throws {
        try await withProgram { program, directory in
            let first = StubAnswers()
            first.answer("greeter", "greeting") { (name: String) in "first session greets \(name)" }
            let second = StubAnswers()
            second.answer("greeter", "greeting") { (name: String) in "second session greets \(name)" }
            try await withSession(on: program, [Self.answered], stubAnswers: first) { one in
                try await withSession(on: program, [Self.answered], stubAnswers: second) { two in
                    try await watch(
                        one.name, in: directory, program, for: "session \(one.name): first session greets Ann")
                    try await watch(
                        two.name, in: directory, program, for: "session \(two.name): second session greets Ann")
                }
            }
            #expect(first.journal.calls(to: "greeter").allSatisfy { $0.argument == #""Ann""# })
            #expect(!first.journal.entries.isEmpty && !second.journal.entries.isEmpty)
        }
    }

    @Test("forged, oversized and unknown session names are refused; without a channel, names mean nothing")
    func badNames() async throws {
        try await withProgram { program, directory in
            try await watch("feedface", in: directory, program, for: "refused feedface: no session 'feedface' is open")
            let long = String(repeating: "a", count: 65)
            try await watch(long, in: directory, program, for: "is not a session name: a name has 1 to 64 bytes")
        }
        try await withDeadline {
            try await withTemporaryDirectory(prefix: "sessions") { directory in
                let launcher = try fixture(
                    ["sessions", directory.url.path], readiness: .outputLine(containing: "ready"))
                try await withLaunchedProgram(launcher) { program in
                    try "feedface".write(to: directory.file(named: "session"), atomically: true, encoding: .utf8)
                    _ = try await program.waitForOutput(containing: "not accepted feedface")
                    let error = await #expect(throws: ProgramSessionError.self) { try await program.openSession() }
                    #expect(error?.code == .noChannel)
                }
            }
        }
    }

    @Test("a session in a program where nothing reads sessions fails as it opens, naming the fix")
    func noSessionReader() async throws {
        try await withDeadline {
            // The wiring fixture parses instructions and takes commands, but reads no session.
            var launcher = try fixture(["wiring", "--stay"], readiness: .outputLine(containing: "ready"))
            launcher.opensControlChannel = true
            try await withLaunchedProgram(launcher) { program in
                let clock = DependencyInstructionLaunchArgument(type: "clock", factory: "fixedClock")
                let error = await #expect(throws: ProgramSessionError.self) { try await program.openSession([clock]) }
                #expect(error?.code == .noSessionReader)
                #expect(
                    error?.description.wholeMatch(
                        of:
                            #/RelayTestingFixture cannot open session '[0-9a-f]{32}': nothing in it reads the Relay-Session header, so every request would be served from the program's own wiring and never the session's\. Add RelayHummingbird's UnitOfWorkMiddleware\(container:\) to its router, or call RelayVapor's app\.useRelay\(_:\); a program that runs work in sessions itself \(DependencySession\.lookup and run\) declares it at start-up with DependencySession\.declareReader\(_:in:\)/#
                    ) != nil, "\(String(describing: error))")
                // Re-wiring needs no reader: it changes what every request sees.
                try await program.rewire([clock])
            }
        }
    }

    @Test("a program that never opens its end of the channel fails a command in bounded time")
    func programWithoutParser() async throws {
        try await withDeadline {
            var launcher = try fixture(["sleep"], readiness: .outputLine(containing: "sleeping"))
            launcher.opensControlChannel = true
            launcher.commandTimeLimit = .milliseconds(300)
            try await withLaunchedProgram(launcher) { program in
                let error = await #expect(throws: ProgramSessionError.self) { try await program.openSession() }
                #expect(error?.code == .noAnswer)
                #expect(error?.description.contains("does it run Relay's InjectDependenciesArgumentParser") == true)
            }
        }
    }

    @Test("a session's answered stub with no answers given fails its calls, and ending the session says so")
    func sessionWithoutAnswers() async throws {
        try await withProgram { program, directory in
            let session = try await program.openSession([Self.answered])
            try await watch(session.name, in: directory, program, for: "session \(session.name): error: ")
            let error = await #expect(throws: ProgramSessionError.self) { try await session.end() }
            #expect(error?.code == .unansweredStubCalls)
            #expect(error?.description.contains(#"greeter.greeting("Ann")"#) == true)
        }
    }
}
