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
///
/// An instruction must replace something the program registered: its type, without a name, in
/// its scope or (which a scope falls back to) in global. One that would add a type the program
/// never registered is almost always a test's mistake (a registration the program dropped or
/// renamed) and would otherwise pass unnoticed; it fails with ``DynamicDependencyIndexError``
/// code ``DynamicDependencyIndexError/Code/nothingToReplace``, which lists what is registered.
/// Likewise the instruction's scope must be one the program has made: a misspelt scope falls back
/// to global, and its replacement would reach nothing (code
/// ``DynamicDependencyIndexError/Code/unknownScope``, with the nearest scope). Register the
/// defaults and make the scopes first, or pass `allowsUnregisteredTypes: true` where adding types
/// (or scopes made later) is the point:
///
/// ```swift
/// try CommandLine.parse(with: [InjectDependenciesArgumentParser(allowsUnregisteredTypes: true)])
/// ```
///
/// In a debug build launched by RelayTesting, the parser also opens what the launcher named in the
/// environment: the channel to the test in `RELAY_CONTROL_CHANNEL` (stubs the test answers, see
/// ``StubCalls``; re-wiring; sessions), a machine-readable ``WiringAccount`` (what it injected,
/// the registrations, then what the factories built and resolved) in
/// ``WiringAccount/environmentVariable``, and line-buffered standard output. Without those
/// variables it opens nothing and installs nothing; in a release build it ignores them unless the
/// program's code opts in with `testHooks: .always` (see ``DriverTestHooks``).
public struct InjectDependenciesArgumentParser: CommandLineArgumentParser, Sendable {
    /// Where type and factory keys are looked up.
    public let index: DynamicDependencyIndex

    /// The root whose containers the instructions register in.
    public let container: DependencyContainer

    /// The type keys that may be injected; `nil` allows every key in the index.
    public let allowedTypes: Set<DependencyTypeKey>?

    /// Whether an instruction may name a type the program never registered (in its scope, or in
    /// global), or a scope the program has not made yet; `false` by default, when such an
    /// instruction is an error.
    public let allowsUnregisteredTypes: Bool

    /// Whether to read `RELAY_DEPENDENCIES`.
    public let readsEnvironment: Bool

    /// The environment `RELAY_DEPENDENCIES` (and a launcher's variables) are read from; `nil` for
    /// the process's.
    public let environment: [String: String]?

    /// Where to say what was injected.
    public let report: InjectionReport

    /// What answers the calls of stubs the test answers (``TypedDependencyFactory/answeredByTest(_:_:)``)
    /// in process; `nil` (the default) for the channel a launcher handed the program, if any.
    public let answering: (any StubCallAnswering)?

    /// Whether a launcher's channel, wiring account and output buffering are opened when the
    /// environment names them: in debug builds only, by default.
    public let testHooks: DriverTestHooks

    /// Creates a parser.
    ///
    /// - Parameters:
    ///   - index: Where keys are looked up. Defaults to ``DynamicDependencyIndex/shared``.
    ///   - container: The root to register in. Defaults to ``DependencyContainer/global``.
    ///   - allowedTypes: The only type keys that may be injected; `nil` (the default) allows all.
    ///   - allowsUnregisteredTypes: Whether an instruction may add a type the program never
    ///     registered instead of replacing one, or name a scope the program has not made yet.
    ///     Defaults to `false`.
    ///   - readsEnvironment: Whether to read `RELAY_DEPENDENCIES` too. Defaults to `true`.
    ///   - environment: The environment to read it (and a launcher's variables) from; `nil` (the
    ///     default) for the process's. A test passes its own.
    ///   - report: Where to say what was injected. Defaults to standard error.
    ///   - answering: What answers the calls of stubs the test answers, for a test that injects in
    ///     process (RelayTesting's `StubAnswers`); `nil` (the default) for the channel that
    ///     RelayTesting's launcher hands a launched program, when it does.
    ///   - testHooks: Whether what a launcher names in the environment (the channel to the test,
    ///     the wiring account, line-buffered output) is opened. Defaults to
    ///     ``DriverTestHooks/inDebugBuilds``.
    public init(
        index: DynamicDependencyIndex = .shared,
        container: DependencyContainer = .global,
        allowedTypes: Set<DependencyTypeKey>? = nil,
        allowsUnregisteredTypes: Bool = false,
        readsEnvironment: Bool = true,
        environment: [String: String]? = nil,
        report: InjectionReport = .standardError,
        answering: (any StubCallAnswering)? = nil,
        testHooks: DriverTestHooks = .inDebugBuilds
    ) {
        self.answering = answering
        self.testHooks = testHooks
        self.index = index
        self.container = container
        self.allowedTypes = allowedTypes
        self.allowsUnregisteredTypes = allowsUnregisteredTypes
        self.readsEnvironment = readsEnvironment
        self.environment = environment
        self.report = report
    }

    /// Reads, checks and registers every instruction in the arguments and the environment, all or
    /// nothing: the parser's one entry point for a command line, which `CommandLine.parse(with:)`
    /// calls.
    ///
    /// ```swift
    /// try InjectDependenciesArgumentParser().parse(arguments: CommandLine.arguments)
    /// ```
    ///
    /// For a test that reads the registry it applied, or instructions parsed already (by
    /// swift-argument-parser, say), see ``inject(instructions:)``.
    ///
    /// - Parameter arguments: The program's arguments, starting with its name.
    /// - Throws: ``DependencyInjectionInstructionError`` for a malformed instruction,
    ///   ``DynamicDependencyIndexError`` for an unknown or forbidden key, a mismatched factory, or an
    ///   instruction that would replace nothing.
    public func parse(arguments: [String]) throws {
        let instructions = try InstructionSource.instructions(inArguments: arguments.dropFirst())
        if let request = selfCheckRequest(arguments: Array(arguments.dropFirst())) {
            checkAndExit(request, instructions: instructions)
        }
        try inject(instructions: instructions)
    }

    /// Checks and registers instructions that were already parsed (by swift-argument-parser, or
    /// made in code: ``DependencyInjectionInstruction/init(parsing:)``), after those of the
    /// environment, all or nothing.
    ///
    /// ```swift
    /// let registry = try parser.inject(instructions: [try DependencyInjectionInstruction(parsing: "type=clock,factory=fixed")])
    /// ```
    ///
    /// - Parameter instructions: The instructions, in order.
    /// - Returns: The registry that was applied, with every instruction checked.
    /// - Throws: ``DependencyInjectionInstructionError`` for a malformed instruction in the
    ///   environment, ``DynamicDependencyIndexError`` for an unknown or forbidden key, a mismatched
    ///   factory, or an instruction that would replace nothing.
    @discardableResult
    public func inject(instructions: [DependencyInjectionInstruction]) throws -> DynamicDependencyRegistry {
        // The test layer's hooks (see `DriverTestHooks`): each opens only when the environment
        // names it, and none in a release build that did not opt in.
        let hooksAreOpen = testHooks.areOpen
        // A launcher asking for the program's index and check gets them instead of a run.
        if let request = selfCheckRequest(arguments: nil) { checkAndExit(request, instructions: instructions) }
        if hooksAreOpen {
            LaunchedOutputBuffering.applyIfAsked(in: environment ?? ProcessInfo.processInfo.environment)
        }
        var fromEnvironment: [DependencyInjectionInstruction] = []
        if readsEnvironment {
            fromEnvironment = try InstructionSource.instructions(
                inEnvironment: environment ?? ProcessInfo.processInfo.environment)
        }
        let given = instructions.map { instruction in
            var located = instruction
            located.origin = instruction.origin ?? .code
            return located
        }
        let merge = try InstructionMerge(environment: fromEnvironment, given: given)
        // The launcher's channel is opened only if the environment names one.
        let channel =
            hooksAreOpen
            ? ControlChannel.named(in: environment, allowsOtherHosts: testHooks.allowsTestsOnOtherHosts) : nil
        let registry = try DynamicDependencyRegistry.checked(
            merge.instructions, index: index, container: container, allowedTypes: allowedTypes,
            allowsUnregisteredTypes: allowsUnregisteredTypes, answering: answering ?? channel)
        registry.registerDependencies()
        report.report(registry, overrides: merge.overrides)
        if hooksAreOpen {
            WiringAccountWriter.report(registry, index: index, environment: environment, channel: channel)
        }
        // From now on the test may re-wire the program and open sessions in it, with the checks
        // the launch's instructions passed.
        if let channel {
            channel.attach(
                ProgramControl(
                    index: index, root: container.root, allowedTypes: allowedTypes,
                    allowsUnregisteredTypes: allowsUnregisteredTypes, channel: channel))
        }
        return registry
    }
}
