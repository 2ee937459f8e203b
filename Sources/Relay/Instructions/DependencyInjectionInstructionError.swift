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
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The instruction is empty or only white space.
        public static let emptyInstruction = Code("emptyInstruction")
        /// Two commas in a row, or one at either end.
        public static let emptyParameter = Code("emptyParameter")
        /// A parameter without `=`.
        public static let missingEquals = Code("missingEquals")
        /// A parameter with nothing before `=`.
        public static let emptyKey = Code("emptyKey")
        /// A parameter with nothing after `=`.
        public static let emptyValue = Code("emptyValue")
        /// A value that contains `=`.
        public static let extraEquals = Code("extraEquals")
        /// A parameter other than `type`, `factory`, `scope` and `lifecycle`.
        public static let unknownParameter = Code("unknownParameter")
        /// A parameter given twice.
        public static let duplicateParameter = Code("duplicateParameter")
        /// A lifecycle that is not one of ``LifecycleType``'s.
        public static let invalidLifecycle = Code("invalidLifecycle")
        /// No `type` parameter.
        public static let missingType = Code("missingType")
        /// No `factory` parameter.
        public static let missingFactory = Code("missingFactory")
        /// `-d` or `--dependency` with nothing after it, or followed by another option.
        public static let missingInstruction = Code("missingInstruction")
        /// A value that an instruction cannot carry (rendering for a launch).
        public static let unrepresentableValue = Code("unrepresentableValue")

        /// The code's name.
        public var description: String { name }
    }

    /// The kind of mistake.
    public let code: Code

    /// The offending token, as it was written.
    public let token: String

    /// The whole instruction (or argument) the token came from.
    public let input: String

    /// What is wrong, in words.
    public let problem: String

    init(code: Code, token: String, input: String, problem: String) {
        self.code = code
        self.token = token
        self.input = input
        self.problem = problem
    }

    /// The full message: the input, the problem, and the expected form.
    public var description: String {
        "Invalid dependency instruction '\(input)': \(problem).\n"
            + "  expected: \(DependencyInjectionInstruction.expectedForm)"
    }
}
