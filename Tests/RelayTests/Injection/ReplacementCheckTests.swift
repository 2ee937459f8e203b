import Relay
import Testing

/// A type the ``DynamicProgram`` never registers, which only an instruction could add.
protocol AuditLog: Sendable {}
struct FileAuditLog: AuditLog {}

extension DependencyTypeKey {
    static let auditLog: DependencyTypeKey = "auditLog"
}

extension DependencyFactoryKey {
    static let fileAuditLog: DependencyFactoryKey = "fileAuditLog"
}

struct AuditTypes: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [.auditLog: (any AuditLog).self]
}

struct AuditFactories: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [
        .fileAuditLog: TypedDependencyFactory((any AuditLog).self) { _ in FileAuditLog() }
    ]
}

@Suite("An instruction must replace something the program registered")
struct ReplacementCheckTests {
    let program: DynamicProgram

    init() throws {
        program = try DynamicProgram()
        try program.index.add(AuditTypes())
        try program.index.add(AuditFactories())
    }

    @Test("an instruction for a type registered nowhere fails, naming the type, its key, the scope and what is there")
    func unregisteredInGlobal() throws {
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try program.parser().parse(arguments: ["app", "-d", "type=auditLog,factory=fileAuditLog"])
        }
        #expect(error.code == .nothingToReplace)
        #expect(error.key == "auditLog")
        #expect(
            error.description.hasPrefix("Instruction 'type=auditLog,factory=fileAuditLog' would replace 'AuditLog'"))
        #expect(error.registeredTypes == ["Clock", "BookStore"])
        #expect(
            error.description == """
                Instruction 'type=auditLog,factory=fileAuditLog' would replace 'AuditLog' (type key 'auditLog') \
                in global, but the program registered no 'AuditLog' there.
                  registered in global: Clock, BookStore
                  to fix: correct the instruction's type key or scope, or register 'AuditLog' before injecting; \
                to add types the program never registers, create the parser with \
                InjectDependenciesArgumentParser(allowsUnregisteredTypes: true)
                """)
    }

    @Test("a scoped instruction lists the scope's registrations, then global's")
    func unregisteredInAScope() throws {
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try program.parser().parse(arguments: ["app", "-d", "type=auditLog,factory=fileAuditLog,scope=import"])
        }
        #expect(
            error.description.hasPrefix(
                """
                Instruction 'type=auditLog,factory=fileAuditLog,scope=import' would replace 'AuditLog' (type key \
                'auditLog') in scope 'import', but the program registered no 'AuditLog' there, nor in global.
                  registered in scope 'import': Clock
                  registered in global: Clock, BookStore
                  to fix: 
                """))
    }

    @Test(
        "a scope the program never made fails, with a near miss, even for a type registered in global",
        arguments: ["type=bookStore,factory=inMemory,scope=imprt", "type=auditLog,factory=fileAuditLog,scope=imprt"]
    )
    func unmadeScope(instruction: String) throws {
        let before = try program.snapshot()
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try program.parser().parse(arguments: ["app", "-d", instruction])
        }
        #expect(error.code == .unknownScope)
        #expect(error.key == "imprt")
        #expect(error.knownKeys == ["import"])
        #expect(
            error.description == """
                Instruction '\(instruction)' names scope 'imprt', which the program has not made. \
                Did you mean 'import'? Scopes the program has made: import
                  to fix: correct the scope; a scope the program makes only later must be made \
                (container(for:)) before injecting, or create the parser with \
                InjectDependenciesArgumentParser(allowsUnregisteredTypes: true)
                """)
        // Checking registered nothing, and did not make the scope: a second try fails the same way.
        #expect(try program.snapshot() == before)
        #expect(throws: DynamicDependencyIndexError.self) {
            try program.parser().parse(arguments: ["app", "-d", instruction])
        }
    }

    @Test("a scoped instruction for a type registered in global is fine: the scope falls back to global")
    func scopedReplacementOfAGlobalType() throws {
        // The store is registered in global only; `import` has a clock of its own, `nightly` nothing
        // (the program makes it at start-up, to resolve from later).
        _ = program.container.container(for: "nightly")
        try program.parser().parse(arguments: [
            "app", "-d", "type=bookStore,factory=inMemory,scope=import", "-d", "type=clock,factory=fixed,scope=nightly",
        ])
        #expect(try program.container.container(for: "import").resolve((any BookStore).self).name == "memory")
        #expect(try program.container.container(for: "nightly").resolve((any Clock).self).now == 0)
        #expect(try program.container.resolve((any BookStore).self).name == "sqlite")
    }

    @Test("nothing is registered when one instruction of several replaces nothing")
    func allOrNothing() throws {
        let before = try program.snapshot()
        #expect(throws: DynamicDependencyIndexError.self) {
            try program.parser().parse(arguments: [
                "app", "-d", "type=clock,factory=fixed", "-d", "type=bookStore,factory=inMemory,scope=import",
                "-d", "type=auditLog,factory=fileAuditLog",
            ])
        }
        #expect(try program.snapshot() == before)
        #expect(throws: DependencyResolutionError.self) { try program.container.resolve((any AuditLog).self) }
    }

    @Test("an instruction from the environment does not make one from the command line valid")
    func anEarlierInstructionDoesNotCount() throws {
        let parser = InjectDependenciesArgumentParser(
            index: program.index, container: program.container,
            environment: ["RELAY_DEPENDENCIES": "type=auditLog,factory=fileAuditLog"], report: .silent)
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try parser.parse(arguments: ["app", "-d", "type=auditLog,factory=fileAuditLog"])
        }
        #expect(error.code == .nothingToReplace)
    }

    @Test("with allowsUnregisteredTypes, an instruction may add a type")
    func optOut() throws {
        let parser = InjectDependenciesArgumentParser(
            index: program.index, container: program.container, allowsUnregisteredTypes: true,
            readsEnvironment: false, report: .silent)
        #expect(parser.allowsUnregisteredTypes)
        try parser.parse(arguments: ["app", "-d", "type=auditLog,factory=fileAuditLog,scope=nightly"])
        #expect(try program.container.container(for: "nightly").resolve((any AuditLog).self) is FileAuditLog)
    }

    @Test("the check is on by default")
    func onByDefault() {
        #expect(!InjectDependenciesArgumentParser().allowsUnregisteredTypes)
    }

    @Test("an alias answers for its type, so an instruction may replace it")
    func aliasCounts() throws {
        let root = DependencyContainer()
        try root.register(FileAuditLog.self) { _ in FileAuditLog() }.implements((any AuditLog).self) { $0 }
        let parser = InjectDependenciesArgumentParser(
            index: program.index, container: root, readsEnvironment: false, report: .silent)
        try parser.parse(arguments: ["app", "-d", "type=auditLog,factory=fileAuditLog"])
        #expect(try root.resolve((any AuditLog).self) is FileAuditLog)
    }
}
