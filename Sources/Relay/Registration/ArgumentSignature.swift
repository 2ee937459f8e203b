/// The types of the arguments a registration takes, or a resolve passes, in order: what an
/// argument mismatch quotes, `(String, Int)`, and part of the key a registration that takes
/// arguments is stored under, so that registrations of one type with different arguments coexist.
struct ArgumentSignature: Sendable, CustomStringConvertible {
    /// Each argument's type as a user wrote it.
    let typeNames: [String]

    /// The identity of a service taking these arguments: the function type
    /// `(First, Rest...) -> Service`, which the runtime makes once per distinct list of types.
    private let keyType: @Sendable (Any.Type) -> ObjectIdentifier

    init<First, each Rest>(_ first: First.Type, _ rest: repeat (each Rest).Type) {
        var typeNames = [String(describing: first)]
        for type in repeat each rest {
            typeNames.append(String(describing: type))
        }
        self.typeNames = typeNames
        self.keyType = { service in
            func identity<Service>(_: Service.Type) -> ObjectIdentifier {
                ObjectIdentifier(((First, repeat each Rest) -> Service).self)
            }
            return _openExistential(service, do: identity)
        }
    }

    /// The identity that the key of a `service` registration taking these arguments stores as its
    /// type: one per service and list of argument types.
    func keyType(for service: Any.Type) -> ObjectIdentifier {
        keyType(service)
    }

    /// Remembers this signature for `key`, a registration's: at registration, never on a
    /// resolve, which only looks keys up.
    func remember(for key: RegistrationKey) {
        Self.registered.withLockedValue { $0[key.type] = self.description }
    }

    /// The signature of each registered identity, for node IDs and messages that start from a key.
    private static let registered = LockedValue<[ObjectIdentifier: String]>([:])

    /// `(String, Int)` for the key of a registration that takes those arguments; `nil` for a key
    /// without arguments.
    static func description(of key: RegistrationKey) -> String? {
        guard key.takesArguments else { return nil }
        return registered.withLockedValue { $0[key.type] }
    }

    /// Whether two signatures list the same types.
    func matches(_ other: ArgumentSignature) -> Bool {
        typeNames == other.typeNames
    }

    /// `(String)`, `(String, Int)`: always in parentheses, so one argument reads as a list too.
    var description: String {
        "(\(typeNames.joined(separator: ", ")))"
    }
}
