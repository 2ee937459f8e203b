import Foundation
import Relay
import RelayTestSupport
import RelayTesting
import Testing

@Suite("What a run never exercised")
struct WiringCoverageTests {
    /// A registration node, as a program's account lists it.
    private func node(_ type: String, in scope: String = "global") throws -> DependencyGraph.Node {
        let json = #"{"id":"\#(scope)/\#(type)","scope":"\#(scope)","type":"\#(type)","lifecycle":"singleton"}"#
        return try JSONDecoder().decode(DependencyGraph.Node.self, from: Data(json.utf8))
    }

    private func resolution(_ type: String, injectedBy: String? = nil, session: String? = nil) -> ResolvedDependency {
        ResolvedDependency(
            type: type, scope: .global, registeredIn: .global, lifecycle: .singleton, injectedBy: injectedBy,
            instanceType: type, outcome: .built, requestedBy: nil, session: session)
    }

    @Test("launches merge: a registration one launch resolved and another did not counts as exercised")
    func mergedLaunches() throws {
        let coverage = WiringCoverage()
        let clock = "type=clock,factory=fixedClock"
        let registrations = [try node("Clock"), try node("Store"), try node("Report")]
        coverage.recordLaunch(
            WiringAccount(
                processIdentifier: 1,
                injections: [
                    InjectedDependency(
                        typeKey: "clock", factoryKey: "fixedClock", scope: .global, lifecycle: .singleton,
                        instruction: clock, type: "Clock")
                ],
                registrations: registrations, resolutions: [resolution("Clock", injectedBy: clock)], typeKeys: [:],
                factoryKeys: ["fixedClock", "memoryStore", "auditLog"]),
            program: "shelf", stubAnswers: nil)
        coverage.recordLaunch(
            WiringAccount(
                processIdentifier: 2, injections: [], registrations: registrations,
                resolutions: [resolution("Store")], typeKeys: [:],
                factoryKeys: ["fixedClock", "memoryStore", "auditLog"]),
            program: "shelf", stubAnswers: nil)
        let unused = coverage.recordSession(
            "0123456789abcdef",
            instructions: [try DependencyInjectionInstruction(parsing: "type=store,factory=memoryStore")],
            account: WiringAccount(
                processIdentifier: 2, injections: [], registrations: registrations, resolutions: [], typeKeys: [:]),
            program: "shelf", stubAnswers: nil)
        #expect(unused == ["type=store,factory=memoryStore"])

        let report = coverage.report
        #expect(
            report.unresolvedRegistrations == [
                "shelf: registration Report in global never resolved in 2 launches and 1 session"
            ])
        // memoryStore was named by the session's instruction, even though nothing resolved it.
        #expect(report.unusedFactoryKeys == ["shelf: factory key auditLog never used in 2 launches and 1 session"])
        #expect(
            report.unusedInstructions == [
                "shelf: instruction type=store,factory=memoryStore never resolved in 1 of 1 session (01234567…)"
            ])
        #expect(
            report.description == """
                Never exercised in this run:
                  shelf: instruction type=store,factory=memoryStore never resolved in 1 of 1 session (01234567…)
                  shelf: factory key auditLog never used in 2 launches and 1 session
                  shelf: registration Report in global never resolved in 2 launches and 1 session
                """)
        coverage.reset()
        #expect(coverage.report.isEmpty)
    }

    @Test("one line per instruction and stub answer across sessions, counted, with the configuration decoded")
    func oneLinePerInstruction() throws {
        let coverage = WiringCoverage()
        let configured = try DependencyInstructionLaunchArgument(
            type: "farewell", factory: "wordedFarewell", configuration: ["word": "Cheerio, mate"]
        ).instruction
        let greeter = try DependencyInjectionInstruction(parsing: "type=greeter,factory=politeGreeter")
        #expect(configured.description.contains("%2C"), "the grammar carries the comma encoded")
        var resolutions: [ResolvedDependency] = []
        var sessions: [String] = []
        for index in 0..<20 {
            let session = String(format: "%08x", index) + String(repeating: "0", count: 24)
            sessions.append(session)
            // Every session resolves its greeter; only the first 15 their farewell.
            resolutions.append(resolution("Greeter", injectedBy: greeter.description, session: session))
            if index < 15 {
                resolutions.append(resolution("Farewell", injectedBy: configured.description, session: session))
            }
        }
        let account = WiringAccount(
            processIdentifier: 1, injections: [], registrations: [], resolutions: resolutions, typeKeys: [:])
        for session in sessions {
            let answers = StubAnswers()
            answers.answer("greeter", "count") { 1 }
            let unused = coverage.recordSession(
                session, instructions: [greeter, configured], account: account, program: "shelf", stubAnswers: answers)
            #expect(
                unused
                    == (session < sessions[15]
                        ? [] : [#"type=farewell,factory=wordedFarewell,configuration={"word":"Cheerio, mate"}"#]))
        }
        let report = coverage.report
        #expect(
            report.unusedInstructions == [
                #"shelf: instruction type=farewell,factory=wordedFarewell,configuration={"word":"Cheerio, mate"} "#
                    + "never resolved in 5 of 20 sessions (0000000f…, 00000010…, 00000011…, …)"
            ])
        #expect(
            report.unaskedStubAnswers == [
                "shelf: stub answer greeter.count never asked in 20 of 20 sessions (00000000…, 00000001…, 00000002…, …)"
            ])
    }

    @Test("an instruction nothing resolved fails the launch's test when the launcher rejects unused ones")
    func strictLaunch() async throws {
        let auditor = "type=auditor,factory=auditLog"
        let coverage = WiringCoverage()
        try await withDeadline {
            var launcher = try fixture(
                ["wiring", "--allow-unregistered"], instructions: ["type=store,factory=memoryStore", auditor])
            launcher.rejectsUnusedInstructions = true
            launcher.wiringCoverage = coverage
            let error = await #expect(throws: ProgramLaunchError.self) {
                try await withLaunchedProgram(launcher) { program in _ = try await program.waitForExit() }
            }
            #expect(error?.code == .unusedInstructions)
            #expect(error?.summary.contains("resolved nothing that this instruction registered: \(auditor)") == true)
        }
        #expect(
            coverage.report.unusedInstructions == [
                "RelayTestingFixture: instruction type=auditor,factory=auditLog never resolved in 1 of 1 launch"
            ])
    }

    @Test("a session whose instructions nothing resolved fails as it ends, when the launcher rejects unused ones")
    func strictSession() async throws {
        let coverage = WiringCoverage()
        try await withDeadline {
            try await withTemporaryDirectory(prefix: "coverage") { directory in
                var launcher = try fixture(
                    ["sessions", directory.url.path], readiness: .outputLine(containing: "ready"))
                launcher.rejectsUnusedInstructions = true
                launcher.opensControlChannel = true
                launcher.wiringCoverage = coverage
                let answers = StubAnswers()
                answers.answer("greeter", "count") { 1 }
                try await withLaunchedProgram(launcher) { program in
                    // Nothing names the session: its greeter is never resolved.
                    let session = try await program.openSession(
                        [.init(type: "greeter", factory: "politeGreeter")], stubAnswers: answers)
                    let error = await #expect(throws: ProgramSessionError.self) { try await session.end() }
                    #expect(error?.code == .unusedInstructions)
                    #expect(
                        error?.description == "RelayTestingFixture's session resolved nothing that these instructions "
                            + "registered: type=greeter,factory=politeGreeter. The test never exercised what they "
                            + "replaced: drop them, or test what they stand for")
                    #expect(
                        coverage.report.unaskedStubAnswers == [
                            "RelayTestingFixture: stub answer greeter.count never asked in 1 of 1 session "
                                + "(\(session.name.prefix(8))…)"
                        ])
                }
            }
        }
    }
}
