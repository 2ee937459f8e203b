/// The unnamed registrations of one table, by type: an open-addressing hash table whose hash is a
/// single multiplication, for the lookup every resolve makes.
///
/// `Dictionary` would hash an `ObjectIdentifier` with SipHash, a sixth of a cached resolve's
/// instructions. Keys are metadata addresses, which no caller chooses, so a seedless
/// multiplicative hash cannot be driven into collisions from outside. Registrations are never
/// removed, only replaced, so the table needs no tombstones.
///
/// The table owns its registrations (one retain each, given back when one is replaced or the
/// table is destroyed), and a lookup hands out an unretained reference: it costs no reference
/// counting, which two threads resolving the same type would otherwise contend on.
struct TypeTable: ~Copyable {
    /// One entry: a type's metadata address, `0` where the slot is empty (no metadata lives at
    /// address zero), and its registration.
    private struct Slot {
        var key: UInt
        var registration: Unmanaged<AnyRegistration>?
    }

    private var slots: UnsafeMutablePointer<Slot>
    private var capacity: Int
    private var count = 0
    /// `64 - log2(capacity)`: the multiplicative hash keeps the product's top bits.
    private var shift: UInt

    init() {
        capacity = 16
        shift = UInt(UInt.bitWidth - 4)
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
        slots.initialize(repeating: Slot(key: 0, registration: nil), count: capacity)
        return slots
    }

    @inline(__always)
    private func slot(for key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The registration of `type`, unretained: valid while the owning table's lock is held.
    @inline(__always)
    func registration(for type: ObjectIdentifier) -> Unmanaged<AnyRegistration>? {
        let key = UInt(bitPattern: type)
        let mask = capacity &- 1
        var index = slot(for: key)
        while true {
            let candidate = slots[index].key
            if candidate == key { return slots[index].registration }
            if candidate == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }

    /// Adds or replaces the registration of `type`, and returns the one it replaced.
    mutating func set(_ registration: AnyRegistration, for type: ObjectIdentifier) -> AnyRegistration? {
        // At most half full, so probes stay short.
        if (count + 1) * 2 > capacity {
            grow()
        }
        return insert(Unmanaged.passRetained(registration), key: UInt(bitPattern: type))?.takeRetainedValue()
    }

    /// Stores `registration` (already retained) under `key`, and returns the entry it replaced.
    private mutating func insert(
        _ registration: Unmanaged<AnyRegistration>,
        key: UInt
    ) -> Unmanaged<AnyRegistration>? {
        let mask = capacity - 1
        var index = slot(for: key)
        while slots[index].key != 0, slots[index].key != key {
            index = (index + 1) & mask
        }
        if slots[index].key == 0 {
            count += 1
        }
        let replaced = slots[index].registration
        slots[index] = Slot(key: key, registration: registration)
        return replaced
    }

    private mutating func grow() {
        let old = slots
        let oldCapacity = capacity
        capacity *= 2
        shift -= 1
        count = 0
        slots = Self.emptySlots(capacity)
        for index in 0..<oldCapacity where old[index].key != 0 {
            if let registration = old[index].registration {
                _ = insert(registration, key: old[index].key)
            }
        }
        old.deallocate()
    }
}
