/// An open-addressing hash table of registrations, each filed under a non-zero tag: the storage
/// that ``TypeTable`` and ``NameTable`` share, each with its own tag and its own test of a match.
///
/// Registrations are never removed, only replaced, so the table needs no tombstones; it stays at
/// most half full, so probes stay short. It owns its registrations (one retain each, handed to the
/// owning table's retired list when one is replaced, given back when the table is destroyed), and a
/// lookup hands out an unretained
/// reference: it costs no reference counting, which two threads resolving the same type would
/// otherwise contend on.
struct RegistrationSlots: ~Copyable {
    private struct Slot {
        /// `0` where the slot is empty.
        var tag: UInt64
        var registration: Unmanaged<AnyRegistration>?
    }

    private var slots: UnsafeMutablePointer<Slot>
    private var capacity = 16
    private var count = 0
    /// `64 - log2(capacity)`: the multiplicative hash that picks a tag's first slot keeps the
    /// product's top bits.
    private var shift: UInt64 = 64 - 4

    init() {
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
        slots.initialize(repeating: Slot(tag: 0, registration: nil), count: capacity)
        return slots
    }

    @inline(__always)
    private func firstSlot(for tag: UInt64) -> Int {
        Int(truncatingIfNeeded: (tag &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The registration filed under `tag` that `matches` accepts, unretained: valid while the
    /// owning table's lock is held.
    @inline(__always)
    func registration(
        tag: UInt64,
        where matches: (AnyRegistration) -> Bool
    ) -> Unmanaged<AnyRegistration>? {
        assert(tag != 0, "tag 0 marks an empty slot")
        let mask = capacity &- 1
        var index = firstSlot(for: tag)
        while true {
            let slot = slots[index]
            if slot.tag == 0 { return nil }
            if slot.tag == tag, let registration = slot.registration,
                registration._withUnsafeGuaranteedRef(matches)
            {
                return registration
            }
            index = (index &+ 1) & mask
        }
    }

    /// Files `registration` under `tag`, in place of the one there that `matches` accepts, and
    /// returns that one.
    mutating func set(
        _ registration: AnyRegistration,
        tag: UInt64,
        replacing matches: (AnyRegistration) -> Bool
    ) -> AnyRegistration? {
        assert(tag != 0, "tag 0 marks an empty slot")
        if (count + 1) * 2 > capacity {
            grow()
        }
        defer { assert(count * 2 <= capacity, "the table must stay at most half full") }
        return insert(Unmanaged.passRetained(registration), tag: tag, replacing: matches)?.takeRetainedValue()
    }

    /// Stores `registration` (already retained) under `tag`, and returns the entry it replaced.
    private mutating func insert(
        _ registration: Unmanaged<AnyRegistration>,
        tag: UInt64,
        replacing matches: (AnyRegistration) -> Bool
    ) -> Unmanaged<AnyRegistration>? {
        let mask = capacity - 1
        var index = firstSlot(for: tag)
        while slots[index].tag != 0 {
            if slots[index].tag == tag, let existing = slots[index].registration,
                existing._withUnsafeGuaranteedRef(matches)
            {
                slots[index].registration = registration
                return existing
            }
            index = (index + 1) & mask
        }
        count += 1
        slots[index] = Slot(tag: tag, registration: registration)
        return nil
    }

    /// The table's invariants, checked in debug builds whenever it grows: a power-of-two
    /// capacity that `shift` matches, at most half of it used, and every used slot tagged.
    private func checkInvariants() {
        #if DEBUG
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "capacity must be a power of two")
        precondition(UInt64(capacity.trailingZeroBitCount) == 64 - shift, "shift must match the capacity")
        precondition(count * 2 <= capacity, "the table must stay at most half full")
        var used = 0
        for index in 0..<capacity where slots[index].registration != nil {
            precondition(slots[index].tag != 0, "a used slot must have a tag")
            used += 1
        }
        precondition(used == count, "count must match the used slots")
        #endif
    }

    private mutating func grow() {
        let old = slots
        let oldCapacity = capacity
        capacity *= 2
        shift -= 1
        count = 0
        slots = Self.emptySlots(capacity)
        for index in 0..<oldCapacity {
            if let registration = old[index].registration {
                // Every entry is distinct already: none replaces another.
                _ = insert(registration, tag: old[index].tag, replacing: { _ in false })
            }
        }
        old.deallocate()
        checkInvariants()
    }
}
