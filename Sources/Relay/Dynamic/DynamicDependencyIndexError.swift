/// A dynamic injection that names something the index does not know, or pairs things that do not
/// fit: an unknown type or factory key, a key added twice with different meanings, a factory for
/// another type, a type the program does not allow to be injected, a type the program never
/// registered, or a scope it never made.
///
/// The ``description`` names the key, suggests a near miss, and lists the known keys:
///
/// ```
/// Unknown factory key 'sunnny' for type 'forecastService'. Did you mean 'sunny'? Known factories: rainy, sunny
/// ```
///
/// An instruction that replaces nothing is almost always a test's mistake (a registration the
/// program dropped or renamed, an index shared with another program);
/// ``InjectDependenciesArgumentParser`` refuses it (unless created with
/// `allowsUnregisteredTypes: true`) and lists what is registered instead:
///
/// ```
/// Instruction 'type=clock,factory=fixed,scope=checkout' would replace 'Clock' (type key 'clock') in scope 'checkout', but the program registered no 'Clock' there, nor in global.
///   registered in scope 'checkout': Cart
///   registered in global: Cart, BookStore
///   to fix: correct the instruction's type key or scope, or register 'Clock' before injecting; to add types the program never registers, create the parser with InjectDependenciesArgumentParser(allowsUnregisteredTypes: true)
/// ```
///
/// So is an instruction for a scope the program has not made (a misspelt scope would otherwise
/// fall back to global and replace nothing anything resolves):
///
/// ```
/// Instruction 'type=clock,factory=fixed,scope=chekout' names scope 'chekout', which the program has not made. Did you mean 'checkout'? Scopes the program has made: checkout
///   to fix: correct the scope; a scope the program makes only later must be made (container(for:)) before injecting, or create the parser with InjectDependenciesArgumentParser(allowsUnregisteredTypes: true)
/// ```
public struct DynamicDependencyIndexError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure.
    ///
    /// New codes may be added; a `switch` over codes needs a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Kind: String {
            case unknownTypeKey, unknownFactoryKey, conflictingTypeKey, conflictingFactoryKey
            case typeMismatch, typeNotAllowed, nothingToReplace, unknownScope
            case weakNeedsObject, duplicateInstruction
            case configurationNotTaken, configurationMissing, configurationNotDecodable
            case noTestAnswers, nothingToSpyOn
        }

        fileprivate let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// No type index has the instruction's type key.
        public static let unknownTypeKey = Code(.unknownTypeKey)
        /// No factory index has the instruction's factory key.
        public static let unknownFactoryKey = Code(.unknownFactoryKey)
        /// Two type indices map one key to different types.
        public static let conflictingTypeKey = Code(.conflictingTypeKey)
        /// Two factory indices define one key.
        public static let conflictingFactoryKey = Code(.conflictingFactoryKey)
        /// The factory produces another type than the instruction's type key names.
        public static let typeMismatch = Code(.typeMismatch)
        /// The program's allow-list does not include the instruction's type key.
        public static let typeNotAllowed = Code(.typeNotAllowed)
        /// The instruction's type is registered (without a name) neither in its scope's container
        /// nor in the global one: it would add a dependency, not replace one.
        public static let nothingToReplace = Code(.nothingToReplace)
        /// The instruction's scope is one the program has not made (with
        /// ``DependencyContainer/container(for:)-method``) by the time instructions are applied.
        public static let unknownScope = Code(.unknownScope)
        /// An instruction asks for `lifecycle=weak` for a type that a value can be: a weak
        /// reference holds only a class instance.
        public static let weakNeedsObject = Code(.weakNeedsObject)
        /// Two instructions from one place (the command line, or the environment) replace the same
        /// type in the same scope.
        public static let duplicateInstruction = Code(.duplicateInstruction)

        /// The instruction carries a configuration, and its factory takes none.
        public static let configurationNotTaken = Code(.configurationNotTaken)
        /// The instruction's factory takes a configuration, and the instruction carries none.
        public static let configurationMissing = Code(.configurationMissing)
        /// The instruction's configuration does not decode as the factory's configuration type.
        public static let configurationNotDecodable = Code(.configurationNotDecodable)
        /// The instruction's factory makes a stub whose calls the test answers
        /// (``TypedDependencyFactory/answeredByTest(_:_:)``), and no test answers them: the
        /// program was not launched with a channel to its test, and the parser was given no
        /// answers in process.
        public static let noTestAnswers = Code(.noTestAnswers)
        /// The instruction's factory makes a spy (``TypedDependencyFactory/spiedByTest(_:_:)``),
        /// which wraps the implementation it replaces, and the program registers none for the
        /// instruction's type in its scope or in the global container.
        public static let nothingToSpyOn = Code(.nothingToSpyOn)

        /// The code's name.
        public var description: String { kind.rawValue }
    }

    /// What each kind of failure knows, for its sentence.
    private enum Detail: Sendable {
        /// An unknown key, the keys that are known, and for a factory the type it was asked for.
        case unknown(known: [String], forType: String?)
        /// One key, two meanings: what each index says it is, and which index said it.
        case conflict(existing: String?, existingSource: String, added: String?, addedSource: String)
        /// A factory checked against a type key when an instruction is applied.
        case mismatchedType(produced: String, typeKey: String, expected: String)
        /// An untyped factory's result, checked when it is resolved.
        case producedWrongType(produced: String, expected: String)
        /// A type key outside the program's allow-list, and the allowed ones.
        case notAllowed(allowed: [String])
        /// An instruction for a type nothing registered, and what each container looked in
        /// registers, nearest first.
        case replacesNothing(
            instruction: String, type: String, scope: DependencyContainerScope,
            registered: [(scope: DependencyContainerScope, types: [String])])
        /// An instruction for a scope the program has not made, and the scopes it has.
        case unmadeScope(instruction: String, made: [String])
        case valueForWeak(instruction: String, type: String)
        case duplicate(first: String, second: String, scope: DependencyContainerScope)
        /// An instruction whose configuration does not fit its factory: the factory's configuration
        /// type (`nil` when it takes none), and why the value did not decode.
        case configuration(instruction: String, factory: String, takes: String?, reason: String?)
        /// An instruction for a stub the test answers, where nothing answers.
        case noTestAnswers(instruction: String, factory: String)
        /// A spy whose type the program does not register.
        case nothingToSpyOn(instruction: String, type: String, scope: DependencyContainerScope)
    }

    /// The kind of failure.
    public let code: Code

    /// The offending key's tag: a type key, a factory key, or for ``Code/unknownScope`` the scope.
    public let key: String

    private let detail: Detail

    /// Where the instruction that failed was read; `nil` for an error about the index itself, or
    /// for an instruction made in code.
    public internal(set) var origin: InstructionOrigin?

    private init(code: Code, key: String, detail: Detail) {
        self.code = code
        self.key = key
        self.detail = detail
    }

    /// The keys the index (or the allow-list) knows, sorted, where the failure is an unknown or
    /// disallowed key; for ``Code/unknownScope``, the scopes the program has made; empty otherwise.
    public var knownKeys: [String] {
        switch detail {
        case .unknown(let known, _): known
        case .notAllowed(let allowed): allowed
        case .unmadeScope(_, let made): made
        case .conflict, .mismatchedType, .producedWrongType, .replacesNothing, .valueForWeak, .duplicate,
            .noTestAnswers, .nothingToSpyOn,
            .configuration:
            []
        }
    }

    /// For ``Code/nothingToReplace``, what the containers the instruction looked in do register,
    /// nearest first (its scope's, then global), each as `Type` or `Type["name"]`; empty otherwise.
    public var registeredTypes: [String] {
        guard case .replacesNothing(_, _, _, let registered) = detail else { return [] }
        return registered.flatMap(\.types)
    }

    /// The full message.
    public var description: String {
        guard origin == .environment else { return message }
        return "In \(InstructionSource.environmentVariable): \(message)"
    }

    /// The message without where the instruction was read.
    private var message: String {
        let key = key.echoed
        switch detail {
        case .unknown(let known, let type):
            let (noun, plural) = code == .unknownFactoryKey ? ("factory", "factories") : ("type", "types")
            let context = type.map { " for type '\($0.echoed)'" } ?? ""
            let listing =
                known.isEmpty
                ? "none (add an index to the DynamicDependencyIndex)" : known.map(\.echoed).joined(separator: ", ")
            return "Unknown \(noun) key '\(key)'\(context).\(NearMiss.didYouMean(self.key, among: known))"
                + " Known \(plural): \(listing)"
        case .conflict(let existing?, let existingSource, let added?, let addedSource):
            return "Type key '\(key)' names '\(existing)' in \(existingSource) and '\(added)' in \(addedSource); "
                + "give one of them another key."
        case .conflict(_, let existingSource, _, let addedSource):
            return "Factory key '\(key)' is defined by both \(existingSource) and \(addedSource); "
                + "give one of them another key."
        case .mismatchedType(let produced, let typeKey, let expected):
            return "Factory '\(key)' produces '\(produced)', but type key '\(typeKey)' names '\(expected)'. "
                + "Pick a factory for '\(expected)'."
        case .producedWrongType(let produced, let expected):
            return "Factory '\(key)' produced '\(produced)', which is not a '\(expected)'."
        case .notAllowed(let allowed):
            return "Type key '\(key)' may not be injected into this program. "
                + "Allowed: \(allowed.isEmpty ? "none" : allowed.map(\.echoed).joined(separator: ", "))"
        case .replacesNothing(let instruction, let type, let scope, let registered):
            func place(_ scope: DependencyContainerScope) -> String {
                scope.placeDescription().echoed
            }
            let elsewhere = scope.isGlobal ? "" : ", nor in global"
            let listing = registered.map { looked, types in
                "\n  registered in \(place(looked)): \(types.isEmpty ? "nothing" : types.joined(separator: ", "))"
            }
            return
                "Instruction '\(instruction.echoed)' would replace '\(type)' (type key '\(key)') in \(place(scope)), "
                + "but the program registered no '\(type)' there\(elsewhere).\(listing.joined())"
                + "\n  to fix: correct the instruction's type key or scope, or register '\(type)' before injecting; "
                + "to add types the program never registers, create the parser with "
                + "InjectDependenciesArgumentParser(allowsUnregisteredTypes: true)"
        case .unmadeScope(let instruction, let made):
            return "Instruction '\(instruction.echoed)' names scope '\(key)', which the program has not made."
                + "\(NearMiss.didYouMean(self.key, among: made))"
                + " Scopes the program has made: \(made.isEmpty ? "none" : made.map(\.echoed).joined(separator: ", "))"
                + "\n  to fix: correct the scope; a scope the program makes only later must be made "
                + "(container(for:)) before injecting, or create the parser with "
                + "InjectDependenciesArgumentParser(allowsUnregisteredTypes: true)"
        case .valueForWeak(let instruction, let type):
            return
                "Instruction '\(instruction.echoed)' asks for lifecycle weak, but type key '\(key)' names '\(type)', "
                + "which a value can be: a weak reference holds only a class instance.\n"
                + "  to fix: use lifecycle singleton or transient, or give the type key a class or a class-bound "
                + "protocol (one that refines AnyObject)"
        case .duplicate(let first, let second, let scope):
            return "Instructions '\(first.echoed)' and '\(second.echoed)' both replace type key '\(key)' in "
                + "\(scope.placeDescription().echoed); give it once."
        case .configuration(let instruction, let factory, nil, _):
            return "Instruction '\(instruction.echoed)' carries a configuration, but factory '\(factory.echoed)' "
                + "takes none.\n  to fix: leave the configuration out, or give the factory a configuration type "
                + "(TypedDependencyFactory(_:configuration:_:))"
        case .configuration(let instruction, let factory, let takes?, nil):
            return "Instruction '\(instruction.echoed)' carries no configuration, but factory '\(factory.echoed)' "
                + "takes a '\(takes)'.\n  to fix: add one, e.g. DependencyInstructionLaunchArgument(type:factory:"
                + "configuration:) with a value of '\(takes)'"
        case .configuration(let instruction, let factory, let takes?, let reason?):
            return "Instruction '\(instruction.echoed)' carries a configuration that is not a '\(takes)', which "
                + "factory '\(factory.echoed)' takes: \(reason.echoed)"
        case .nothingToSpyOn(let instruction, let type, let scope):
            return "Instruction '\(instruction.echoed)' names a spy, which wraps the program's own \(type) in "
                + "\(scope), and the program registers none there or in global.\n  to fix: register \(type) in the "
                + "program, or name a stub the test answers (answeredByTest) instead of a spy"
        case .noTestAnswers(let instruction, let factory):
            return "Instruction '\(instruction.echoed)' names factory '\(factory.echoed)', a stub whose calls the "
                + "test answers, but no test answers them here.\n  to fix: launch the program with RelayTesting's "
                + "ProgramLauncher and its stubAnswers set (the launcher hands the program a channel to the test); "
                + "in process, create the parser with InjectDependenciesArgumentParser(answering:)"
        }
    }

    // MARK: - Making errors

    static func unknown<Role>(
        _ key: DynamicDependencyKey<Role>,
        known: [DynamicDependencyKey<Role>],
        forType type: DependencyTypeKey? = nil
    ) -> Self {
        Self(
            code: Role.self == DependencyFactoryRole.self ? .unknownFactoryKey : .unknownTypeKey, key: key.tag,
            detail: .unknown(known: known.sorted().map(\.tag), forType: type?.tag))
    }

    static func conflictingType(
        _ key: DependencyTypeKey,
        existing: Any.Type, in existingSource: String,
        added: Any.Type, in addedSource: String
    ) -> Self {
        Self(
            code: .conflictingTypeKey, key: key.tag,
            detail: .conflict(
                existing: "\(existing)", existingSource: existingSource, added: "\(added)", addedSource: addedSource))
    }

    static func conflictingFactory(_ key: DependencyFactoryKey, in existingSource: String, and addedSource: String)
        -> Self
    {
        Self(
            code: .conflictingFactoryKey, key: key.tag,
            detail: .conflict(existing: nil, existingSource: existingSource, added: nil, addedSource: addedSource))
    }

    static func mismatchedType(
        factory: DependencyFactoryKey,
        produces produced: String,
        typeKey: DependencyTypeKey,
        names expected: String
    ) -> Self {
        Self(
            code: .typeMismatch, key: factory.tag,
            detail: .mismatchedType(produced: produced, typeKey: typeKey.tag, expected: expected))
    }

    static func factoryProducedWrongType(
        factory: DependencyFactoryKey,
        produced: Any.Type,
        expected: Any.Type
    ) -> Self {
        Self(
            code: .typeMismatch, key: factory.tag,
            detail: .producedWrongType(produced: "\(produced)", expected: "\(expected)"))
    }

    static func notAllowed(_ key: DependencyTypeKey, allowed: Set<DependencyTypeKey>) -> Self {
        Self(code: .typeNotAllowed, key: key.tag, detail: .notAllowed(allowed: allowed.sorted().map(\.tag)))
    }

    /// An instruction for a scope the program has not made.
    ///
    /// - Parameters:
    ///   - instruction: The instruction as written.
    ///   - scope: Its scope.
    ///   - made: The scopes the program has made.
    static func unmadeScope(
        _ instruction: String, scope: DependencyContainerScope, made: [DependencyContainerScope]
    ) -> Self {
        Self(
            code: .unknownScope, key: scope.tag,
            detail: .unmadeScope(instruction: instruction, made: made.map(\.tag)))
    }

    /// An instruction that would replace nothing.
    ///
    /// - Parameters:
    ///   - instruction: The instruction as written.
    ///   - typeKey: Its type key.
    ///   - type: The type the key names.
    ///   - scope: The scope it registers in.
    ///   - registered: Each container looked in, nearest first, with what it registers.
    static func replacingNothing(
        _ instruction: String,
        typeKey: DependencyTypeKey,
        type: Any.Type,
        scope: DependencyContainerScope,
        registered: [(scope: DependencyContainerScope, types: [String])]
    ) -> Self {
        Self(
            code: .nothingToReplace, key: typeKey.tag,
            detail: .replacesNothing(
                instruction: instruction, type: String(describing: type), scope: scope, registered: registered))
    }

    static func valueForWeak(_ instruction: DependencyInjectionInstruction, type: Any.Type) -> Self {
        var error = Self(
            code: .weakNeedsObject, key: instruction.type.tag,
            detail: .valueForWeak(instruction: instruction.description, type: String(describing: type)))
        error.origin = instruction.origin
        return error
    }

    static func duplicate(_ first: DependencyInjectionInstruction, _ second: DependencyInjectionInstruction) -> Self {
        var error = Self(
            code: .duplicateInstruction, key: first.type.tag,
            detail: .duplicate(
                first: first.description, second: second.description, scope: first.scope ?? .global))
        error.origin = second.origin
        return error
    }

    /// An instruction whose configuration does not fit its factory: carried but not taken
    /// (`takes` is `nil`), taken but not carried (`reason` is `nil`), or not decodable.
    static func configuration(
        _ instruction: DependencyInjectionInstruction,
        takes: Any.Type?,
        reason: String? = nil
    ) -> Self {
        configuration(instruction, takesNamed: takes.map { String(reflecting: $0) }, reason: reason)
    }

    /// An instruction whose configuration does not fit its factory, whose configuration type is
    /// known by its qualified name (`String(reflecting:)`) only.
    static func configuration(
        _ instruction: DependencyInjectionInstruction,
        takesNamed takes: String?,
        reason: String? = nil
    ) -> Self {
        let code: Code =
            takes == nil ? .configurationNotTaken : reason == nil ? .configurationMissing : .configurationNotDecodable
        var error = Self(
            code: code, key: instruction.factory.tag,
            detail: .configuration(
                instruction: instruction.description, factory: instruction.factory.tag,
                takes: takes.map(configurationName), reason: reason))
        error.origin = instruction.origin
        return error
    }

    /// An instruction for a spy, where the program registers nothing to spy on.
    static func nothingToSpyOn(_ instruction: DependencyInjectionInstruction, type: Any.Type) -> Self {
        var error = Self(
            code: .nothingToSpyOn, key: instruction.type.tag,
            detail: .nothingToSpyOn(
                instruction: instruction.description, type: String(describing: type),
                scope: instruction.scope ?? .global))
        error.origin = instruction.origin
        return error
    }

    /// An instruction for a stub the test answers, where no test answers.
    static func noTestAnswers(_ instruction: DependencyInjectionInstruction) -> Self {
        var error = Self(
            code: .noTestAnswers, key: instruction.factory.tag,
            detail: .noTestAnswers(instruction: instruction.description, factory: instruction.factory.tag))
        error.origin = instruction.origin
        return error
    }

    /// A configuration type as messages name it: qualified by its enclosing types but not its module
    /// (`FixedClock.Configuration`), and without the `Optional` of one that may be left out.
    private static func configurationName(_ qualifiedName: String) -> String {
        var name = qualifiedName
        if name.hasPrefix("Swift.Optional<"), name.hasSuffix(">") {
            name = String(name.dropFirst("Swift.Optional<".count).dropLast())
        }
        // The module, where there is one: `BookshelfStubs.FixedClock.Configuration`.
        if let dot = name.firstIndex(of: "."), !name[..<dot].contains("<") {
            name = String(name[name.index(after: dot)...])
        }
        return name
    }

    /// The error, saying that the instruction it is about was read from `origin`.
    func read(from origin: InstructionOrigin?) -> Self {
        var error = self
        error.origin = origin
        return error
    }
}
