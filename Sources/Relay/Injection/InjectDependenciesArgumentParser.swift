import Foundation

/// Reads dynamic instructions from the command line and the environment, and registers the
/// factories they name over the program's defaults.
///
/// Injection is opt-in: nothing reads instructions unless the program runs this parser. Run it
/// only in debug builds, or give it an allow-list of the types that may be replaced, so that a
/// production program cannot be re-wired by whoever can pass it an argument:
///
/// ```swift
/// try DefaultDependencyRegistry().registerDependencies()
/// #if DEBUG
/// try DynamicDependencyIndex.shared.add(BookshelfTypeIndex())
/// try DynamicDependencyIndex.shared.add(StubFactoryIndex())
/// try CommandLine.parse(with: [InjectDependenciesArgumentParser()])
/// #endif
/// ```
///
/// It reads the environment variable `RELAY_DEPENDENCIES` first and the arguments after, so that
/// for the same type and scope an argument wins over the environment. Every instruction is parsed
/// and checked against the index before anything is registered: after an error, the containers are
/// exactly as they were. What it injected it reports in one block, to standard error by default.
public struct InjectDependenciesArgumentParser: CommandLineArgumentParser, Sendable {
    /// Where type and factory keys are looked up.
    public let index: DynamicDependencyIndex

    /// The root whose containers the instructions register in.
    public let container: DependencyContainer

    /// The type keys that may be injected; `nil` allows every key in the index.
    public let allowedTypes: Set<DependencyTypeKey>?

    /// Whether to read `RELAY_DEPENDENCIES`.
    public let readsEnvironment: Bool

    /// Where to say what was injected.
    public let report: InjectionReport

    /// Creates a parser.
    ///
    /// - Parameters:
    ///   - index: Where keys are looked up. Defaults to ``DynamicDependencyIndex/shared``.
    ///   - container: The root to register in. Defaults to ``DependencyContainer/global``.
    ///   - allowedTypes: The only type keys that may be injected; `nil` (the default) allows all.
    ///   - readsEnvironment: Whether to read `RELAY_DEPENDENCIES` too. Defaults to `true`.
    ///   - report: Where to say what was injected. Defaults to standard error.
    public init(
        index: DynamicDependencyIndex = .shared,
        container: DependencyContainer = .global,
        allowedTypes: Set<DependencyTypeKey>? = nil,
        readsEnvironment: Bool = true,
        report: InjectionReport = .standardError
    ) {
        self.index = index
        self.container = container
        self.allowedTypes = allowedTypes
        self.readsEnvironment = readsEnvironment
        self.report = report
    }

    /// Injects what the arguments (and the environment) say; see ``inject(arguments:environment:)``.
    ///
    /// - Parameter arguments: The program's arguments, starting with its name.
    public func parse(arguments: [String]) throws {
        try inject(arguments: arguments)
    }

    /// Reads, checks and registers every instruction in the arguments and the environment, all or
    /// nothing.
    ///
    /// - Parameters:
    ///   - arguments: The program's arguments, starting with its name.
    ///   - environment: The environment to read `RELAY_DEPENDENCIES` from; `nil` for the process's.
    /// - Returns: The registry that was applied, with every instruction checked.
    /// - Throws: ``DependencyInjectionInstructionError`` for a malformed instruction, or
    ///   ``DynamicDependencyIndexError`` for an unknown or forbidden key or a mismatched factory.
    @discardableResult
    public func inject(
        arguments: [String],
        environment: [String: String]? = nil
    ) throws -> DynamicDependencyRegistry {
        try inject(
            instructions: InstructionSource.instructions(inArguments: arguments.dropFirst()), environment: environment)
    }

    /// Checks and registers instructions that were already parsed (by swift-argument-parser, say),
    /// after those of the environment, all or nothing.
    ///
    /// - Parameters:
    ///   - instructions: The instructions, in order.
    ///   - environment: The environment to read `RELAY_DEPENDENCIES` from; `nil` for the process's.
    /// - Returns: The registry that was applied, with every instruction checked.
    /// - Throws: ``DependencyInjectionInstructionError`` for a malformed instruction in the
    ///   environment, or ``DynamicDependencyIndexError`` for an unknown or forbidden key or a
    ///   mismatched factory.
    @discardableResult
    public func inject(
        instructions: [DependencyInjectionInstruction],
        environment: [String: String]? = nil
    ) throws -> DynamicDependencyRegistry {
        var all: [DependencyInjectionInstruction] = []
        if readsEnvironment {
            all = try InstructionSource.instructions(inEnvironment: environment ?? ProcessInfo.processInfo.environment)
        }
        all += instructions
        if let allowedTypes {
            for instruction in all where !allowedTypes.contains(instruction.type) {
                throw DynamicDependencyIndexError.notAllowed(instruction.type, allowed: allowedTypes)
            }
        }
        let registry = try DynamicDependencyRegistry(instructions: all, index: index, container: container)
        registry.registerDependencies()
        report.report(registry)
        return registry
    }
}
