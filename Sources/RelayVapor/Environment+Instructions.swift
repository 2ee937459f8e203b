#if VaporSupport
public import Relay
public import Vapor

extension Environment {
    /// Injects the dependency instructions in the arguments and `RELAY_DEPENDENCIES`, then detects
    /// Vapor's environment from the arguments that are left.
    ///
    /// Vapor parses the command line itself (`serve --hostname … --port …`, `routes`, `--env`) and
    /// refuses options it does not know, so Relay's `-d`/`--dependency` options are taken out
    /// first; Vapor never sees them. The injection is all or nothing, as everywhere in Relay: after
    /// an error nothing has been registered, and the error names the bad token or key. Register the
    /// program's defaults first (an instruction must replace a registration).
    ///
    /// ```swift
    /// try BookshelfRegistry().registerDependencies()
    /// var environment: Environment
    /// do {
    ///     environment = try Environment.detect(injectingWith: InjectDependenciesArgumentParser())
    /// } catch {
    ///     print("Error: \(error)")
    ///     exit(64)  // a usage error
    /// }
    /// let app = try await Application.make(environment)
    /// ```
    ///
    /// In a release build, leave the parser out and use ``Environment/detect(removingInstructionsFrom:)``
    /// instead if `-d` should be ignored, or plain `Environment.detect()` if it should be refused.
    ///
    /// - Parameters:
    ///   - parser: What injects the instructions: its index, container, allow-list, report, and
    ///     the environment `RELAY_DEPENDENCIES` is read from.
    ///   - arguments: The program's arguments, its name first. Defaults to the process's.
    /// - Returns: Vapor's environment, whose `arguments` hold no instructions.
    /// - Throws: ``Relay/DependencyInjectionInstructionError`` or
    ///   ``Relay/DynamicDependencyIndexError`` for a bad instruction (nothing injected), or what
    ///   Vapor's detection threw (an unknown `--env`, say).
    public static func detect(
        injectingWith parser: InjectDependenciesArgumentParser,
        arguments: [String] = ProcessInfo.processInfo.arguments
    ) throws -> Environment {
        let remaining = try InstructionSource.arguments(removingInstructionsFrom: arguments)
        // Vapor's part first: it changes nothing, so that when it throws nothing is injected.
        let detected = try detect(arguments: remaining)
        try parser.parse(arguments: arguments)
        return detected
    }

    /// Detects Vapor's environment from the arguments without Relay's instruction options, which
    /// are dropped unread.
    ///
    /// The arguments have no default, so that Vapor's own `Environment.detect()` stays
    /// unambiguous where RelayVapor is imported.
    ///
    /// - Parameter arguments: The program's arguments, its name first: `CommandLine.arguments`.
    /// - Returns: Vapor's environment, whose `arguments` hold no instructions.
    /// - Throws: ``Relay/DependencyInjectionInstructionError`` for an instruction option with
    ///   nothing after it, or what Vapor's detection threw.
    public static func detect(
        removingInstructionsFrom arguments: [String]
    ) throws -> Environment {
        try detect(arguments: InstructionSource.arguments(removingInstructionsFrom: arguments))
    }
}
#endif
