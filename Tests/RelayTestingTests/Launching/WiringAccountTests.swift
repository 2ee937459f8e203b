import Foundation
import RelayTestSupport
import RelayTesting
import Testing

/// The fixture's `wiring` mode registers a clock, a store and a transient report in global, a
/// report in `nightly`, and resolves a report in each; see Tests/RelayTestingFixture.
@Suite("Reading what a launched program wired")
struct WiringAccountTests {
    static let nightly = DependencyContainerScope("nightly")
    static let nightlyClock = "type=clock,factory=fixedClock,scope=nightly"
    static let memoryStore = "type=store,factory=memoryStore"

    /// Runs the fixture's `wiring` mode with `instructions` to its end, and reads its account.
    private func wiringAfterExit(
        _ instructions: [String],
        arguments: [String] = []
    ) async throws -> (WiringAccount, ProgramExit) {
        try await withDeadline {
            let launcher = try fixture(["wiring"] + arguments, instructions: instructions)
            return try await withLaunchedProgram(launcher) { program in
                let exit = try await program.waitForExit()
                return (try await program.wiring(), exit)
            }
        }
    }

    @Test("the account names each instruction, what it replaced, and what its factory built")
    func injections() async throws {
        let (wiring, exit) = try await wiringAfterExit([Self.nightlyClock, Self.memoryStore])
        #expect(exit == .exited(status: 0), "\(exit.standardError)")

        #expect(wiring.injections.map(\.instruction) == [Self.nightlyClock, Self.memoryStore])
        let clock = try #require(wiring.injection(for: "clock", scope: Self.nightly))
        #expect(
            clock
                == InjectedDependency(
                    typeKey: "clock", factoryKey: "fixedClock", scope: Self.nightly, lifecycle: .singleton,
                    instruction: Self.nightlyClock, type: "Clock", instanceTypes: ["FixedClock"]))
        #expect(wiring.injection(for: "clock") == nil, "the clock was injected in nightly only")
        #expect(wiring.injection(for: "store")?.instanceTypes == ["MemoryStore"])
        #expect(wiring.typeKeys == ["clock": "Clock", "store": "Store", "auditor": "Auditor"])
    }

    @Test("each resolve says where it was asked, which registration answered, and what it returned")
    func resolutions() async throws {
        let (wiring, _) = try await wiringAfterExit([Self.nightlyClock, Self.memoryStore])

        // In nightly, the clock comes from the scope's own (injected) registration; the store
        // falls back to global, where the store was injected too.
        #expect(
            wiring.resolved("clock", in: Self.nightly)
                == ResolvedDependency(
                    type: "Clock", scope: Self.nightly, registeredIn: Self.nightly, lifecycle: .singleton,
                    injectedBy: Self.nightlyClock, instanceType: "FixedClock", outcome: .built,
                    requestedBy: "nightly/Report"))
        let nightlyStore = try #require(wiring.resolved("store", in: Self.nightly))
        #expect(nightlyStore.registeredIn == .global)
        #expect(nightlyStore.instanceType == "MemoryStore")
        #expect(nightlyStore.injectedBy == Self.memoryStore)

        // In global, the program's own clock.
        let clock = try #require(wiring.resolved("clock"))
        #expect(clock.instanceType == "SystemClock")
        #expect(clock.injectedBy == nil)
        #expect(clock.requestedBy == "global/Report")

        let reports = wiring.resolutions.filter { $0.type == "Report" }
        #expect(reports.map(\.scope) == [.global, Self.nightly])
        #expect(reports.allSatisfy { $0.requestedBy == nil && $0.outcome == .built && $0.lifecycle == .transient })
    }

    @Test("the account's graph has the registrations and the edges the factories were seen to follow")
    func graph() async throws {
        let (wiring, _) = try await wiringAfterExit([Self.nightlyClock])

        let graph = wiring.graph
        #expect(
            graph.nodes.map(\.id) == [
                "global/Clock", "global/Store", "global/Report", "nightly/Report", "nightly/Clock",
            ])
        #expect(graph.nodes.last?.injectedBy == Self.nightlyClock)
        #expect(
            graph.edges == [
                .init(from: "global/Report", to: "global/Clock"),
                .init(from: "global/Report", to: "global/Store"),
                .init(from: "nightly/Report", to: "global/Store"),
                .init(from: "nightly/Report", to: "nightly/Clock"),
            ])
    }

    @Test("a running program's account holds what it has done so far")
    func whileRunning() async throws {
        try await withDeadline {
            let launcher = try fixture(["wiring", "--stay"], readiness: .outputLine(containing: "ready"))
            try await withLaunchedProgram(launcher) { program in
                let wiring = try await program.wiring()
                #expect(wiring.processIdentifier == program.processIdentifier)
                #expect(wiring.injections.isEmpty)
                #expect(wiring.resolved("store", in: Self.nightly)?.instanceType == "DiskStore")
                #expect(program.isRunning)
            }
        }
    }

    @Test("an instruction for a type the program never registered stops it, naming what is registered")
    func unregisteredTypeIsAnError() async throws {
        let (exit, wiring) = try await withDeadline {
            let launcher = try fixture(["wiring"], instructions: ["type=auditor,factory=auditLog,scope=nightly"])
            return try await withLaunchedProgram(launcher) { program in
                let exit = try await program.waitForExit()
                let wiring = await #expect(throws: ProgramLaunchError.self) { try await program.wiring() }
                return (exit, wiring)
            }
        }
        #expect(exit == .exited(status: 64))
        #expect(
            exit.standardError == """
                RelayTestingFixture: Instruction 'type=auditor,factory=auditLog,scope=nightly' would replace \
                'Auditor' (type key 'auditor') in scope 'nightly', but the program registered no \
                'Auditor' there, nor in global.
                  registered in scope 'nightly': Report
                  registered in global: Clock, Store, Report
                  to fix: correct the instruction's type key or scope, or register 'Auditor' before \
                injecting; to add types the program never registers, create the parser with \
                InjectDependenciesArgumentParser(allowsUnregisteredTypes: true)

                """)
        // Nothing was injected, so nothing was reported.
        #expect(wiring?.code == .wiringAccountUnavailable)
    }

    @Test("with the opt-out, an instruction may add a type the program never registered")
    func unregisteredTypeWithOptOut() async throws {
        let (wiring, exit) = try await wiringAfterExit(
            ["type=auditor,factory=auditLog"], arguments: ["--allow-unregistered"])
        #expect(exit == .exited(status: 0))
        #expect(wiring.injection(for: "auditor")?.type == "Auditor")
        #expect(
            wiring.registrations.first { $0.id == "global/Auditor" }?.injectedBy == "type=auditor,factory=auditLog")
    }

    @Test("a program that never runs the parser reports nothing, and the error says where it would")
    func noParser() async throws {
        let error = try await withDeadline {
            try await withLaunchedProgram(shell("exit 0")) { program in
                _ = try await program.waitForExit()
                return await #expect(throws: ProgramLaunchError.self) { try await program.wiring() }
            }
        }
        #expect(error?.code == .wiringAccountUnavailable)
        #expect(
            error?.summary
                == "sh ended without reporting its wiring; a program reports it when it runs Relay's "
                + "InjectDependenciesArgumentParser (CommandLine.parse(with:) or "
                + "DependencyInjectionOptions.inject(with:)) in a debug build, or with testHooks: .always: "
                + "check that this build does")
    }

    @Test("a program with the account attached resolves on the path a plain run takes")
    func theAccountLeavesTheResolvePathAlone() async throws {
        let (wiring, exit) = try await wiringAfterExit([Self.memoryStore])
        #expect(exit == .exited(status: 0), "\(exit.standardError)")
        #expect(wiring.resolved("store")?.instanceType == "MemoryStore", "the account was written")
        #expect(exit.standardOutput.contains("slow path: shut"), "\(exit.standardOutput)")
    }

    @Test("a parser whose test hooks are closed writes no account, though the launcher names one")
    func closedTestHooksWriteNoAccount() async throws {
        let error = try await withDeadline {
            let launcher = try fixture(["wiring", "--no-test-hooks"], instructions: [Self.memoryStore])
            return try await withLaunchedProgram(launcher) { program in
                let exit = try await program.waitForExit()
                #expect(exit == .exited(status: 0), "\(exit.standardError)")
                #expect(exit.standardOutput.contains("MemoryStore"), "the instruction still applied")
                return await #expect(throws: ProgramLaunchError.self) { try await program.wiring() }
            }
        }
        #expect(error?.code == .wiringAccountUnavailable)
    }

    @Test("a program that does not report in time fails the read, and keeps running")
    func timesOut() async throws {
        try await withDeadline {
            try await withLaunchedProgram(shell("echo ready; sleep 30", readiness: .outputLine(containing: "ready"))) {
                program in
                let error = await #expect(throws: ProgramLaunchError.self) {
                    try await program.wiring(timeout: .milliseconds(100))
                }
                #expect(error?.code == .wiringAccountUnavailable)
                #expect(error?.summary.hasPrefix("sh reported no wiring within 0.1 seconds; ") == true)
                #expect(program.isRunning)
            }
        }
    }

    @Test("a program that opens a file of its own as descriptor 3 gets no account lines in it")
    func descriptorReused() async throws {
        try await withTemporaryDirectory(prefix: "wiring") { directory in
            let ownFile = directory.file(named: "own.log")
            let (wiring, exit) = try await wiringAfterExit(
                [Self.memoryStore], arguments: ["--reuse-descriptor-3", ownFile.path])
            #expect(exit == .exited(status: 0), "\(exit.standardError)")
            // The resolves came after the swap: they went nowhere, and the program's file is untouched.
            #expect(try Data(contentsOf: ownFile).isEmpty)
            #expect(wiring.injections.map(\.instruction) == [Self.memoryStore])
            #expect(wiring.resolutions.isEmpty)
        }
    }

    @Test("the program gets the account's file as descriptor 3, named in RELAY_WIRING_ACCOUNT")
    func channel() async throws {
        let script = #"echo "${RELAY_WIRING_ACCOUNT:-unset}"; [ -e /dev/fd/3 ] && echo open || echo closed"#
        let output = try await withDeadline {
            try await withLaunchedProgram(shell(script)) { try await $0.waitForExit().standardOutput }
        }
        let lines = output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("3:") == true)
        #expect(lines.last == "open")
    }

    @Test("a launcher that collects no account hands the program nothing")
    func notCollected() async throws {
        var launcher = shell(#"echo "${RELAY_WIRING_ACCOUNT:-unset}"; [ -e /dev/fd/3 ] && echo open || echo closed"#)
        launcher.collectsWiringAccount = false
        let (output, error) = try await withDeadline { [launcher] in
            try await withLaunchedProgram(launcher) { program in
                let output = try await program.waitForExit().standardOutput
                return (output, await #expect(throws: ProgramLaunchError.self) { try await program.wiring() })
            }
        }
        #expect(output == "unset\nclosed\n")
        #expect(
            error?.summary
                == "sh was launched without a wiring account; leave the launcher's collectsWiringAccount true")
    }
}
