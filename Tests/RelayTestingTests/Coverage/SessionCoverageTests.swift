import Foundation
import Relay
import RelayTestSupport
import RelayTesting
import Testing

/// Strict mode and the coverage report with sessions: the fixture's `sessions` mode greets Ann in
/// the session a file names, and bids her farewell there (only sessions resolve the farewell); see
/// Tests/RelayTestingFixture/SessionFixture.swift.
@Suite("What sessions resolved counts")
struct SessionCoverageTests {
    static let answered = DependencyInstructionLaunchArgument(type: "greeter", factory: "answeredGreeter")

    /// A farewell instruction no other test gives: its configuration carries `word`.
    static func farewell(_ word: String) throws -> DependencyInstructionLaunchArgument {
        try DependencyInstructionLaunchArgument(
            type: "farewell", factory: "wordedFarewell", configuration: ["word": word])
    }

    private func withProgram(
        instructions: [DependencyInstructionLaunchArgument] = [],
        coverage: WiringCoverage,
        _ body: @escaping @Sendable (LaunchedProgram, TemporaryDirectory) async throws -> Void
    ) async throws {
        try await withDeadline {
            try await withTemporaryDirectory(prefix: "session-coverage") { directory in
                var launcher = try fixture(
                    ["sessions", directory.url.path], readiness: .outputLine(containing: "ready"))
                launcher.opensControlChannel = true
                launcher.rejectsUnusedInstructions = true
                launcher.wiringCoverage = coverage
                try launcher.inject(instructions)
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

    @Test("a session whose stub answered ends, strict, and its instruction is not reported unused")
    func answeredStubInStrictSession() async throws {
        let coverage = WiringCoverage()
        try await withProgram(coverage: coverage) { program, directory in
            // The same instruction in two sessions, one after the other: each resolves its own.
            for round in 1...2 {
                let answers = StubAnswers()
                answers.answer("greeter", "greeting") { (name: String) in "round \(round) greets \(name)" }
                let session = try await program.openSession([Self.answered], stubAnswers: answers)
                try await watch(session.name, in: directory, program, for: "session \(session.name): round \(round)")
                try await session.end()
            }
        }
        let report = coverage.report
        #expect(report.unusedInstructions == [], "\(report)")
        #expect(report.unaskedStubAnswers == [], "\(report)")
    }

    @Test("a launch instruction used only in a session is used: the strict launch passes")
    func launchInstructionUsedInSession() async throws {
        let coverage = WiringCoverage()
        try await withProgram(instructions: [try Self.farewell("Cheerio")], coverage: coverage) { program, directory in
            let session = try await program.openSession()
            try await watch(session.name, in: directory, program, for: "farewell \(session.name): Cheerio, Ann")
            // The account says whose resolve it was, and which instruction made what answered.
            let farewell = try #require(try await program.wiring().resolutions(of: "farewell").first)
            #expect(farewell.session == session.name)
            #expect(farewell.injectedBy == (try Self.farewell("Cheerio")).instruction.description)
            try await session.end()
        }
        let report = coverage.report
        #expect(report.unusedInstructions == [], "\(report)")
        // The program's own farewell was never resolved: the launch's replaced it everywhere.
        #expect(report.unresolvedRegistrations == [], "\(report)")
    }

    @Test("an unused instruction of a session is one line, its configuration decoded")
    func unusedInSessionReport() async throws {
        let coverage = WiringCoverage()
        try await withProgram(coverage: coverage) { program, _ in
            // Nothing names the sessions: their farewells are never resolved.
            for _ in 1...3 {
                let session = try await program.openSession([try Self.farewell("Bye, then")])
                let error = await #expect(throws: ProgramSessionError.self) { try await session.end() }
                #expect(
                    error?.description
                        == "RelayTestingFixture's session resolved nothing that these instructions registered: "
                        + #"type=farewell,factory=wordedFarewell,configuration={"word":"Bye, then"}. The test "#
                        + "never exercised what they replaced: drop them, or test what they stand for")
            }
        }
        let lines = coverage.report.unusedInstructions
        #expect(lines.count == 1, "\(lines)")
        #expect(
            lines.first?.hasPrefix(
                #"RelayTestingFixture: instruction type=farewell,factory=wordedFarewell,configuration={"word":"Bye, then"} "#
                    + "never resolved in 3 of 3 sessions (") == true, "\(lines)")
    }
}
