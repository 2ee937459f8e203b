/// What a registration is found by: the registered type and an optional name; for a registration
/// that takes runtime arguments, also the types of those arguments.
struct RegistrationKey: Hashable, Sendable {
    /// The registered type's identity; for a registration that takes arguments, the identity of
    /// the type with that list of arguments (see ``ArgumentSignature/keyType(for:)``), so that
    /// registrations of one type with different arguments, or none, coexist. The tables look
    /// registrations up by this and the name.
    let type: ObjectIdentifier
    let name: String?

    /// The registered type, kept for messages and for the dynamic index; not part of equality.
    let metatype: any Any.Type

    init(_ metatype: any Any.Type, name: String?) {
        self.type = ObjectIdentifier(metatype)
        self.name = name
        self.metatype = metatype
    }

    /// The key of a `metatype` registration that takes arguments of these types.
    init(_ metatype: any Any.Type, name: String?, arguments: ArgumentSignature) {
        self.type = arguments.keyType(for: metatype)
        self.name = name
        self.metatype = metatype
    }

    /// Whether the key is that of a registration taking arguments.
    var takesArguments: Bool {
        type != ObjectIdentifier(metatype)
    }

    /// The key of the registration without arguments of the same type and name.
    var withoutArguments: RegistrationKey {
        RegistrationKey(metatype, name: name)
    }

    static func == (lhs: RegistrationKey, rhs: RegistrationKey) -> Bool {
        lhs.type == rhs.type && lhs.name == rhs.name
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(name)
    }

    /// The type's name as a user wrote it: `PaymentGateway`, or `Tracker["google"]` when named.
    var description: String {
        let typeName = String(describing: metatype)
        guard let name else { return typeName }
        return "\(typeName)[\"\(name)\"]"
    }
}
