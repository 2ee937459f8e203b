/// What a registration is found by: the registered type and an optional name.
struct RegistrationKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String?

    /// The registered type, kept for messages and for the dynamic index; not part of equality.
    let metatype: any Any.Type

    init(_ metatype: any Any.Type, name: String?) {
        self.type = ObjectIdentifier(metatype)
        self.name = name
        self.metatype = metatype
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
