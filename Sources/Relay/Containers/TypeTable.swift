/// The unnamed registrations of one table, by type: an open-addressing hash table whose hash is a
/// single multiplication, for the lookup every resolve makes.
///
/// `Dictionary` would hash an `ObjectIdentifier` with SipHash, a sixth of a cached resolve's
/// instructions. Keys are metadata addresses, which no caller chooses, so a seedless
/// multiplicative hash cannot be driven into collisions from outside. Registrations are never
/// removed, only replaced, so the table needs no tombstones.
struct TypeTable {
    /// The keys, `0` where a slot is empty (no metadata lives at address zero).
    private var keys: [UInt]
    private var values: [AnyRegistration?]
    private var count = 0
    /// `64 - log2(capacity)`: the multiplicative hash keeps the product's top bits.
    private var shift: UInt

    init() {
        keys = Array(repeating: 0, count: 16)
        values = Array(repeating: nil, count: 16)
        shift = UInt(UInt.bitWidth - 4)
    }

    @inline(__always)
    private func slot(for key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The registration of `type`, if there is one.
    @inline(__always)
    func registration(for type: ObjectIdentifier) -> AnyRegistration? {
        let key = UInt(bitPattern: type)
        let mask = keys.count - 1
        var index = slot(for: key)
        while true {
            let candidate = keys[index]
            if candidate == key { return values[index] }
            if candidate == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// Adds or replaces the registration of `type`.
    mutating func set(_ registration: AnyRegistration, for type: ObjectIdentifier) {
        // At most half full, so probes stay short.
        if (count + 1) * 2 > keys.count {
            grow()
        }
        insert(registration, key: UInt(bitPattern: type))
    }

    private mutating func insert(_ registration: AnyRegistration, key: UInt) {
        let mask = keys.count - 1
        var index = slot(for: key)
        while keys[index] != 0, keys[index] != key {
            index = (index + 1) & mask
        }
        if keys[index] == 0 {
            count += 1
        }
        keys[index] = key
        values[index] = registration
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: nil, count: oldKeys.count * 2)
        shift -= 1
        count = 0
        for (index, key) in oldKeys.enumerated() where key != 0 {
            if let value = oldValues[index] {
                insert(value, key: key)
            }
        }
    }
}
