import Relay
import RelayTestSupport
import Testing

@Suite("Parsing and rendering instructions")
struct InstructionParsingTests {
    @Test(
        "every valid form parses",
        arguments: [
            ("type=a,factory=b", DependencyInjectionInstruction(type: "a", factory: "b")),
            ("factory=b,type=a", DependencyInjectionInstruction(type: "a", factory: "b")),
            (" type = a , factory = b ", DependencyInjectionInstruction(type: "a", factory: "b")),
            ("type=a,factory=b,scope=s", DependencyInjectionInstruction(type: "a", factory: "b", scope: "s")),
            ("type=a,factory=b,scope=global", DependencyInjectionInstruction(type: "a", factory: "b", scope: .global)),
            (
                "type=a,factory=b,scope=s,lifecycle=transient",
                DependencyInjectionInstruction(type: "a", factory: "b", scope: "s", lifecycle: .transient)
            ),
            (
                "type=a,factory=b,lifecycle=SINGLETON",
                DependencyInjectionInstruction(type: "a", factory: "b", lifecycle: .singleton)
            ),
            (
                "type=a,factory=b,lifecycle=Weak",
                DependencyInjectionInstruction(type: "a", factory: "b", lifecycle: .weak)
            ),
            (
                "lifecycle=eagersingleton,type=a,factory=b",
                DependencyInjectionInstruction(type: "a", factory: "b", lifecycle: .eagerSingleton)
            ),
            ("type=my.Type,factory=stub-1", DependencyInjectionInstruction(type: "my.Type", factory: "stub-1")),
        ])
    func parsesEveryValidForm(text: String, expected: DependencyInjectionInstruction) throws {
        #expect(try DependencyInjectionInstruction(parsing: text) == expected)
    }

    @Test("every lifecycle of the core is accepted")
    func everyLifecycleOfTheCoreIsAccepted() throws {
        for lifecycle in LifecycleType.allCases {
            let parsed = try DependencyInjectionInstruction(parsing: "type=a,factory=b,lifecycle=\(lifecycle)")
            #expect(parsed.lifecycle == lifecycle)
        }
    }

    @Test("rendering writes the scope and the lifecycle only when set")
    func rendersScopeAndLifecycleOnlyWhenSet() throws {
        #expect(DependencyInjectionInstruction(type: "a", factory: "b").description == "type=a,factory=b")
        #expect(
            DependencyInjectionInstruction(type: "a", factory: "b", scope: "s", lifecycle: .eagerSingleton).description
                == "type=a,factory=b,scope=s,lifecycle=eagerSingleton")
        #expect(
            DependencyInjectionInstruction(type: "a", factory: "b", lifecycle: .weak).description
                == "type=a,factory=b,lifecycle=weak")
    }

    @Test("rendering then parsing gives back the same instruction")
    func renderThenParseGivesBackTheSameInstruction() throws {
        // Every combination of tags with awkward but legal characters, scopes and lifecycles.
        let tags = ["a", "backend.Service", "stub_56789", "with space", "ünïcødé", "x-y"]
        let scopes: [DependencyContainerScope?] = [nil, .global, "checkout", "use case 1"]
        let lifecycles: [LifecycleType?] = [nil] + LifecycleType.allCases
        var count = 0
        for type in tags {
            for factory in tags.reversed() {
                for scope in scopes {
                    for lifecycle in lifecycles {
                        let instruction = DependencyInjectionInstruction(
                            type: .init(type), factory: .init(factory), scope: scope, lifecycle: lifecycle)
                        let text = try instruction.rendered()
                        #expect(try DependencyInjectionInstruction(parsing: text) == instruction)
                        count += 1
                    }
                }
            }
        }
        #expect(count == 6 * 6 * 4 * (1 + LifecycleType.allCases.count))
    }

    /// Found by fuzzing: a value that starts with a combining mark fused with the `=` before it
    /// into one Character when rendered, so the rendered instruction no longer parsed.
    @Test("a value starting with a combining mark round-trips")
    func aValueStartingWithACombiningMarkRoundTrips() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=\r\t\u{35B}ytywe\u{0B}a,factory=c")
        #expect(instruction.type.tag == "\u{35B}ytywe\u{0B}a")
        #expect(try DependencyInjectionInstruction(parsing: instruction.description) == instruction)
        #expect(try DependencyInjectionInstruction(parsing: instruction.rendered()) == instruction)
    }

    @Test("a combining mark cannot hide a separator")
    func aCombiningMarkCannotHideASeparator() throws {
        let error = try #require(throws: DependencyInjectionInstructionError.self) {
            try DependencyInjectionInstruction(parsing: "type=a,\u{35B}factory=b")
        }
        #expect(error.code == .unknownParameter)
        #expect(error.token == "\u{35B}factory")
        let environment = ["RELAY_DEPENDENCIES": "type=a,factory=b;\u{35B}type=c,factory=d"]
        #expect(throws: DependencyInjectionInstructionError.self) {
            try InstructionSource.instructions(inEnvironment: environment)
        }
        let rendering = DependencyInjectionInstruction(type: "a,\u{35B}", factory: "b")
        #expect(throws: DependencyInjectionInstructionError.self) { try rendering.rendered() }
    }

    @Test("the whole message quotes the instruction and suggests the fix")
    func aWholeMessageQuotesTheInstructionAndSuggestsTheFix() throws {
        let error = try #require(throws: DependencyInjectionInstructionError.self) {
            try DependencyInjectionInstruction(parsing: "type=clock,factory=fixed,scopee=checkout")
        }
        #expect(
            error.description == """
                Invalid dependency instruction 'type=clock,factory=fixed,scopee=checkout': 'scopee' is not a \
                parameter. Did you mean 'scope'? Parameters: type, factory, scope, lifecycle, configuration.
                  expected: type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=<lifecycle>]
                """)
    }

    @Test("an invalid lifecycle lists the valid ones")
    func anInvalidLifecycleListsTheValidOnes() throws {
        let error = try #require(throws: DependencyInjectionInstructionError.self) {
            try DependencyInjectionInstruction(parsing: "type=a,factory=b,lifecycle=singletn")
        }
        #expect(
            error.description == """
                Invalid dependency instruction 'type=a,factory=b,lifecycle=singletn': 'singletn' is not a \
                lifecycle. Did you mean 'singleton'? Lifecycles: singleton, transient, weak, eagerSingleton, graph, \
                unitOfWork.
                  expected: type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=<lifecycle>]
                """)
    }

    typealias Code = DependencyInjectionInstructionError.Code

    /// Malformed instructions, the error each gives, and the token it quotes.
    static let malformed: [(String, Code, String)] = [
        ("", .emptyInstruction, ""),
        ("   ", .emptyInstruction, "   "),
        ("\t", .emptyInstruction, "\t"),
        (",", .emptyParameter, ""),
        ("type=a,,factory=b", .emptyParameter, ""),
        ("type=a,factory=b,", .emptyParameter, ""),
        (",type=a,factory=b", .emptyParameter, ""),
        ("type=a, ,factory=b", .emptyParameter, " "),
        ("type", .missingEquals, "type"),
        ("type=a,factory", .missingEquals, "factory"),
        ("type=a,factory=b,transient", .missingEquals, "transient"),
        ("a", .missingEquals, "a"),
        ("=a,factory=b", .emptyKey, "=a"),
        ("type=a,=b", .emptyKey, "=b"),
        (" = ", .emptyKey, "="),
        ("type=,factory=b", .emptyValue, "type="),
        ("type=a,factory=", .emptyValue, "factory="),
        ("type=a,factory=b,scope=", .emptyValue, "scope="),
        ("type=a,factory=b,lifecycle=", .emptyValue, "lifecycle="),
        ("type= ,factory=b", .emptyValue, "type="),
        ("type=a=b,factory=c", .extraEquals, "type=a=b"),
        ("type=a,factory=b=c", .extraEquals, "factory=b=c"),
        ("type=a,factory=b,scope=s=t", .extraEquals, "scope=s=t"),
        ("type==a,factory=b", .extraEquals, "type==a"),
        ("type=a,factory=b,lifecycle=singleton=x", .extraEquals, "lifecycle=singleton=x"),
        ("typ=a,factory=b", .unknownParameter, "typ"),
        ("type=a,factroy=b", .unknownParameter, "factroy"),
        ("type=a,factory=b,scopee=s", .unknownParameter, "scopee"),
        ("type=a,factory=b,lifecyle=weak", .unknownParameter, "lifecyle"),
        ("Type=a,factory=b", .unknownParameter, "Type"),
        ("type=a,FACTORY=b", .unknownParameter, "FACTORY"),
        ("type=a,factory=b,name=x", .unknownParameter, "name"),
        ("type=a,factory=b,--dependency=x", .unknownParameter, "--dependency"),
        ("type=a,type=b,factory=c", .duplicateParameter, "type=b"),
        ("type=a,factory=b,factory=c", .duplicateParameter, "factory=c"),
        ("type=a,factory=b,scope=s,scope=s", .duplicateParameter, "scope=s"),
        ("type=a,factory=b,lifecycle=weak,lifecycle=weak", .duplicateParameter, "lifecycle=weak"),
        ("type=a,factory=b,lifecycle=forever", .invalidLifecycle, "forever"),
        ("type=a,factory=b,lifecycle=prototype", .invalidLifecycle, "prototype"),
        ("type=a,factory=b,lifecycle=eager", .invalidLifecycle, "eager"),
        ("type=a,factory=b,lifecycle=single ton", .invalidLifecycle, "single ton"),
        ("factory=b", .missingType, "factory=b"),
        ("factory=b,scope=s,lifecycle=weak", .missingType, "factory=b,scope=s,lifecycle=weak"),
        ("type=a", .missingFactory, "type=a"),
        ("type=a,scope=s", .missingFactory, "type=a,scope=s"),
        ("scope=s", .missingType, "scope=s"),
    ]

    @Test("malformed instructions are typed errors quoting the token", arguments: malformed)
    func malformedInstructionsAreTypedErrorsQuotingTheToken(text: String, code: Code, token: String) throws {
        let error = try #require(throws: DependencyInjectionInstructionError.self) {
            try DependencyInjectionInstruction(parsing: text)
        }
        #expect(error.code == code)
        #expect(error.token == token)
        #expect(error.input == text)
        if isQuotedVerbatim(text) {
            #expect(error.description.hasPrefix("Invalid dependency instruction '\(text)': "))
        }
        #expect(isPrintable(error.description))
        #expect(error.description.hasSuffix("expected: \(DependencyInjectionInstruction.expectedForm)"))
    }

    @Test("the table covers at least forty inputs and every code")
    func theTableCoversAtLeastFortyInputsAndEveryCode() {
        #expect(Self.malformed.count >= 40)
        let codes = Set(Self.malformed.map(\.1))
        #expect(codes.count == 11)
    }

    @Test(
        "rendering refuses what the grammar cannot carry",
        arguments: [
            (DependencyInjectionInstruction(type: "a,b", factory: "f"), "a,b", "contains ','"),
            (DependencyInjectionInstruction(type: "a", factory: "f=g"), "f=g", "contains '='"),
            (DependencyInjectionInstruction(type: "a", factory: "f", scope: "s;t"), "s;t", "contains ';'"),
            (DependencyInjectionInstruction(type: "a\nb", factory: "f"), "a\nb", "contains '\\n'"),
            (DependencyInjectionInstruction(type: "", factory: "f"), "", "is empty"),
            (DependencyInjectionInstruction(type: "a", factory: " f"), " f", "has spaces around it"),
        ])
    func renderingRefusesWhatTheGrammarCannotCarry(
        instruction: DependencyInjectionInstruction,
        token: String,
        reason: String
    ) throws {
        let error = try #require(throws: DependencyInjectionInstructionError.self) { try instruction.rendered() }
        #expect(error.code == .unrepresentableValue)
        #expect(error.token == token)
        #expect(error.problem.contains(reason))
    }
}
