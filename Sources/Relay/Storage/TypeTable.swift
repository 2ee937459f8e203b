/// The unnamed registrations of one table, by type, for the lookup every resolve makes.
///
/// `Dictionary` would hash an `ObjectIdentifier` with SipHash, a sixth of a cached resolve's
/// instructions. Here a type's tag is its metadata address, which is unique, so a lookup needs
/// no further comparison, and ``RegistrationSlots`` spreads it with one multiplication. Keys are
/// addresses no caller chooses, so a seedless hash cannot be driven into collisions from outside.
struct TypeTable: ~Copyable {
    private var slots = RegistrationSlots()

    /// The registration of `type`, unretained: valid while the owning table's lock is held.
    @inline(__always)
    func registration(for type: ObjectIdentifier) -> Unmanaged<AnyRegistration>? {
        slots.registration(tag: Self.tag(type), where: { _ in true })
    }

    /// Adds or replaces the registration of `type`, and returns the one it replaced.
    mutating func set(_ registration: AnyRegistration, for type: ObjectIdentifier) -> AnyRegistration? {
        slots.set(registration, tag: Self.tag(type), replacing: { _ in true })
    }

    /// The metadata address: never zero, since no metadata lives at address zero.
    @inline(__always)
    private static func tag(_ type: ObjectIdentifier) -> UInt64 {
        UInt64(UInt(bitPattern: type))
    }
}
