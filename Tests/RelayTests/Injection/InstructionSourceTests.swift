import Relay
import Testing

@Suite("Reading instructions from arguments and the environment")
struct InstructionSourceTests {
    let clock = DependencyInjectionInstruction(type: "clock", factory: "fixed")
    let store = DependencyInjectionInstruction(type: "store", factory: "memory", scope: "s")

    @Test(
        "every form of the option is read, and other arguments are left alone",
        arguments: [
            ["-d", "type=clock,factory=fixed", "--dependency", "type=store,factory=memory,scope=s"],
            ["--dependency=type=clock,factory=fixed", "-d", "type=store,factory=memory,scope=s"],
            [
                "--port", "80", "-d", "type=clock,factory=fixed", "-v",
                "--dependency=type=store,factory=memory,scope=s", "x",
            ],
        ])
    func readsEveryFormAndLeavesOtherArgumentsAlone(arguments: [String]) throws {
        #expect(try InstructionSource.instructions(inArguments: arguments) == [clock, store])
    }

    @Test("a double dash ends the scan")
    func aDoubleDashEndsTheScan() throws {
        let arguments = ["-d", "type=clock,factory=fixed", "--", "-d", "not=an,instruction"]
        #expect(try InstructionSource.instructions(inArguments: arguments) == [clock])
    }

    @Test("no instructions reads as none")
    func noInstructionsIsEmpty() throws {
        #expect(try InstructionSource.instructions(inArguments: ["--port", "80"]).isEmpty)
        #expect(try InstructionSource.instructions(inEnvironment: ["PATH": "/bin"]).isEmpty)
    }

    @Test(
        "an option without an instruction is an error",
        arguments: [
            (["-d"], "-d"),
            (["--dependency"], "--dependency"),
            (["--dependency="], "--dependency="),
            (["-d", "--port"], "-d"),
            (["--dependency", "-d", "type=a,factory=b"], "--dependency"),
            (["-d", "type=a,factory=b", "-d"], "-d"),
        ])
    func anOptionWithoutAnInstructionIsAnError(arguments: [String], option: String) throws {
        let error = try #require(throws: DependencyInjectionInstructionError.self) {
            try InstructionSource.instructions(inArguments: arguments)
        }
        #expect(error.code == .missingInstruction)
        #expect(error.token == option)
        #expect(
            error.description == """
                Invalid dependency instruction '\(option)': '\(option)' must be followed by an instruction.
                  expected: type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=<lifecycle>]
                """)
    }

    @Test(
        "removing the instructions leaves the program's own arguments, in order",
        arguments: [
            (
                ["app", "serve", "-d", "type=clock,factory=fixed", "--port", "8080"],
                ["app", "serve", "--port", "8080"]
            ),
            (
                ["app", "--dependency=type=a,factory=b", "routes", "--dependency", "type=c,factory=d", "--env", "dev"],
                ["app", "routes", "--env", "dev"]
            ),
            (["app", "serve", "--", "-d", "type=a,factory=b"], ["app", "serve", "--", "-d", "type=a,factory=b"]),
            (["app"], ["app"]),
        ])
    func removingInstructionsKeepsTheRest(arguments: [String], kept: [String]) throws {
        #expect(try InstructionSource.arguments(removingInstructionsFrom: arguments) == kept)
    }

    @Test(
        "removing instructions refuses an option without one, as reading does",
        arguments: [["app", "-d"], ["app", "--dependency=", "serve"], ["app", "--dependency", "--port", "80"]])
    func removingInstructionsRefusesAnOptionWithoutOne(arguments: [String]) throws {
        let error = try #require(throws: DependencyInjectionInstructionError.self) {
            try InstructionSource.arguments(removingInstructionsFrom: arguments)
        }
        #expect(error.code == .missingInstruction)
        #expect(throws: DependencyInjectionInstructionError.self) {
            try InstructionSource.instructions(inArguments: arguments.dropFirst())
        }
    }

    @Test("a malformed argument is an error")
    func aMalformedArgumentIsAnError() throws {
        let error = try #require(throws: DependencyInjectionInstructionError.self) {
            try InstructionSource.instructions(inArguments: ["-d", "type=a,factory=b", "-d", "type=a=b"])
        }
        #expect(error.code == .extraEquals)
        #expect(error.token == "type=a=b")
    }

    @Test(
        "the environment's instructions are separated by semicolons or lines",
        arguments: [
            "type=clock,factory=fixed;type=store,factory=memory,scope=s",
            "type=clock,factory=fixed\ntype=store,factory=memory,scope=s\n",
            " type=clock,factory=fixed ; type=store,factory=memory,scope=s ;",
            ";;type=clock,factory=fixed;\r\ntype=store,factory=memory,scope=s",
        ])
    func readsTheEnvironmentSeparatedBySemicolonsOrLines(value: String) throws {
        let environment = ["RELAY_DEPENDENCIES": value, "HOME": "/root"]
        #expect(try InstructionSource.instructions(inEnvironment: environment) == [clock, store])
    }

    @Test("a malformed environment value is an error")
    func aMalformedEnvironmentValueIsAnError() throws {
        let error = try #require(throws: DependencyInjectionInstructionError.self) {
            try InstructionSource.instructions(inEnvironment: ["RELAY_DEPENDENCIES": "type=a,factory=b;type=c"])
        }
        #expect(error.code == .missingFactory)
        #expect(error.input == "type=c")
    }

    @Test("the environment value round-trips")
    func theEnvironmentValueRoundTrips() throws {
        let value = try InstructionSource.environmentValue(for: [clock, store])
        #expect(value == "type=clock,factory=fixed;type=store,factory=memory,scope=s")
        #expect(try InstructionSource.instructions(inEnvironment: ["RELAY_DEPENDENCIES": value]) == [clock, store])
    }
}
