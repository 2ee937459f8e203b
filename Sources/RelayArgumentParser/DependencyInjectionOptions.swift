#if ArgumentParserSupport
public import ArgumentParser
public import Relay

/// The `-d`/`--dependency` option for a swift-argument-parser command, to embed with
/// `@OptionGroup`.
///
/// ```swift
/// @main
/// struct Serve: ParsableCommand {
///     @Option var port = 8080
///     @OptionGroup var dependencies: DependencyInjectionOptions
///
///     func run() throws {
///         try DefaultDependencyRegistry().registerDependencies()
///         #if DEBUG
///         try dependencies.inject(with: InjectDependenciesArgumentParser())
///         #endif
///     }
/// }
/// ```
///
/// Malformed instructions are reported by swift-argument-parser as validation errors, with
/// Relay's message, before `run()` is called.
///
/// This product is built only when the package trait `ArgumentParserSupport` is enabled, so users
/// of the core `Relay` product never resolve swift-argument-parser.
public struct DependencyInjectionOptions: ParsableArguments, Sendable {
    /// The instructions as written on the command line.
    @Option(
        name: [.customShort("d"), .customLong("dependency")],
        help: ArgumentHelp(
            "Inject a dependency (repeatable).",
            valueName: "type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=<lifecycle>]"))
    public var dependencies: [String] = []

    /// Whether to check the program's wiring, print what was found and exit, instead of running
    /// (see `DependencySelfCheck`): `--check-dependencies`.
    @Flag(
        name: .customLong("check-dependencies"),
        help: "Check the wiring without building anything, print what was found, and exit (1 if anything is wrong).")
    public var checkDependencies = false

    /// Creates empty options; swift-argument-parser fills them in.
    public init() {}

    /// The parsed instructions, in order.
    ///
    /// - Throws: ``DependencyInjectionInstructionError`` for a malformed instruction.
    public func instructions() throws(DependencyInjectionInstructionError) -> [DependencyInjectionInstruction] {
        var instructions: [DependencyInjectionInstruction] = []
        for dependency in dependencies {
            instructions.append(try InstructionSource.instruction(parsing: dependency, from: .commandLine))
        }
        return instructions
    }

    /// Rejects malformed instructions while the command line is parsed.
    public func validate() throws {
        do {
            _ = try instructions()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Registers the instructions (after those of `RELAY_DEPENDENCIES`) with a parser's index,
    /// container, allow-list, check for unregistered types and report; all or nothing. Like
    /// `CommandLine.parse(with:)`, it writes the program's wiring account when a launcher asked.
    /// With `--check-dependencies`, or when a launcher asks for the program's check, it checks
    /// instead, reports and exits (`InjectDependenciesArgumentParser.checkDependenciesAndExit(instructions:)`).
    ///
    /// - Parameter parser: Where keys are looked up and factories registered, and whether an
    ///   instruction may add a type the program never registered (`allowsUnregisteredTypes`).
    /// - Returns: The registry that was applied.
    /// - Throws: ``DependencyInjectionInstructionError``, or ``DynamicDependencyIndexError`` (an
    ///   unknown or forbidden key, a mismatched factory, an instruction that would replace nothing
    ///   or names a scope the program has not made).
    @discardableResult
    public func inject(with parser: InjectDependenciesArgumentParser) throws -> DynamicDependencyRegistry {
        if checkDependencies { parser.checkDependenciesAndExit(instructions: try instructions()) }
        return try parser.inject(instructions: instructions())
    }
}
#endif
