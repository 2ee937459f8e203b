/// A malformed dynamic instruction, on a command line, in the environment, or in a launch argument.
///
/// The ``description`` quotes the instruction and the offending token, says what is wrong, and
/// shows the expected form:
///
/// ```
/// Invalid dependency instruction 'type=clock,factory=fixed,scopee=checkout': 'scopee' is not a \
/// parameter. Did you mean 'scope'? Parameters: type, factory, scope, lifecycle
///   expected: type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=<lifecycle>]
/// ```
public struct DependencyInjectionInstructionError: Error, CustomStringConvertible, Sendable {
    /// The kind of mistake.
    ///
    /// New codes may be added; a `switch` over codes needs a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Kind: String {
            case emptyInstruction, emptyParameter, missingEquals, emptyKey, emptyValue, extraEquals
            case unknownParameter, duplicateParameter, invalidLifecycle, missingType, missingFactory
            case missingInstruction, unrepresentableValue
            case invalidConfiguration, configurationTooLarge
        }

        fileprivate let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// The instruction is empty or only white space.
        public static let emptyInstruction = Code(.emptyInstruction)
        /// Two commas in a row, or one at either end.
        public static let emptyParameter = Code(.emptyParameter)
        /// A parameter without `=`.
        public static let missingEquals = Code(.missingEquals)
        /// A parameter with nothing before `=`.
        public static let emptyKey = Code(.emptyKey)
        /// A parameter with nothing after `=`.
        public static let emptyValue = Code(.emptyValue)
        /// A value that contains `=`.
        public static let extraEquals = Code(.extraEquals)
        /// A parameter other than `type`, `factory`, `scope` and `lifecycle`.
        public static let unknownParameter = Code(.unknownParameter)
        /// A parameter given twice.
        public static let duplicateParameter = Code(.duplicateParameter)
        /// A lifecycle that is not one of ``LifecycleType``'s.
        public static let invalidLifecycle = Code(.invalidLifecycle)
        /// No `type` parameter.
        public static let missingType = Code(.missingType)
        /// No `factory` parameter.
        public static let missingFactory = Code(.missingFactory)
        /// `-d` or `--dependency` with nothing after it, or followed by another option.
        public static let missingInstruction = Code(.missingInstruction)
        /// A value that an instruction cannot carry (rendering for a launch).
        public static let unrepresentableValue = Code(.unrepresentableValue)
        /// A `configuration` value holds a malformed percent-escape, a character that must be
        /// escaped, or bytes that are not UTF-8.
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// A `configuration` is longer than
        /// ``DependencyInjectionInstruction/maximumConfigurationLength``.
        public static let configurationTooLarge = Code(.configurationTooLarge)

        /// The code's name.
        public var description: String { kind.rawValue }
    }

    /// The kind of mistake.
    public let code: Code

    /// The offending token, as it was written.
    public let token: String

    /// The whole instruction (or argument) the token came from.
    public let input: String

    /// The name of the parameter at fault (`type`, `scope`, …), where the mistake is in one
    /// parameter's value; `nil` otherwise.
    public let parameter: String?

    init(code: Code, token: String, input: String, parameter: String? = nil) {
        self.code = code
        self.token = token
        self.input = input
        self.parameter = parameter
    }

    /// Where the instruction was read; `nil` for an instruction parsed in code.
    public internal(set) var origin: InstructionOrigin?

    /// The full message: the input (with where it was read, when that was the environment), the
    /// problem, and the expected form.
    public var description: String {
        guard origin == .environment else {
            return "Invalid dependency instruction '\(input.echoed)': \(problem).\n"
                + "  expected: \(DependencyInjectionInstruction.expectedForm)"
        }
        let variable = InstructionSource.environmentVariable
        return "Invalid dependency instruction '\(input.echoed)' in \(variable): \(problem).\n"
            + "  expected: \(variable)='\(DependencyInjectionInstruction.expectedForm)[;…]'"
    }

    /// What is wrong, in words.
    public var problem: String {
        let name = (parameter ?? "").echoed
        let token = token.echoed
        switch code.kind {
        case .emptyInstruction:
            return "the instruction is empty"
        case .emptyParameter:
            return "it has an empty parameter (an extra ',')"
        case .missingEquals:
            return "parameter '\(token)' has no '=' and no value"
        case .emptyKey:
            return "parameter '\(token)' has no name before '='"
        case .emptyValue:
            return "parameter '\(name)' has an empty value"
        case .extraEquals:
            let value = self.token.scalarSplit(separator: "=").dropFirst().joined(separator: "=").trimmingWhitespace
            return "the value '\(value.echoed)' of '\(name)' contains '=', which values cannot"
        case .unknownParameter:
            let names = DependencyInjectionInstruction.parameterNames
            return "'\(token)' is not a parameter.\(NearMiss.didYouMean(self.token, among: names)) "
                + "Parameters: \(names.joined(separator: ", "))"
        case .duplicateParameter:
            return "parameter '\(name)' is given more than once"
        case .invalidLifecycle:
            let valid = LifecycleType.allCases.map(\.rawValue)
            return "'\(token)' is not a lifecycle.\(NearMiss.didYouMean(self.token, among: valid)) "
                + "Lifecycles: \(valid.joined(separator: ", "))"
        case .missingType:
            return "it has no 'type' parameter"
        case .missingFactory:
            return "it has no 'factory' parameter"
        case .missingInstruction:
            return "'\(token)' must be followed by an instruction"
        case .unrepresentableValue:
            return "the \(name) '\(token)' \(Self.whyUnrepresentable(self.token)), which an instruction cannot carry"
        case .invalidConfiguration:
            return "the configuration '\(token)' is not percent-encoded UTF-8 (write '%' as %25, ',' as %2C, "
                + "'=' as %3D, ';' as %3B, and every space or non-ASCII byte as %XX)"
        case .configurationTooLarge:
            let limit = DependencyInjectionInstruction.maximumConfigurationLength
            return "the configuration is \(self.token.utf8.count) bytes long, more than the \(limit) an instruction "
                + "carries; pass a file's path in it instead"
        }
    }

    /// Why a value cannot travel inside an instruction: the grammar's separators, a line break, or
    /// white space that parsing would trim.
    static func whyUnrepresentable(_ value: String) -> String {
        if value.isEmpty { return "is empty" }
        if let forbidden = value.unicodeScalars.first(where: { forbiddenScalars.contains($0) }) {
            return "contains '\(forbidden == "\n" ? "\\n" : String(forbidden))'"
        }
        return "has spaces around it"
    }

    /// What a value may not contain: the grammar's separators, the environment's, and line breaks.
    static let forbiddenScalars = Set(",=;\n\r".unicodeScalars)

    /// Whether a value survives rendering and parsing unchanged.
    static func isRepresentable(_ value: String) -> Bool {
        !value.isEmpty && !value.unicodeScalars.contains(where: forbiddenScalars.contains)
            && value.trimmingWhitespace == value
    }
}
