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
        #expect(report.unresolvedRegistrations == ["shelf: registration Report in global never resolved"])
        // memoryStore was named by the session's instruction, even though nothing resolved it.
        #expect(report.unusedFactoryKeys == ["shelf: factory key auditLog never used"])
        #expect(
            report.unusedInstructions == [
                "shelf: instruction type=store,factory=memoryStore (session 01234567…) never resolved"
            ])
        #expect(report.description.hasPrefix("Never exercised in this run:\n  shelf: instruction"))
        coverage.reset()
        #expect(coverage.report.isEmpty)
    }

    @Test("an instruction nothing resolved fails the launch's test when the launcher rejects unused ones")
    func strictLaunch() async throws {
        let auditor = "type=auditor,factory=auditLog"
        try await withDeadline {
            var launcher = try fixture(
                ["wiring", "--allow-unregistered"], instructions: ["type=store,factory=memoryStore", auditor])
            launcher.rejectsUnusedInstructions = true
            let error = await #expect(throws: ProgramLaunchError.self) {
                try await withLaunchedProgram(launcher) { program in _ = try await program.waitForExit() }
            }
            #expect(error?.code == .unusedInstructions)
            #expect(error?.summary.contains("resolved nothing that this instruction registered: \(auditor)") == true)
        }
        #expect(WiringCoverage.shared.report.unusedInstructions.contains { $0.contains("\(auditor) (launch)") })
    }

    @Test("a session whose instructions nothing resolved fails as it ends, when the launcher rejects unused ones")
    func strictSession() async throws {
        try await withDeadline {
            try await withTemporaryDirectory(prefix: "coverage") { directory in
                var launcher = try fixture(
                    ["sessions", directory.url.path], readiness: .outputLine(containing: "ready"))
                launcher.rejectsUnusedInstructions = true
                launcher.opensControlChannel = true
                let answers = StubAnswers()
                answers.answer("greeter", "count") { 1 }
                try await withLaunchedProgram(launcher) { program in
                    // Nothing names the session: its greeter is never resolved.
                    let session = try await program.openSession(
                        [.init(type: "greeter", factory: "politeGreeter")], stubAnswers: answers)
                    let error = await #expect(throws: ProgramSessionError.self) { try await session.end() }
                    #expect(error?.code == .unusedInstructions)
                    #expect(error?.description.contains("type=greeter,factory=politeGreeter") == true)
                }
                #expect(
                    WiringCoverage.shared.report.unaskedStubAnswers.contains {
                        $0.hasPrefix("stub answer greeter.count (session")
                    })
            }
        }
    }
}
