/// A registration the container refused: an alias (``RegisteredService/implements(_:name:converting:)``)
/// whose type and name another registration of the same container already answers to, or an alias
/// of a type to itself.
///
/// The ``description`` names the alias, what it forwards to, and what already holds its key:
///
/// ```
/// Cannot make 'BookReader' an alias of 'LibraryStore': 'BookReader' is already registered in global with a factory of its own.
///   to fix: give the alias a name, e.g. .implements(BookReader.self, name: "…") { $0 }, or keep only one of the two registrations
/// ```
///
/// Nothing is registered when it is thrown. Match on ``code`` to tell the kinds apart; new codes
/// may be added, so a `switch` over codes needs a `default`.
public struct DependencyRegistrationError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Kind: String {
            case aliasAlreadyRegistered, aliasOfItself
        }

        fileprivate let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// The alias's type and name already have a registration in the container: a factory, an
        /// injected instruction, or an alias of another registration.
        public static let aliasAlreadyRegistered = Code(.aliasAlreadyRegistered)
        /// The alias names the type it forwards to: a registration already answers for its own type.
        public static let aliasOfItself = Code(.aliasOfItself)

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

    /// The alias that was refused, with its name if it has one: `BookReader["main"]`.
    public let alias: String

    /// The registration the alias would have forwarded to: `LibraryStore`.
    public let target: String

    /// The scope of the container that refused the alias.
    public let scope: DependencyContainerScope

    /// What already holds the alias's key; `nil` for ``Code/aliasOfItself``.
    private let holder: Holder?

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
    }

    /// The full message: what was refused, why, and how to fix it.
    public var description: String {
        "\(summary)\n  to fix: \(fix)"
    }

    private var place: String {
        scope.placeDescription()
    }

    /// The alias's type without its name: `BookReader` for `BookReader["main"]`.
    private var aliasTypeName: String {
        alias.split(separator: "[").first.map(String.init) ?? alias
    }

    private var summary: String {
        let refusal = "Cannot make '\(alias)' an alias of '\(target)'"
        switch (code.kind, holder) {
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
        }
    }
}
