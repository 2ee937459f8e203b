#if ArgumentParserSupport
import ArgumentParser
import Relay
import RelayArgumentParser
import Testing

@Suite("swift-argument-parser integration")
struct DependencyInjectionOptionsTests {
    struct Serve: ParsableCommand {
        @Option var port = 8080
        @OptionGroup var dependencies: DependencyInjectionOptions
    }

    @Test("a command reads its own options and the -d instructions")
    func theCommandReadsItsOwnOptionsAndTheInstructions() throws {
        let command = try Serve.parse([
            "--port", "9000", "-d", "type=clock,factory=fixed", "--dependency", "type=store,factory=memory,scope=s",
        ])
        #expect(command.port == 9000)
        #expect(
            try command.dependencies.instructions() == [
                DependencyInjectionInstruction(type: "clock", factory: "fixed"),
                DependencyInjectionInstruction(type: "store", factory: "memory", scope: "s"),
            ])
    }

    @Test("--check-dependencies is a flag of the option group, off unless given, and listed in the help")
    func checkDependenciesFlag() throws {
        #expect(try Serve.parse([]).dependencies.checkDependencies == false)
        #expect(try Serve.parse(["--check-dependencies", "-d", "type=a,factory=b"]).dependencies.checkDependencies)
        #expect(Serve.helpMessage().contains("--check-dependencies"))
    }

    @Test("a malformed instruction is a validation error with Relay's message")
    func aMalformedInstructionIsAValidationErrorWithRelaysMessage() throws {
        do {
            _ = try Serve.parse(["-d", "type=clock,factory=fixed,scopee=s"])
            Issue.record("parsing should have failed")
        } catch {
            let message = Serve.message(for: error)
            #expect(message.contains("'scopee' is not a parameter. Did you mean 'scope'?"))
        }
    }

    @Test("the parsed instructions are injected into the container")
    func theInstructionsAreInjected() throws {
        struct Types: DependencyTypeIndexable {
            let index: [DependencyTypeKey: Any.Type] = ["number": Int.self]
        }
        struct Factories: TypedDependencyFactoryIndexable {
            let index: [DependencyFactoryKey: TypedDependencyFactory] = ["seven": .init(Int.self) { _ in 7 }]
        }
        let container = DependencyContainer()
        container.register(Int.self) { _ in 1 }
        let index = DynamicDependencyIndex()
        try index.add(Types())
        try index.add(Factories())
        let command = try Serve.parse(["-d", "type=number,factory=seven"])
        try command.dependencies.inject(
            with: InjectDependenciesArgumentParser(
                index: index, container: container, readsEnvironment: false, report: .silent))
        #expect(try container.resolve(Int.self) == 7)
    }

    @Test("an instruction for a type the program never registered fails, unless the parser allows it")
    func unregisteredTypes() throws {
        struct Types: DependencyTypeIndexable {
            let index: [DependencyTypeKey: Any.Type] = ["number": Int.self]
        }
        struct Factories: TypedDependencyFactoryIndexable {
            let index: [DependencyFactoryKey: TypedDependencyFactory] = ["seven": .init(Int.self) { _ in 7 }]
        }
        let index = DynamicDependencyIndex()
        try index.add(Types())
        try index.add(Factories())
        let command = try Serve.parse(["-d", "type=number,factory=seven"])

        let strict = DependencyContainer()
        let error = try #require(throws: DynamicDependencyIndexError.self) {
            try command.dependencies.inject(
                with: InjectDependenciesArgumentParser(
                    index: index, container: strict, readsEnvironment: false, report: .silent))
        }
        #expect(error.code == .nothingToReplace)
        #expect(throws: DependencyResolutionError.self) { try strict.resolve(Int.self) }

        let lenient = DependencyContainer()
        try command.dependencies.inject(
            with: InjectDependenciesArgumentParser(
                index: index, container: lenient, allowsUnregisteredTypes: true, readsEnvironment: false,
                report: .silent))
        #expect(try lenient.resolve(Int.self) == 7)
    }
}
#endif
