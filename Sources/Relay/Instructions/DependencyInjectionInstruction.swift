/// One dynamic injection: register the factory named `factory` for the type named `type`, in a
/// scope, with a lifecycle.
///
/// It is written `type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=<lifecycle>][,configuration=<JSON>]`
/// after `-d` or `--dependency` on a command line, or in the `RELAY_DEPENDENCIES` environment
/// variable. Parsing and rendering live here together, so the program and its driver share one
/// grammar.
///
/// ```swift
/// let instruction = try DependencyInjectionInstruction(parsing: "type=clock,factory=fixed,scope=checkout")
/// instruction.description  // "type=clock,factory=fixed,scope=checkout"
/// ```
///
/// A `configuration` is data from the driver for a factory that takes it (a stub's date, its
/// books): JSON, percent-encoded so that it never contains the grammar's separators
/// (`configuration={"date":"2024-03-01"}` travels as `configuration=%7B%22date%22:%222024-03-01%22%7D`).
/// Build it from a value with ``DependencyInstructionLaunchArgument/init(type:factory:configuration:scope:lifecycle:)``.
public struct DependencyInjectionInstruction: Hashable, Sendable, CustomStringConvertible {
    /// The abstract type to replace.
    public var type: DependencyTypeKey

    /// The factory to register for it.
    public var factory: DependencyFactoryKey

    /// The scope to register in; `nil` means global, and is left out when rendered.
    public var scope: DependencyContainerScope?

    /// The lifecycle to register with; `nil` means `.singleton`, and is left out when rendered.
    public var lifecycle: LifecycleType?

    /// The configuration for the factory, as JSON text (decoded from its percent-encoding); `nil`
    /// when the instruction carries none.
    public var configuration: String?

    /// Where the instruction was read, for messages and for which of two instructions wins; `nil`
    /// when it was made in code.
    ///
    /// Not part of the instruction's identity: two instructions that say the same are equal
    /// wherever they came from.
    public var origin: InstructionOrigin?

    /// The form every instruction takes, for messages. (A `configuration` may follow, for a factory
    /// that takes one: see above.)
    public static let expectedForm = "type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=<lifecycle>]"

    /// The parameter names, in the order they are rendered.
    static let parameterNames = ["type", "factory", "scope", "lifecycle", "configuration"]

    /// The longest configuration an instruction carries, in bytes of its encoded form: a command
    /// line and an environment are no place for more (a stub that needs more reads a file).
    public static let maximumConfigurationLength = 16 * 1024

    /// Creates an instruction.
    ///
    /// - Parameters:
    ///   - type: The abstract type to replace.
    ///   - factory: The factory to register for it.
    ///   - scope: The scope to register in; `nil` for global.
    ///   - lifecycle: The lifecycle; `nil` for `.singleton`.
    ///   - configuration: JSON text for a factory that takes a configuration; `nil` for none.
    public init(
        type: DependencyTypeKey,
        factory: DependencyFactoryKey,
        scope: DependencyContainerScope? = nil,
        lifecycle: LifecycleType? = nil,
        configuration: String? = nil
    ) {
        self.type = type
        self.factory = factory
        self.scope = scope
        self.lifecycle = lifecycle
        self.configuration = configuration
    }

    /// Parses an instruction.
    ///
    /// Parameters are separated by `,` and may come in any order, with spaces around keys and
    /// values. Keys are lower case; lifecycle values may be in any case.
    ///
    /// - Parameter text: The instruction, e.g. `type=clock,factory=fixed,lifecycle=transient`.
    /// - Throws: ``DependencyInjectionInstructionError`` quoting the offending token.
    public init(parsing text: String) throws(DependencyInjectionInstructionError) {
        func fail(
            _ code: DependencyInjectionInstructionError.Code, _ token: String, parameter: String? = nil
        ) -> DependencyInjectionInstructionError {
            DependencyInjectionInstructionError(code: code, token: token, input: text, parameter: parameter)
        }
        guard !text.trimmingWhitespace.isEmpty else { throw fail(.emptyInstruction, text) }
        var values: [String: String] = [:]
        // Split on Unicode scalars, not Characters: a combining mark after `,` or `=` would fuse
        // with it into one Character and hide the separator (found by fuzzing).
        for segment in text.scalarSplit(separator: ",") {
            let parameter = segment.trimmingWhitespace
            guard !parameter.isEmpty else { throw fail(.emptyParameter, segment) }
            let parts = parameter.scalarSplit(separator: "=")
            guard parts.count > 1 else { throw fail(.missingEquals, parameter) }
            let key = parts[0].trimmingWhitespace
            let value = parts[1].trimmingWhitespace
            guard !key.isEmpty else { throw fail(.emptyKey, parameter) }
            guard Self.parameterNames.contains(key) else { throw fail(.unknownParameter, key) }
            guard parts.count == 2 else { throw fail(.extraEquals, parameter, parameter: key) }
            guard !value.isEmpty else { throw fail(.emptyValue, parameter, parameter: key) }
            guard values.updateValue(value, forKey: key) == nil else {
                throw fail(.duplicateParameter, parameter, parameter: key)
            }
        }
        guard let type = values["type"] else { throw fail(.missingType, text) }
        guard let factory = values["factory"] else { throw fail(.missingFactory, text) }
        var lifecycle: LifecycleType?
        if let name = values["lifecycle"] {
            guard let parsed = LifecycleType.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() })
            else { throw fail(.invalidLifecycle, name, parameter: "lifecycle") }
            lifecycle = parsed
        }
        var configuration: String?
        if let encoded = values["configuration"] {
            guard encoded.utf8.count <= Self.maximumConfigurationLength else {
                throw fail(.configurationTooLarge, encoded, parameter: "configuration")
            }
            guard let decoded = ConfigurationEncoding.decoded(encoded) else {
                throw fail(.invalidConfiguration, encoded, parameter: "configuration")
            }
            configuration = decoded
        }
        self.init(
            type: DependencyTypeKey(type), factory: DependencyFactoryKey(factory),
            scope: values["scope"].map { DependencyContainerScope($0) }, lifecycle: lifecycle,
            configuration: configuration)
    }

    /// The instruction as written: `type=…,factory=…`, then scope and lifecycle when set.
    public var description: String {
        var parameters = ["type=\(type.tag)", "factory=\(factory.tag)"]
        if let scope { parameters.append("scope=\(scope.tag)") }
        if let lifecycle { parameters.append("lifecycle=\(lifecycle.rawValue)") }
        if let configuration { parameters.append("configuration=\(ConfigurationEncoding.encoded(configuration))") }
        return parameters.joined(separator: ",")
    }

    /// The instruction as a person reads it: ``description``, with the configuration decoded
    /// (`configuration={"word":"Cheerio, Ann"}`), for messages and reports, never for a command
    /// line.
    package var readableDescription: String {
        guard let configuration else { return description }
        var instruction = self
        instruction.configuration = nil
        return "\(instruction.description),configuration=\(configuration)"
    }

    /// Whether two instructions say the same: type, factory, scope and lifecycle, wherever each
    /// was read.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.type == rhs.type && lhs.factory == rhs.factory && lhs.scope == rhs.scope && lhs.lifecycle == rhs.lifecycle
            && lhs.configuration == rhs.configuration
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(factory)
        hasher.combine(scope)
        hasher.combine(lifecycle)
        hasher.combine(configuration)
    }

    /// Renders the instruction for a command line or the environment, checking that every value
    /// survives the trip: not empty, no `,`, `=` or `;`, no line break, no surrounding spaces.
    ///
    /// - Returns: The same text as ``description``.
    /// - Throws: ``DependencyInjectionInstructionError`` with code `unrepresentableValue`.
    public func rendered() throws(DependencyInjectionInstructionError) -> String {
        let values = [("type", type.tag), ("factory", factory.tag), ("scope", scope?.tag)]
        for case let (name, value?) in values where !DependencyInjectionInstructionError.isRepresentable(value) {
            throw DependencyInjectionInstructionError(
                code: .unrepresentableValue, token: value, input: description, parameter: name)
        }
        if let configuration {
            let encoded = ConfigurationEncoding.encoded(configuration)
            guard encoded.utf8.count <= Self.maximumConfigurationLength else {
                throw DependencyInjectionInstructionError(
                    code: .configurationTooLarge, token: encoded, input: description, parameter: "configuration")
            }
            guard !configuration.isEmpty else {
                throw DependencyInjectionInstructionError(
                    code: .unrepresentableValue, token: configuration, input: description, parameter: "configuration")
            }
        }
        return description
    }
}
