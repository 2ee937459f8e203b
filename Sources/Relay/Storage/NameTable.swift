import Foundation

/// The named registrations of one table, by type and name: an open-addressing hash table with a
/// hash made for short names, for `resolve(_:name:)`.
///
/// `Dictionary` would hash a ``RegistrationKey`` with SipHash (type, optional tag and string): two
/// thirds of a named resolve. Here the hash mixes the type's address and the name's UTF-8 bytes
/// with a seed chosen per process. A caller may pass any name, but it only chooses where a lookup
/// starts: the clusters it probes are made by the registered names, which the program chose, and
/// the table stays at most half full.
///
/// Its storage is ``RegistrationSlots``, shared with ``TypeTable``: a name's tag is its hash, and a
/// match is checked against the registration's key.
struct NameTable: ~Copyable {
    private var slots = RegistrationSlots()

    /// Different in every process, so no name's place in the table can be known in advance.
    private static let seed = UInt64.random(in: 1...UInt64.max)

    /// Mixes the type and every byte of the name; never zero.
    ///
    /// Names are equal when they are canonically equivalent (`"café"` precomposed or not), so
    /// equivalent names must hash alike: a name with any non-ASCII byte is hashed in its NFC form,
    /// which all its equivalents share and which is the name itself when it is ASCII.
    @inline(__always)
    private static func hash(type: ObjectIdentifier, name: String) -> UInt64 {
        let start = seed ^ (UInt64(UInt(bitPattern: type)) &* 0x9E37_79B9_7F4A_7C15)
        var name = name
        let ascii: UInt64? = name.withUTF8 { bytes in
            var hash = start
            for byte in bytes {
                if byte >= 0x80 { return nil }
                hash = mix(hash, byte)
            }
            return hash
        }
        var hash = ascii ?? canonicalHash(start, name)
        // Spread the last bytes' effect, which sits in the low bits, over the whole word.
        hash ^= hash &>> 32
        hash &*= 0xD6E8_FEB8_6659_FD93
        hash ^= hash &>> 32
        return hash | 1
    }

    @inline(__always)
    private static func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// The hash of a name with non-ASCII characters, from its canonical composition.
    @inline(never)
    private static func canonicalHash(_ start: UInt64, _ name: String) -> UInt64 {
        name.precomposedStringWithCanonicalMapping.utf8.reduce(start, mix)
    }

    /// The registration named `name` for `type`, unretained: valid while the owning table's lock
    /// is held.
    @inline(__always)
    func registration(for type: ObjectIdentifier, name: String) -> Unmanaged<AnyRegistration>? {
        slots.registration(tag: Self.hash(type: type, name: name)) { $0.key.type == type && $0.key.name == name }
    }

    /// Adds or replaces the registration of its key (which must have a name), and returns the
    /// one it replaced.
    mutating func set(_ registration: AnyRegistration) -> AnyRegistration? {
        let key = registration.key
        return slots.set(registration, tag: Self.hash(type: key.type, name: key.name ?? "")) { $0.key == key }
    }
}
