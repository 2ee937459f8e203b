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
/// Like ``TypeTable``, the table owns its registrations (one retain each) and a lookup hands out
/// an unretained reference.
struct NameTable: ~Copyable {
    private struct Slot {
        /// The key's hash, `0` where the slot is empty (hashes are never zero).
        var hash: UInt64
        var registration: Unmanaged<AnyRegistration>?
    }

    private var slots: UnsafeMutablePointer<Slot>
    private var capacity: Int
    private var count = 0

    /// Different in every process, so no name's place in the table can be known in advance.
    private static let seed = UInt64.random(in: 1...UInt64.max)

    init() {
        capacity = 16
        slots = Self.emptySlots(capacity)
    }

    deinit {
        for index in 0..<capacity {
            slots[index].registration?.release()
        }
        slots.deallocate()
    }

    private static func emptySlots(_ capacity: Int) -> UnsafeMutablePointer<Slot> {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        slots.initialize(repeating: Slot(hash: 0, registration: nil), count: capacity)
        return slots
    }

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
        // Spread the low bits, which pick the slot, over the whole word.
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
        let hash = Self.hash(type: type, name: name)
        let mask = capacity &- 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[index]
            if slot.hash == 0 { return nil }
            if slot.hash == hash, let registration = slot.registration,
                registration._withUnsafeGuaranteedRef({ $0.key.type == type && $0.key.name == name })
            {
                return registration
            }
            index = (index &+ 1) & mask
        }
    }

    /// Adds or replaces the registration of its key (which must have a name), and returns the
    /// one it replaced.
    mutating func set(_ registration: AnyRegistration) -> AnyRegistration? {
        if (count + 1) * 2 > capacity {
            grow()
        }
        return insert(Unmanaged.passRetained(registration))?.takeRetainedValue()
    }

    /// Stores `registration` (already retained) under its key, and returns the entry it replaced.
    private mutating func insert(_ registration: Unmanaged<AnyRegistration>) -> Unmanaged<AnyRegistration>? {
        let key = registration._withUnsafeGuaranteedRef { $0.key }
        let hash = Self.hash(type: key.type, name: key.name ?? "")
        let mask = capacity - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].hash != 0 {
            if slots[index].hash == hash,
                let existing = slots[index].registration,
                existing._withUnsafeGuaranteedRef({ $0.key == key })
            {
                slots[index].registration = registration
                return existing
            }
            index = (index + 1) & mask
        }
        count += 1
        slots[index] = Slot(hash: hash, registration: registration)
        return nil
    }

    private mutating func grow() {
        let old = slots
        let oldCapacity = capacity
        capacity *= 2
        count = 0
        slots = Self.emptySlots(capacity)
        for index in 0..<oldCapacity {
            if let registration = old[index].registration {
                _ = insert(registration)
            }
        }
        old.deallocate()
    }
}
