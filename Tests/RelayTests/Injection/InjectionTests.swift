@_spi(RuntimeSelfChecks) import Relay
import RelayTestSupport
import Testing

@Suite("Injecting from the command line and the environment")
struct InjectionTests {
    let program: DynamicProgram

    init() throws {
        program = try DynamicProgram()
    }

    @Test("an instruction replaces the default registration")
    func anInstructionReplacesTheDefault() throws {
        try CommandLine.parse(arguments: ["app", "-d", "type=clock,factory=fixed"], with: [program.parser()])
        #expect(try program.container.resolve((any Clock).self).now == 0)
        #expect(try program.container.resolve((any BookStore).self).name == "sqlite")
    }

    @Test("an alias replaces the same type")
    func anAliasReplacesTheSameType() throws {
        try program.parser().parse(arguments: ["app", "--dependency", "type=store,factory=inMemory"])
        #expect(try program.container.resolve((any BookStore).self).name == "memory")
    }

    @Test("a scoped instruction changes only that scope")
    func aScopedInstructionChangesOnlyThatScope() throws {
        try program.parser().parse(arguments: ["app", "-d", "type=clock,factory=fixed,scope=import"])
        #expect(try program.container.container(for: "import").resolve((any Clock).self).now == 0)
        #expect(try program.container.resolve((any Clock).self).now == 1_000)
    }

    @Test("the lifecycle is applied as instructed", arguments: LifecycleType.allCases.filter { $0 != .weak })
    func theLifecycleIsAppliedAsInstructed(lifecycle: LifecycleType) async throws {
        try program.parser().parse(arguments: ["app", "-d", "type=bookStore,factory=inMemory,lifecycle=\(lifecycle)"])
        guard lifecycle != .unitOfWork else {
            // One per unit: the same within a unit, another in the next.
            let (first, again) = try await program.container.withUnitOfWork { unit in
                (try await unit.resolve((any BookStore).self), try await unit.resolve((any BookStore).self))
            }
            let next = try await program.container.withUnitOfWork { unit in try await unit.resolve((any BookStore).self)
            }
            #expect(first === again && first !== next && first.name == "memory")
            return
        }
        let first = try resolveSynchronously((any BookStore).self, from: program.container)
        let second = try resolveSynchronously((any BookStore).self, from: program.container)
        // Two top-level resolves: only the lifecycles that keep an instance hand out the same one.
        #expect((first === second) == (lifecycle != .transient && lifecycle != .graph))
        #expect(first.name == "memory")
    }

    @Test("an eager-singleton instruction is built by start")
    func anEagerSingletonInstructionIsBuiltByStart() throws {
        try program.parser().parse(arguments: [
            "app", "-d", "type=bookStore,factory=inMemory,lifecycle=eagerSingleton",
        ])
        try program.container.startSynchronously()
        #expect(try program.container.resolve((any BookStore).self).name == "memory")
    }

    @Test("instructions apply in order, each scope its own")
    func instructionsApplyInOrder() throws {
        let registry = try program.parser().inject(
            instructions: [
                "type=bookStore,factory=inMemory", "type=clock,factory=fixed,scope=import",
                "type=store,factory=inMemory,lifecycle=transient",
            ].map { try DependencyInjectionInstruction(parsing: $0) })
        #expect(registry.orderedDefinitions.map(\.instruction.type) == [.bookStore, .clock, .store])
        #expect(registry.definitions[.global]?.map(\.instruction.type) == [.bookStore, .store])
        #expect(registry.definitions["import"]?.map(\.instruction.factory) == [.fixed])
        // The store's instruction made it transient.
        let first = try program.container.resolve((any BookStore).self)
        #expect(first !== (try program.container.resolve((any BookStore).self)))
    }

    @Test("arguments win over the environment, and the report says which instruction was overridden")
    func argumentsWinOverTheEnvironment() throws {
        let reported = Locked<[String]>([])
        let parser = InjectDependenciesArgumentParser(
            index: program.index, container: program.container,
            environment: ["RELAY_DEPENDENCIES": "type=clock,factory=fixed;type=bookStore,factory=inMemory"],
            report: .custom { text in reported.withLock { $0.append(text) } })
        try parser.parse(arguments: ["app", "-d", "type=bookStore,factory=inMemory,lifecycle=transient"])
        #expect(try program.container.resolve((any Clock).self).now == 0)
        let store = try program.container.resolve((any BookStore).self)
        #expect(store !== (try program.container.resolve((any BookStore).self)))
        #expect(
            reported.withLock { $0 } == [
                """
                Relay injected 2 dependencies:
                  clock (Clock) <- fixed, in global, singleton, from RELAY_DEPENDENCIES
                  bookStore (BookStore) <- inMemory, in global, transient, from the command line
                  not applied: 'type=bookStore,factory=inMemory' from RELAY_DEPENDENCIES, overridden by \
                'type=bookStore,factory=inMemory,lifecycle=transient' from the command line
                """
            ])
    }

    @Test("two instructions for one type and scope from one source are refused, naming both", arguments: [false, true])
    func duplicatesInOneSourceAreRefused(fromEnvironment: Bool) throws {
        let before = try program.snapshot()
        let parser = { (environment: [String: String]) in
            InjectDependenciesArgumentParser(
                index: program.index, container: program.container, environment: environment, report: .silent)
        }
        let first = "type=clock,factory=fixed"
        let second = "type=clock,factory=sunny,lifecycle=transient"
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            if fromEnvironment {
                try parser(["RELAY_DEPENDENCIES": "\(first);\(second)"]).parse(arguments: ["app"])
            } else {
                try parser([:]).parse(arguments: ["app", "-d", first, "-d", second])
            }
        }
        #expect(error.code == .duplicateInstruction)
        #expect(error.origin == (fromEnvironment ? .environment : .commandLine))
        let message =
            "Instructions '\(first)' and '\(second)' both replace type key 'clock' in global; give it once."
        #expect(error.description == (fromEnvironment ? "In RELAY_DEPENDENCIES: \(message)" : message))
        #expect(try program.snapshot() == before)
    }

    @Test("lifecycle=weak for a type a value can be is refused before anything is registered")
    func weakForAValueTypeIsRefused() throws {
        let before = try program.snapshot()
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try program.parser().parse(arguments: ["app", "-d", "type=clock,factory=fixed,lifecycle=weak"])
        }
        #expect(error.code == .weakNeedsObject)
        #expect(error.key == "clock")
        #expect(
            error.description.hasPrefix(
                "Instruction 'type=clock,factory=fixed,lifecycle=weak' asks for lifecycle weak, but type key 'clock' "
                    + "names 'Clock', which a value can be"))
        #expect(try program.snapshot() == before)
        // A class-bound protocol can be held weakly.
        try program.parser().parse(arguments: ["app", "-d", "type=bookStore,factory=inMemory,lifecycle=weak"])
        let store = try program.container.resolve((any BookStore).self)
        #expect(store === (try program.container.resolve((any BookStore).self)))
    }

    #if DEBUG
    @Test("with the layout read refused, lifecycle=weak is never refused wrongly")
    func weakInstructionWithFallback() async throws {
        try await RuntimeSelfChecks.withFallbacks {
            // A class-bound protocol is held weakly, as with the layout read.
            try program.parser().parse(arguments: ["app", "-d", "type=bookStore,factory=inMemory,lifecycle=weak"])
            let store = try program.container.resolve((any BookStore).self)
            #expect(store === (try program.container.resolve((any BookStore).self)))
            // A protocol a value can conform to cannot be told apart from it: accepted at start-up,
            // its value refused at the first resolve instead.
            try program.parser().parse(arguments: ["app", "-d", "type=clock,factory=fixed,lifecycle=weak"])
            let error = try #require(throws: DependencyResolutionError.self) {
                try program.container.resolve((any Clock).self)
            }
            #expect(
                error.description.hasPrefix(
                    "'Clock' is registered as .weak in global, but its factory returned a value type."))
        }
    }
    #endif

    @Test("tokens are echoed with control characters escaped and long ones cut")
    func tokensAreEchoedSafely() throws {
        let control = try #require(throws: DynamicDependencyIndexError.self) {
            try program.parser().parse(arguments: ["app", "-d", "type=clock\u{1},factory=fixed"])
        }
        #expect(control.description.hasPrefix("Unknown type key 'clock\\u{1}'. Did you mean 'clock'?"))
        let escape = try #require(throws: DynamicDependencyIndexError.self) {
            try program.parser().parse(arguments: ["app", "-d", "type=\u{1B}[31mred,factory=fixed"])
        }
        #expect(escape.description.hasPrefix("Unknown type key '\\u{1B}[31mred'."))
        let long = String(repeating: "k", count: 130_000)
        let cut = try #require(throws: DynamicDependencyIndexError.self) {
            try program.parser().parse(arguments: ["app", "-d", "type=\(long),factory=fixed"])
        }
        #expect(cut.key == long)
        #expect(cut.description.count < 1_000)
        #expect(cut.description.contains("…(129920 more characters)"))
        let malformed = try #require(throws: DependencyInjectionInstructionError.self) {
            try program.parser().parse(arguments: ["app", "-d", "type=\(long)"])
        }
        #expect(malformed.description.count < 1_000)
        #expect(isPrintable(malformed.description))
    }

    @Test("the same type in two scopes is not a duplicate")
    func theSameTypeInTwoScopesIsNotADuplicate() throws {
        let registry = try program.parser().inject(
            instructions: ["type=clock,factory=fixed", "type=clock,factory=sunny,scope=import"].map {
                try DependencyInjectionInstruction(parsing: $0)
            })
        #expect(registry.orderedDefinitions.count == 2)
    }

    @Test("errors from RELAY_DEPENDENCIES name it, not the command line")
    func errorsFromTheEnvironmentNameIt() throws {
        let parser = { (environment: [String: String]) in
            InjectDependenciesArgumentParser(
                index: program.index, container: program.container, environment: environment, report: .silent)
        }
        let malformed = try #require(throws: DependencyInjectionInstructionError.self) {
            try parser(["RELAY_DEPENDENCIES": "type=clock"]).parse(arguments: ["app"])
        }
        #expect(malformed.origin == .environment)
        #expect(
            malformed.description == """
                Invalid dependency instruction 'type=clock' in RELAY_DEPENDENCIES: it has no 'factory' parameter.
                  expected: RELAY_DEPENDENCIES='type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=<lifecycle>][;…]'
                """)
        let unknown = try #require(throws: DynamicDependencyIndexError.self) {
            try parser(["RELAY_DEPENDENCIES": "type=clokc,factory=fixed"]).parse(arguments: ["app"])
        }
        #expect(unknown.origin == .environment)
        #expect(unknown.description.hasPrefix("In RELAY_DEPENDENCIES: Unknown type key 'clokc'. Did you mean 'clock'?"))
        let fromArguments = try #require(throws: DynamicDependencyIndexError.self) {
            try parser([:]).parse(arguments: ["app", "-d", "type=clokc,factory=fixed"])
        }
        #expect(fromArguments.origin == .commandLine)
        #expect(fromArguments.description.hasPrefix("Unknown type key 'clokc'."))
    }

    @Test("the environment is ignored when the parser says so")
    func theEnvironmentIsIgnoredWhenTheParserSaysSo() throws {
        try program.parser(environment: ["RELAY_DEPENDENCIES": "type=clock,factory=fixed"]).parse(arguments: ["app"])
        #expect(try program.container.resolve((any Clock).self).now == 1_000)
    }

    @Test("what was injected is reported in one block")
    func whatWasInjectedIsReportedInOneBlock() throws {
        let reported = Locked<[String]>([])
        let parser = InjectDependenciesArgumentParser(
            index: program.index, container: program.container, readsEnvironment: false,
            report: .custom { text in reported.withLock { $0.append(text) } })
        try parser.parse(arguments: [
            "app", "-d", "type=clock,factory=fixed", "-d",
            "type=store,factory=inMemory,scope=import,lifecycle=transient",
        ])
        try parser.parse(arguments: ["app", "--port", "80"])
        #expect(
            reported.withLock { $0 } == [
                """
                Relay injected 2 dependencies:
                  clock (Clock) <- fixed, in global, singleton, from the command line
                  store (BookStore) <- inMemory, in scope 'import', transient, from the command line
                """
            ])
    }

    @Test("an allow-list refuses other types")
    func anAllowListRefusesOtherTypes() throws {
        let parser = program.parser(allowedTypes: [.clock])
        try parser.parse(arguments: ["app", "-d", "type=clock,factory=fixed"])
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try parser.parse(arguments: ["app", "-d", "type=bookStore,factory=inMemory"])
        }
        #expect(error.code == .typeNotAllowed)
        #expect(error.description == "Type key 'bookStore' may not be injected into this program. Allowed: clock")
    }

    /// Argument vectors whose last instruction is bad in each way injection can fail.
    static let failingInjections: [([String], String)] = [
        (["app", "-d", "type=clock,factory=fixed", "-d", "type=a=b,factory=c"], "extraEquals"),
        (["app", "-d", "type=clock,factory=fixed", "-d"], "missingInstruction"),
        (["app", "-d", "type=clock,factory=fixed", "--dependency="], "missingInstruction"),
        (
            ["app", "-d", "type=clock,factory=fixed", "-d", "type=clock,factory=fixed,lifecycle=never"],
            "invalidLifecycle"
        ),
        (["app", "-d", "type=clock,factory=fixed", "-d", "type=clok,factory=fixed"], "unknownTypeKey"),
        (
            ["app", "-d", "type=clock,factory=fixed", "-d", "type=clock,factory=sunnny,scope=import"],
            "unknownFactoryKey"
        ),
        (["app", "-d", "type=clock,factory=fixed", "-d", "type=clock,factory=sunny"], "duplicateInstruction"),
        (["app", "-d", "type=clock,factory=fixed,scope=import", "-d", "type=bookStore,factory=fixed"], "typeMismatch"),
        (["app", "-d", "type=clock,factory=fixed", "-d", "type=bookStore,factory=inMemory"], "typeNotAllowed"),
    ]

    @Test("a failed injection leaves every container as it was", arguments: failingInjections)
    func aFailedInjectionLeavesEveryContainerAsItWas(arguments: [String], code: String) throws {
        let before = try program.snapshot()
        let parser = program.parser(allowedTypes: code == "typeNotAllowed" ? [.clock] : nil)
        do {
            try parser.parse(arguments: arguments)
            Issue.record("injecting \(arguments) should have failed")
        } catch let error as DependencyInjectionInstructionError {
            #expect(error.code.description == code)
        } catch let error as DynamicDependencyIndexError {
            #expect(error.code.description == code)
        }
        #expect(try program.snapshot() == before)
    }
}

@Suite("Instructions seen through Optional, Lazy and Provider")
struct DeferredInjectionTests {
    @Test("an injected factory is what an optional, a Lazy and a Provider of the type resolve")
    func injectedFactoryIsWhatDeferredAndOptionalResolve() throws {
        let program = try DynamicProgram()
        let lazy = try program.container.resolve(Lazy<any Clock>.self)
        try program.parser().parse(arguments: ["app", "-d", "type=clock,factory=fixed"])
        #expect(try program.container.resolve((any Clock)?.self)?.now == 0)
        #expect(try program.container.resolve(Provider<any Clock>.self)().now == 0)
        // Made before the instruction, first called after it: it resolves what is registered then.
        #expect(try lazy().now == 0)
    }
}

/// Resolves synchronously, also from async tests (where Swift would pick the async overload).
private func resolveSynchronously<Service>(_ type: Service.Type, from container: DependencyContainer) throws -> Service
{
    try container.resolve(type)
}
