import Relay
import RelayTestSupport
import Testing

/// One bad input a user or a driver can give Relay, and the error it must produce.
struct BadInput: Sendable, CustomTestStringConvertible {
    enum Source: Sendable {
        /// A program's argument vector (after its name).
        case arguments([String])
        /// The value of RELAY_DEPENDENCIES.
        case environment(String)
        /// A driver building launch arguments.
        case launch([DependencyInstructionLaunchArgument])
    }

    let source: Source
    let code: String
    let token: String
    var allowedTypes: Set<DependencyTypeKey>? = nil

    var testDescription: String {
        switch source {
        case .arguments(let arguments): "arguments \(arguments) -> \(code) '\(token)'"
        case .environment(let value): "RELAY_DEPENDENCIES=\(value.debugDescription) -> \(code) '\(token)'"
        case .launch(let arguments): "launch \(arguments.map(\.instruction.description)) -> \(code) '\(token)'"
        }
    }
}

@Suite("A table of bad inputs")
struct BadInputTableTests {
    static let rows: [BadInput] =
        InstructionParsingTests.malformed.map { text, code, token in
            BadInput(source: .arguments(["-d", text]), code: code.description, token: token)
        } + [
            BadInput(source: .arguments(["-d"]), code: "missingInstruction", token: "-d"),
            BadInput(source: .arguments(["--dependency"]), code: "missingInstruction", token: "--dependency"),
            BadInput(source: .arguments(["--dependency="]), code: "missingInstruction", token: "--dependency="),
            BadInput(source: .arguments(["-d", "--port", "80"]), code: "missingInstruction", token: "-d"),
            BadInput(
                source: .arguments(["--dependency", "-d", "type=clock,factory=fixed"]), code: "missingInstruction",
                token: "--dependency"),
            BadInput(
                source: .arguments(["-d", "type=clock,factory=fixed", "-d", "type=clok,factory=fixed"]),
                code: "unknownTypeKey", token: "clok"),
            BadInput(
                source: .arguments(["-d", "type=clock,factory=fixd"]), code: "unknownFactoryKey", token: "fixd"),
            BadInput(
                source: .arguments(["-d", "type=bookStore,factory=fixed"]), code: "typeMismatch", token: "fixed"),
            BadInput(
                source: .arguments(["-d", "type=clock,factory=fixed", "-d", "type=store,factory=inMemory"]),
                code: "typeNotAllowed", token: "store", allowedTypes: [.clock]),
            BadInput(source: .environment("type=a=b,factory=c"), code: "extraEquals", token: "type=a=b"),
            BadInput(source: .environment("type=clock"), code: "missingFactory", token: "type=clock"),
            BadInput(
                source: .environment("type=clock,factory=fixed;;type=x,factory=fixed"), code: "unknownTypeKey",
                token: "x"),
            BadInput(
                source: .environment("type=clock,factory=fixed;lifecycle=weak,factory=fixed"), code: "missingType",
                token: "lifecycle=weak,factory=fixed"),
            BadInput(source: .environment("typo=clock,factory=fixed"), code: "unknownParameter", token: "typo"),
            BadInput(source: .environment(" ; type=clock,factory=fixed,scope="), code: "emptyValue", token: "scope="),
            BadInput(
                source: .environment("type=clock,factory=fixed\nfactory=x"), code: "missingType", token: "factory=x"),
            BadInput(
                source: .environment("type=clock,factory=fixed,lifecycle=sometimes"), code: "invalidLifecycle",
                token: "sometimes"),
            BadInput(
                source: .launch([.init(type: "clock=1", factory: .fixed)]), code: "unrepresentableValue",
                token: "clock=1"),
            BadInput(source: .launch([.init(type: .clock, factory: "")]), code: "unrepresentableValue", token: ""),
            BadInput(
                source: .launch([.init(type: .clock, factory: .fixed, scope: "a;b")]), code: "unrepresentableValue",
                token: "a;b"),
        ]

    @Test("the table has at least sixty rows")
    func theTableHasAtLeastSixtyRows() {
        #expect(Self.rows.count >= 60)
    }

    @Test("each bad input is a typed error quoting the token, and registers nothing", arguments: rows)
    func eachBadInputIsATypedErrorQuotingTheTokenAndRegistersNothing(row: BadInput) throws {
        let program = try DynamicProgram()
        let before = try program.snapshot()
        let parser = { (environment: [String: String]) in
            InjectDependenciesArgumentParser(
                index: program.index, container: program.container, allowedTypes: row.allowedTypes,
                environment: environment, report: .silent)
        }
        do {
            switch row.source {
            case .arguments(let arguments):
                try parser([:]).parse(arguments: ["app"] + arguments)
            case .environment(let value):
                try parser(["RELAY_DEPENDENCIES": value]).parse(arguments: ["app"])
            case .launch(let arguments):
                let built = try LaunchArgumentBuilder(arguments: arguments).build()
                try parser([:]).parse(arguments: ["app"] + built)
            }
            Issue.record("no error for \(row.testDescription)")
        } catch let error as DependencyInjectionInstructionError {
            #expect(error.code.description == row.code)
            #expect(error.token == row.token)
            #expect(!isQuotedVerbatim(row.token) || error.description.contains(row.token))
            #expect(isPrintable(error.description))
        } catch let error as DynamicDependencyIndexError {
            #expect(error.code.description == row.code)
            #expect(error.key == row.token)
            #expect(!isQuotedVerbatim(row.token) || error.description.contains("'\(row.token)'"))
            #expect(isPrintable(error.description))
        }
        #expect(try program.snapshot() == before)
    }
}
