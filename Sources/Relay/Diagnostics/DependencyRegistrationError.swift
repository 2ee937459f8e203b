/// A registration the container refused: an alias (``RegisteredService/implements(_:name:converting:)``)
/// whose type and name another registration of the same container already answers to, an alias
/// of a type to itself, or a dynamic instruction that would replace a type the program never
/// registered.
///
/// The ``description`` names what was refused, why, and how to fix it:
///
/// ```
/// Cannot make 'BookReader' an alias of 'LibraryStore': 'BookReader' is already registered in global with a factory of its own.
///   to fix: give the alias a name, e.g. .implements(BookReader.self, name: "…") { $0 }, or keep only one of the two registrations
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
/// Nothing is registered when it is thrown. Match on ``code`` to tell the kinds apart; new codes
/// may be added, so a `switch` over codes needs a `default`.
public struct DependencyRegistrationError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Kind: String {
            case aliasAlreadyRegistered, aliasOfItself, nothingToReplace
        }

        fileprivate let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// The alias's type and name already have a registration in the container: a factory, an
        /// injected instruction, or an alias of another registration.
        public static let aliasAlreadyRegistered = Code(.aliasAlreadyRegistered)
        /// The alias names the type it forwards to: a registration already answers for its own type.
        public static let aliasOfItself = Code(.aliasOfItself)
        /// A dynamic instruction names a type that neither its scope's container nor the global
        /// container has registered (without a name): it would add a dependency, not replace one.
        public static let nothingToReplace = Code(.nothingToReplace)

        /// The code's name.
        public var description: String { kind.rawValue }
    }

    /// What already answers to the alias's key.
    enum Holder: Sendable {
        /// A registration with a factory, made in code.
        case factory
        /// A registration made by a dynamic instruction, as written.
        case instruction(String)
        /// An alias of another registration, described as `Type` or `Type["name"]`.
        case alias(of: String)
    }

    /// The kind of failure.
    public let code: Code

    /// The type of the refused registration, with its name if it has one: the alias
    /// (`BookReader["main"]`), or the type an instruction would have replaced (`Clock`).
    public let alias: String

    /// The registration the alias would have forwarded to (`LibraryStore`), or for
    /// ``Code/nothingToReplace`` the instruction as written.
    public let target: String

    /// The scope of the container that refused the registration.
    public let scope: DependencyContainerScope

    /// For ``Code/nothingToReplace``, the instruction's type key; `nil` otherwise.
    public let typeKey: DependencyTypeKey?

    /// For ``Code/nothingToReplace``, what the containers the instruction looked in do register,
    /// nearest first (its scope's, then global), each as `Type` or `Type["name"]`; empty otherwise.
    public var registeredTypes: [String] { registered.flatMap(\.types) }

    /// What already holds the alias's key; `nil` for ``Code/aliasOfItself`` and ``Code/nothingToReplace``.
    private let holder: Holder?

    /// For ``Code/nothingToReplace``: each container looked in, nearest first, with its registrations.
    private let registered: [(scope: DependencyContainerScope, types: [String])]

    init(
        code: Code,
        alias: RegistrationKey,
        target: RegistrationKey,
        scope: DependencyContainerScope,
        holder: Holder?
    ) {
        self.code = code
        self.alias = alias.description
        self.target = target.description
        self.scope = scope
        self.holder = holder
        self.typeKey = nil
        self.registered = []
    }

    /// An instruction that would replace nothing.
    ///
    /// - Parameters:
    ///   - instruction: The instruction as written.
    ///   - typeKey: Its type key.
    ///   - type: The type the key names.
    ///   - scope: The scope it registers in.
    ///   - registered: Each container looked in, nearest first, with what it registers.
    init(
        replacingNothing instruction: String,
        typeKey: DependencyTypeKey,
        type: Any.Type,
        scope: DependencyContainerScope,
        registered: [(scope: DependencyContainerScope, types: [String])]
    ) {
        self.code = .nothingToReplace
        self.alias = String(describing: type)
        self.target = instruction
        self.scope = scope
        self.typeKey = typeKey
        self.holder = nil
        self.registered = registered
    }

    /// The full message: what was refused, why, and how to fix it.
    public var description: String {
        let listing = registered.map { place, types in
            "\n  registered in \(Self.place(place)): \(types.isEmpty ? "nothing" : types.joined(separator: ", "))"
        }
        return "\(summary)\(listing.joined())\n  to fix: \(fix)"
    }

    private var place: String {
        Self.place(scope)
    }

    private static func place(_ scope: DependencyContainerScope) -> String {
        scope.isGlobal ? "global" : "scope '\(scope)'"
    }

    /// The alias's type without its name: `BookReader` for `BookReader["main"]`.
    private var aliasTypeName: String {
        alias.split(separator: "[").first.map(String.init) ?? alias
    }

    private var summary: String {
        let refusal = "Cannot make '\(alias)' an alias of '\(target)'"
        switch (code.kind, holder) {
        case (.nothingToReplace, _):
            let key = typeKey.map { " (type key '\($0)')" } ?? ""
            let elsewhere = scope.isGlobal ? "" : ", nor in global"
            return "Instruction '\(target)' would replace '\(alias)'\(key) in \(place), but the program registered "
                + "no '\(alias)' there\(elsewhere)."
        case (.aliasOfItself, _):
            return "\(refusal): an alias answers for another type, and '\(target)' already answers for its own."
        case (.aliasAlreadyRegistered, .instruction(let instruction)?):
            return "\(refusal): '\(alias)' is already registered in \(place) by the instruction '\(instruction)'."
        case (.aliasAlreadyRegistered, .alias(let other)?):
            return "\(refusal): '\(alias)' is already registered in \(place) as an alias of '\(other)'."
        case (.aliasAlreadyRegistered, .factory?), (.aliasAlreadyRegistered, nil):
            return "\(refusal): '\(alias)' is already registered in \(place) with a factory of its own."
        }
    }

    private var fix: String {
        switch code.kind {
        case .aliasOfItself:
            return "remove this implements call; to give one registration a second name, register the name "
                + "with a factory that resolves the first"
        case .aliasAlreadyRegistered:
            return "give the alias a name, e.g. .implements(\(aliasTypeName).self, name: \"…\") { $0 }, "
                + "or keep only one of the two registrations"
        case .nothingToReplace:
            return "correct the instruction's type key or scope, or register '\(alias)' before injecting; to add "
                + "types the program never registers, create the parser with "
                + "InjectDependenciesArgumentParser(allowsUnregisteredTypes: true)"
        }
    }
}
