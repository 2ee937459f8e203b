extension UnitOfWork {
    /// A unit's life: open, holding its slots and the teardowns it owes, then ended, once. The one
    /// state that every transition of a unit switches on, as `ServiceGroup.State` is for a service
    /// group: whether the unit has ended, what it holds, and whether it may be on its family's
    /// list of open units can never disagree, since they are one value.
    ///
    /// The unit keeps its life under its lock (``UnitOfWork/withLife(_:)``): every method here is
    /// called with that lock held, writes nothing else than the life and the slots it is handed,
    /// and returns what the unit does after giving the lock back (list itself on ``OpenUnits``,
    /// settle what it owed), as the transitions of swift-nio's state machines return an action.
    /// None of them traps: a transition that does not apply to the state (a keep in an ended
    /// unit, a second end) is answered, and the caller reports it (`unitOfWorkEnded`) or does
    /// nothing.
    ///
    /// ```text
    ///         add, keep, adopt (owing its first teardown: list the unit)
    ///               ┌──┐
    ///               ▼  │     end (owes nothing)
    ///   open(slots, teardowns) ───────────────────▶ endedUnlisted
    ///               │
    ///               │ end (owes teardowns: settle them; take it off the list)
    ///               ▼
    ///       endedMayBeListed
    /// ```
    struct Life {
        /// Where a unit is in its life.
        enum State {
            /// Resolves reach the unit. `slots`: one per registration resolved in it, newest
            /// first, each held by one retain of the unit's (a list through the slots, walked
            /// without touching a reference count). `teardowns`: the slots whose instances have a
            /// teardown, newest first, the order they run in, its head held by one retain of the
            /// unit's (the rest by the list's links); `nil` while the unit owes none, and so has
            /// never been listed on its family's open units. Unmanaged, so that a transition moves
            /// the lists without touching a reference count.
            case open(slots: Unmanaged<UnitSlot>?, teardowns: Unmanaged<UnitSlot>?)

            /// Ended before it owed a teardown: it hands out nothing, and was never listed.
            case endedUnlisted

            /// Ended after it owed a teardown: it hands out nothing, and may still be on its
            /// family's list of open units (the resolve that kept its first teardown lists it
            /// after giving the unit's lock back, possibly after the end), until it goes away.
            case endedMayBeListed
        }

        /// The state. Only the transitions below change it.
        private(set) var state = State.open(slots: nil, teardowns: nil)

        /// Whether the unit has ended.
        var isEnded: Bool {
            switch state {
            case .open: false
            case .endedUnlisted, .endedMayBeListed: true
            }
        }

        /// Whether the unit may be on its family's list of open units: it has owed a teardown.
        var mayBeListed: Bool {
            switch state {
            case .open(_, let teardowns): teardowns != nil
            case .endedUnlisted: false
            case .endedMayBeListed: true
            }
        }

        // MARK: - Reading

        /// Where the instance of the registration identified by `id` is kept; `nil` when it is not
        /// built yet, has no slot, or the unit has ended. The hot path of a unit-of-work resolve:
        /// a short walk that touches no reference count.
        @inline(__always)
        func storage(of id: ObjectIdentifier) -> UnsafeMutableRawPointer? {
            guard case .open(let slots, _) = state else { return nil }
            return Self.slot(of: id, in: slots)?._withUnsafeGuaranteedRef { $0.storage }
        }

        /// The slot of the registration identified by `id` in the list that starts at `slots`.
        @inline(__always)
        private static func slot(of id: ObjectIdentifier, in slots: Unmanaged<UnitSlot>?) -> Unmanaged<UnitSlot>? {
            var next = slots
            while let slot = next {
                let (isMatch, following) = slot._withUnsafeGuaranteedRef { ($0.registrationID == id, $0.nextInUnit) }
                if isMatch { return slot }
                next = following
            }
            return nil
        }

        /// What ``slot(of:)`` found.
        enum Finding {
            /// The unit has ended: it makes no slot and hands out nothing.
            case ended
            /// The registration's slot, made earlier in this unit.
            case found(Unmanaged<UnitSlot>)
            /// None yet: the caller makes one and adds it (``add(_:)``), under the same lock.
            case none
        }

        /// The slot of the registration identified by `id`, if the unit has made one.
        @inline(__always)
        func slot(of id: ObjectIdentifier) -> Finding {
            switch state {
            case .endedUnlisted, .endedMayBeListed:
                return .ended
            case .open(let slots, _):
                guard let found = Self.slot(of: id, in: slots) else { return .none }
                return .found(found)
            }
        }

        // MARK: - Transitions

        /// Adds `slot`, a registration's first in this unit, to the unit's slots, newest first;
        /// the unit holds it by one retain from now on.
        ///
        /// - Returns: `false` when the unit has ended: nothing is added.
        @inline(__always)
        mutating func add(_ slot: UnitSlot) -> Bool {
            switch state {
            case .endedUnlisted, .endedMayBeListed:
                return false
            case .open(let slots, let teardowns):
                slot.nextInUnit = slots
                state = .open(slots: Unmanaged.passRetained(slot), teardowns: teardowns)
                return true
            }
        }

        /// What ``keep(_:in:)`` did.
        enum Keeping: Equatable {
            /// The unit has ended: nothing is kept, and the caller ends the instance it built.
            case refused
            /// Kept. `listsUnit`: the instance is the first the unit owes a teardown, so the caller
            /// lists the unit on its family's open units, after giving the unit's lock back (the
            /// list's lock comes first).
            case kept(listsUnit: Bool)
        }

        /// Keeps `built` as `slot`'s instance and, in the same step, when the slot has a teardown,
        /// owes it, newest first: so the teardowns run in the order the instances were published.
        /// For a slot of the unit's list (its first build), or one of its own that the unit adopts
        /// (a transient with a teardown built in the unit), which is on the teardown list only.
        @inline(__always)
        mutating func keep<Service>(_ built: Service, in slot: UnitSlot) -> Keeping {
            switch state {
            case .endedUnlisted, .endedMayBeListed:
                return .refused
            case .open(let slots, let teardowns):
                slot.keep(built)
                guard slot.hasTeardown else { return .kept(listsUnit: false) }
                // The old head's retain moves to the new head's link.
                slot.nextToTearDown = teardowns?.takeRetainedValue()
                state = .open(slots: slots, teardowns: Unmanaged.passRetained(slot))
                return .kept(listsUnit: teardowns == nil)
            }
        }

        /// What ``end()`` did.
        enum Ending {
            /// The unit had ended before: nothing more to do here (what it owed went with that
            /// end). `mayBeListed`: it may still be on its family's list of open units.
            case endedBefore(mayBeListed: Bool)
            /// The unit ends now. The caller takes what it held: the slots (one retain each) and
            /// the teardowns to run, newest first; while it owes some (`teardowns` not `nil`) it
            /// may be listed, and the caller takes it off the list.
            case endsNow(slots: Unmanaged<UnitSlot>?, teardowns: UnitSlot?)
        }

        /// Ends the unit: no resolve reaches it any more, and what it held is handed to the caller,
        /// the one taker.
        @inline(__always)
        mutating func end() -> Ending {
            switch state {
            case .endedUnlisted:
                return .endedBefore(mayBeListed: false)
            case .endedMayBeListed:
                return .endedBefore(mayBeListed: true)
            case .open(let slots, let teardowns):
                state = teardowns == nil ? .endedUnlisted : .endedMayBeListed
                return .endsNow(slots: slots, teardowns: teardowns?.takeRetainedValue())
            }
        }
    }
}
