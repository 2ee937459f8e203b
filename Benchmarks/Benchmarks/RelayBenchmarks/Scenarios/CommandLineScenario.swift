import Benchmark
import Relay

/// Scenario 9: parse 100 `-d type=…,factory=…` instructions from a command line and register
/// what they name into a new container.
///
/// One sample is one whole command line; an operation is one instruction. Swinject and
/// swift-dependencies have no command-line injection, so only Relay and the hand-written floor
/// (split on `,` and `=`, look both keys up in a dictionary, register) are measured.
enum CommandLineScenario {
    static let instructionCount = 100
    static let scenario = Scenario(
        id: "S09", title: "parse and apply 100 instructions", operationsPerSample: instructionCount)

    /// `app -d type=service0,factory=impl0 -d type=service1,factory=impl1,lifecycle=transient …`:
    /// every third instruction names a lifecycle, as a driver test sometimes does.
    static let arguments: [String] =
        ["app"]
        + (0..<instructionCount).flatMap { number in
            let lifecycle = number % 3 == 2 ? ",lifecycle=transient" : ""
            return ["-d", "type=service\(number),factory=impl\(number)\(lifecycle)"]
        }

    static func register() {
        scenario.benchmark(.handWritten, setup: { _ = handWrittenIndex }) { _ in
            let registry = HandWrittenRegistry()
            try applyByHand(arguments, index: handWrittenIndex, to: registry)
            blackHole(registry)
        }
        scenario.benchmark(.relay, setup: { _ = relayIndex }) { _ in
            let container = DependencyContainer()
            // The container starts empty, as the hand-written registry does: every instruction adds.
            let parser = InjectDependenciesArgumentParser(
                index: relayIndex, container: container, allowsUnregisteredTypes: true, readsEnvironment: false,
                report: .silent)
            try CommandLine.parse(arguments: arguments, with: [parser])
            blackHole(container)
        }
    }

    // MARK: - Relay

    /// Type keys `service0…99` and factory keys `impl0…99`, each factory building its slot type.
    static let relayIndex: DynamicDependencyIndex = {
        let index = DynamicDependencyIndex()
        let types = Array(SlotTypes.first(instructionCount))
        try! index.add(SlotTypeIndex(types: types))
        try! index.add(SlotFactoryIndex(types: types))
        return index
    }()

    private struct SlotTypeIndex: DependencyTypeIndexable {
        let types: [any SlotService.Type]
        var index: [DependencyTypeKey: Any.Type] {
            Dictionary(uniqueKeysWithValues: types.enumerated().map { (DependencyTypeKey("service\($0)"), $1) })
        }
    }

    private struct SlotFactoryIndex: TypedDependencyFactoryIndexable {
        let types: [any SlotService.Type]
        var index: [DependencyFactoryKey: TypedDependencyFactory] {
            Dictionary(
                uniqueKeysWithValues: types.enumerated().map { (DependencyFactoryKey("impl\($0)"), factory($1)) })
        }

        private func factory<S: SlotService>(_ type: S.Type) -> TypedDependencyFactory {
            TypedDependencyFactory(S.self) { _ in S() }
        }
    }

    // MARK: - Hand-written

    struct HandWrittenIndex: Sendable {
        var types: [String: ObjectIdentifier] = [:]
        var factories: [String: (type: ObjectIdentifier, make: @Sendable () -> AnyObject)] = [:]
    }

    static let handWrittenIndex: HandWrittenIndex = {
        var index = HandWrittenIndex()
        for (number, type) in SlotTypes.first(instructionCount).enumerated() {
            index.types["service\(number)"] = ObjectIdentifier(type)
            index.factories["impl\(number)"] = (ObjectIdentifier(type), { type.init() })
        }
        return index
    }()

    struct MalformedInstruction: Error {
        let text: Substring
    }

    /// What a program writes without Relay: find each `-d`, split its value, look the keys up,
    /// check the factory builds the type, register.
    static func applyByHand(_ arguments: [String], index: HandWrittenIndex, to registry: HandWrittenRegistry) throws {
        var position = 1
        while position < arguments.count {
            defer { position += 1 }
            guard arguments[position] == "-d", position + 1 < arguments.count else { continue }
            position += 1
            var type: Substring?
            var factory: Substring?
            for parameter in arguments[position].split(separator: ",") {
                let parts = parameter.split(separator: "=")
                guard parts.count == 2 else { throw MalformedInstruction(text: parameter) }
                switch parts[0] {
                case "type": type = parts[1]
                case "factory": factory = parts[1]
                case "scope", "lifecycle": break
                default: throw MalformedInstruction(text: parameter)
                }
            }
            guard let type, let factory,
                let typeID = index.types[String(type)], let made = index.factories[String(factory)],
                made.type == typeID
            else { throw MalformedInstruction(text: Substring(arguments[position])) }
            registry.register(erased: typeID, factory: made.make)
        }
    }
}
