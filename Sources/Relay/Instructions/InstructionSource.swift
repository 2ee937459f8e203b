/// Where dynamic instructions are read from: a program's arguments and its environment.
///
/// The two readers live together so that the argument forms and the environment format are
/// defined in one place, next to the grammar they carry.
public enum InstructionSource {
    /// The environment variable that carries instructions, separated by `;` or line breaks.
    public static let environmentVariable = "RELAY_DEPENDENCIES"

    /// What separates instructions in ``environmentVariable`` when Relay writes them (it reads line
    /// breaks too).
    public static let environmentSeparator = ";"

    /// The short option that precedes an instruction.
    public static let shortOption = "-d"

    /// The long option that precedes an instruction, or joins it with `=`.
    public static let longOption = "--dependency"

    /// Reads the instructions in a program's arguments (without the program's name).
    ///
    /// Forms: `-d VALUE`, `--dependency VALUE` and `--dependency=VALUE`, repeated freely and mixed
    /// with the program's own arguments, which are left alone. A `--` ends the scan.
    ///
    /// ```swift
    /// let instructions = try InstructionSource.instructions(
    ///     inArguments: ["--port", "8080", "-d", "type=clock,factory=fixed"])
    /// ```
    ///
    /// - Parameter arguments: The arguments after the program's name.
    /// - Returns: The instructions, in order.
    /// - Throws: ``DependencyInjectionInstructionError`` for an option with no instruction after
    ///   it, or a malformed instruction.
    public static func instructions(
        inArguments arguments: some Sequence<String>
    ) throws(DependencyInjectionInstructionError) -> [DependencyInjectionInstruction] {
        var instructions: [DependencyInjectionInstruction] = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next(), argument != "--" {
            if argument == shortOption || argument == longOption {
                guard let value = iterator.next(), !isOption(value) else {
                    throw missingInstruction(after: argument)
                }
                instructions.append(try instruction(parsing: value, from: .commandLine))
            } else if argument.hasPrefix(longOption + "=") {
                let value = String(argument.dropFirst(longOption.count + 1))
                guard !value.isEmpty else { throw missingInstruction(after: argument) }
                instructions.append(try instruction(parsing: value, from: .commandLine))
            }
        }
        return instructions
    }

    /// The arguments with every instruction and its option taken out, for a program whose own
    /// command-line parser would refuse options it does not know (Vapor's, for one).
    ///
    /// It takes out exactly what ``instructions(inArguments:)`` reads: `-d VALUE`,
    /// `--dependency VALUE` and `--dependency=VALUE` before a `--`. The `--` and everything after it
    /// stay, as do the program's name and its own arguments, in their order.
    ///
    /// ```swift
    /// let arguments = try InstructionSource.arguments(
    ///     removingInstructionsFrom: ["app", "serve", "-d", "type=clock,factory=fixed", "--port", "8080"])
    /// // ["app", "serve", "--port", "8080"]
    /// ```
    ///
    /// - Parameter arguments: The arguments, with or without the program's name first (an
    ///   instruction option is never a program's name).
    /// - Returns: The arguments without the instructions.
    /// - Throws: ``DependencyInjectionInstructionError`` for an option with no instruction after
    ///   it, as ``instructions(inArguments:)`` does; the instructions themselves are not parsed.
    public static func arguments(
        removingInstructionsFrom arguments: [String]
    ) throws(DependencyInjectionInstructionError) -> [String] {
        var kept: [String] = []
        kept.reserveCapacity(arguments.count)
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" {
                kept.append(contentsOf: arguments[index...])
                break
            }
            if argument == shortOption || argument == longOption {
                let valueIndex = arguments.index(after: index)
                guard valueIndex < arguments.endIndex, !isOption(arguments[valueIndex]) else {
                    throw missingInstruction(after: argument)
                }
                index = arguments.index(after: valueIndex)
                continue
            }
            if argument.hasPrefix(longOption + "=") {
                guard argument.count > longOption.count + 1 else { throw missingInstruction(after: argument) }
            } else {
                kept.append(argument)
            }
            index = arguments.index(after: index)
        }
        return kept
    }

    /// Reads the instructions in the value of ``environmentVariable``.
    ///
    /// Instructions are separated by `;` or line breaks; blank ones between separators are skipped,
    /// so a trailing `;` is harmless.
    ///
    /// ```swift
    /// // RELAY_DEPENDENCIES="type=clock,factory=fixed; type=bookStore,factory=inMemory"
    /// let instructions = try InstructionSource.instructions(inEnvironment: ProcessInfo.processInfo.environment)
    /// ```
    ///
    /// - Parameter environment: The environment; only ``environmentVariable`` is read.
    /// - Returns: The instructions, in order; empty when the variable is not set.
    /// - Throws: ``DependencyInjectionInstructionError`` for a malformed instruction.
    public static func instructions(
        inEnvironment environment: [String: String]
    ) throws(DependencyInjectionInstructionError) -> [DependencyInjectionInstruction] {
        guard let value = environment[environmentVariable] else { return [] }
        var instructions: [DependencyInjectionInstruction] = []
        // Split on scalars, as the grammar does, so a combining mark cannot hide a separator.
        let separators = Set((environmentSeparator + "\n\r").unicodeScalars)
        for segment in value.unicodeScalars.split(whereSeparator: { separators.contains($0) }).map(String.init)
        where !segment.trimmingWhitespace.isEmpty {
            instructions.append(try instruction(parsing: segment, from: .environment))
        }
        return instructions
    }

    /// Renders instructions as the value of ``environmentVariable``.
    ///
    /// - Parameter instructions: The instructions.
    /// - Returns: The instructions joined by `;`.
    /// - Throws: ``DependencyInjectionInstructionError`` for a value an instruction cannot carry.
    public static func environmentValue(
        for instructions: [DependencyInjectionInstruction]
    ) throws(DependencyInjectionInstructionError) -> String {
        var rendered: [String] = []
        for instruction in instructions {
            rendered.append(try instruction.rendered())
        }
        return environmentValue(carrying: rendered)
    }

    // MARK: - Writing instruction texts

    // The two writers below are the only places that know how instructions travel; the typed
    // renderers above and in DependencyInstructionLaunchArgument use them, and so does
    // RelayTesting's launcher, which also carries raw texts a test wants malformed on purpose.

    /// Writes instruction texts as arguments: ``shortOption`` before each, as
    /// ``instructions(inArguments:)`` reads them back.
    ///
    /// - Parameter texts: The instructions as written, in order; not checked against the grammar.
    /// - Returns: `["-d", text, "-d", text, …]`.
    package static func arguments(carrying texts: [String]) -> [String] {
        texts.flatMap { [shortOption, $0] }
    }

    /// Writes instruction texts as the value of ``environmentVariable``, as
    /// ``instructions(inEnvironment:)`` reads them back.
    ///
    /// - Parameter texts: The instructions as written, in order; not checked against the grammar.
    /// - Returns: The texts joined by ``environmentSeparator``.
    package static func environmentValue(carrying texts: [String]) -> String {
        texts.joined(separator: environmentSeparator)
    }

    /// Parses one instruction read from `origin`, which it and any error it throws carry.
    package static func instruction(
        parsing text: String,
        from origin: InstructionOrigin
    ) throws(DependencyInjectionInstructionError) -> DependencyInjectionInstruction {
        do {
            var instruction = try DependencyInjectionInstruction(parsing: text)
            instruction.origin = origin
            return instruction
        } catch {
            var located = error
            located.origin = origin
            throw located
        }
    }

    private static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument.count > 1
    }

    private static func missingInstruction(after option: String) -> DependencyInjectionInstructionError {
        var error = DependencyInjectionInstructionError(code: .missingInstruction, token: option, input: option)
        error.origin = .commandLine
        return error
    }
}
