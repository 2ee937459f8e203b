import Relay
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
        try program.parser().inject(arguments: ["app", "--dependency", "type=store,factory=inMemory"])
        #expect(try program.container.resolve((any BookStore).self).name == "memory")
    }

    @Test("a scoped instruction changes only that scope")
    func aScopedInstructionChangesOnlyThatScope() throws {
        try program.parser().inject(arguments: ["app", "-d", "type=clock,factory=fixed,scope=import"])
        #expect(try program.container.container(for: "import").resolve((any Clock).self).now == 0)
        #expect(try program.container.resolve((any Clock).self).now == 1_000)
    }

    @Test("the lifecycle is applied as instructed", arguments: LifecycleType.allCases.filter { $0 != .weak })
    func theLifecycleIsAppliedAsInstructed(lifecycle: LifecycleType) throws {
        try program.parser().inject(arguments: ["app", "-d", "type=bookStore,factory=inMemory,lifecycle=\(lifecycle)"])
        let first = try program.container.resolve((any BookStore).self)
        let second = try program.container.resolve((any BookStore).self)
        // Two top-level resolves: only the lifecycles that keep an instance hand out the same one.
        #expect((first === second) == (lifecycle != .transient && lifecycle != .graph))
        #expect(first.name == "memory")
    }

    @Test("an eager-singleton instruction is built by start")
    func anEagerSingletonInstructionIsBuiltByStart() throws {
        try program.parser().inject(arguments: [
            "app", "-d", "type=bookStore,factory=inMemory,lifecycle=eagerSingleton",
        ])
        try program.container.startSynchronously()
        #expect(try program.container.resolve((any BookStore).self).name == "memory")
    }

    @Test("instructions apply in order, and the last for a type and scope wins")
    func instructionsApplyInOrderAndTheLastForATypeAndScopeWins() throws {
        try program.parser().inject(arguments: [
            "app", "-d", "type=clock,factory=fixed", "-d", "type=clock,factory=sunny,lifecycle=transient",
        ])
        let registry = try program.parser().inject(arguments: [
            "app", "-d", "type=bookStore,factory=inMemory", "-d", "type=clock,factory=fixed,scope=import",
            "-d", "type=store,factory=inMemory,lifecycle=transient",
        ])
        #expect(registry.orderedDefinitions.map(\.instruction.type) == [.bookStore, .clock, .store])
        #expect(registry.definitions[.global]?.map(\.instruction.type) == [.bookStore, .store])
        #expect(registry.definitions["import"]?.map(\.instruction.factory) == [.fixed])
        // The later transient instruction for the store replaced the earlier singleton one.
        let first = try program.container.resolve((any BookStore).self)
        #expect(first !== (try program.container.resolve((any BookStore).self)))
    }

    @Test("arguments win over the environment")
    func argumentsWinOverTheEnvironment() throws {
        let parser = InjectDependenciesArgumentParser(
            index: program.index, container: program.container, report: .silent)
        try parser.inject(
            arguments: ["app", "-d", "type=bookStore,factory=inMemory,lifecycle=transient"],
            environment: ["RELAY_DEPENDENCIES": "type=clock,factory=fixed;type=bookStore,factory=inMemory"])
        #expect(try program.container.resolve((any Clock).self).now == 0)
        let store = try program.container.resolve((any BookStore).self)
        #expect(store !== (try program.container.resolve((any BookStore).self)))
    }

    @Test("the environment is ignored when the parser says so")
    func theEnvironmentIsIgnoredWhenTheParserSaysSo() throws {
        try program.parser().inject(arguments: ["app"], environment: ["RELAY_DEPENDENCIES": "type=clock,factory=fixed"])
        #expect(try program.container.resolve((any Clock).self).now == 1_000)
    }

    @Test("what was injected is reported in one block")
    func whatWasInjectedIsReportedInOneBlock() throws {
        let reported = Locked<[String]>([])
        let parser = InjectDependenciesArgumentParser(
            index: program.index, container: program.container, readsEnvironment: false,
            report: .custom { text in reported.withLock { $0.append(text) } })
        try parser.inject(arguments: [
            "app", "-d", "type=clock,factory=fixed", "-d",
            "type=store,factory=inMemory,scope=import,lifecycle=transient",
        ])
        try parser.inject(arguments: ["app", "--port", "80"])
        #expect(
            reported.withLock { $0 } == [
                """
                Relay injected 2 dependencies:
                  clock (Clock) <- fixed, in global, singleton
                  store (BookStore) <- inMemory, in scope 'import', transient
                """
            ])
    }

    @Test("an allow-list refuses other types")
    func anAllowListRefusesOtherTypes() throws {
        let parser = program.parser(allowedTypes: [.clock])
        try parser.inject(arguments: ["app", "-d", "type=clock,factory=fixed"])
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try parser.inject(arguments: ["app", "-d", "type=bookStore,factory=inMemory"])
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
        (["app", "-d", "type=clock,factory=fixed", "-d", "type=clock,factory=sunnny"], "unknownFactoryKey"),
        (["app", "-d", "type=clock,factory=fixed,scope=import", "-d", "type=bookStore,factory=fixed"], "typeMismatch"),
        (["app", "-d", "type=clock,factory=fixed", "-d", "type=bookStore,factory=inMemory"], "typeNotAllowed"),
    ]

    @Test("a failed injection leaves every container as it was", arguments: failingInjections)
    func aFailedInjectionLeavesEveryContainerAsItWas(arguments: [String], code: String) throws {
        let before = try program.snapshot()
        let parser = program.parser(allowedTypes: code == "typeNotAllowed" ? [.clock] : nil)
        do {
            try parser.inject(arguments: arguments)
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
        try program.parser().inject(arguments: ["app", "-d", "type=clock,factory=fixed"])
        #expect(try program.container.resolve((any Clock)?.self)?.now == 0)
        #expect(try program.container.resolve(Provider<any Clock>.self)().now == 0)
        // Made before the instruction, first called after it: it resolves what is registered then.
        #expect(try lazy().now == 0)
    }
}
