/// The units of work open on one container family that owe teardowns, newest first: so that
/// ``DependencyContainer/shutdown()`` can end those still open, and nothing they built is left
/// without its teardown.
///
/// A list through the units themselves (each unit's `listing`), unretained: a unit is
/// on it from its first owed teardown until it ends or goes away, and listing it allocates nothing.
/// (A unit that never owes a teardown is never listed: a shutdown would have nothing to end in it.)
/// A unit that goes away takes itself off under the same lock (its `deinit`), so a unit reached
/// through the list is alive for as long as the lock is held: ``takeAll(where:)`` uses the units
/// it finds only inside the lock, and never retains them (a unit being deinitialised cannot be).
///
/// Lock order: this lock, then a unit's own (taken by `takeAll` to end each unit); nothing takes
/// this one while holding a unit's.
final class OpenUnits: Sendable {
    private let lock = SpinLock()

    // Safety: read and written only while `lock` is held (as are the units' links).
    @exclusivity(unchecked) private nonisolated(unsafe) var newest: Unmanaged<UnitOfWork>?

    /// Where a unit is on the list: one state, so that being listed and having neighbours cannot
    /// disagree. A unit's `listing`, read and written only under the list's lock.
    enum Listing {
        /// Not on the list: it never owed a teardown, or it has been taken off.
        case unlisted
        /// On the list, between the unit opened after it (`newer`, `nil` for the newest) and the
        /// one opened before it (`older`, `nil` for the oldest).
        case listed(newer: Unmanaged<UnitOfWork>?, older: Unmanaged<UnitOfWork>?)
    }

    /// Lists a unit that has just come to owe a teardown. It may have ended meanwhile: then it is
    /// listed with nothing to take, until it goes away.
    func add(_ unit: UnitOfWork) {
        let added = Unmanaged.passUnretained(unit)
        lock.withLock {
            if let newest {
                newest._withUnsafeGuaranteedRef { $0.listing.link(newer: added) }
            }
            unit.listing = .listed(newer: nil, older: newest)
            newest = added
        }
    }

    /// Takes a unit off the list, if it is still on it (a unit that ends, or goes away).
    func remove(_ unit: UnitOfWork) {
        lock.withLock { unlink(unit) }
    }

    /// Ends every listed unit that `isIncluded` picks, newest first: each is marked ended (no
    /// resolve reaches it any more) and taken off the list, and what it owes is handed back for the
    /// caller to run.
    func takeAll(where isIncluded: (UnitOfWork) -> Bool) -> [UnitOfWork.Owed] {
        lock.withLock {
            var taken: [UnitOfWork.Owed] = []
            var next = newest
            while let found = next {
                next = found._withUnsafeGuaranteedRef { unit in
                    guard case .listed(_, let older) = unit.listing else { return nil }
                    if isIncluded(unit) {
                        taken.append(unit.takeEverything())
                        unlink(unit)
                    }
                    return older
                }
            }
            return taken
        }
    }

    /// Takes a unit off the list, when it is on it. Call under the lock.
    private func unlink(_ unit: UnitOfWork) {
        switch unit.listing {
        case .unlisted:
            return
        case .listed(let newer, let older):
            older?._withUnsafeGuaranteedRef { $0.listing.link(newer: newer) }
            if let newer {
                newer._withUnsafeGuaranteedRef { $0.listing.link(older: older) }
            } else {
                newest = older
            }
            unit.listing = .unlisted
        }
    }
}

extension OpenUnits.Listing {
    /// Makes `newer` the unit listed after this one. Call under the list's lock, on a listed unit.
    fileprivate mutating func link(newer: Unmanaged<UnitOfWork>?) {
        switch self {
        case .unlisted:
            assertionFailure("a unit linked to the list of open units while it is not on it")
        case .listed(_, let older):
            self = .listed(newer: newer, older: older)
        }
    }

    /// Makes `older` the unit listed before this one. Call under the list's lock, on a listed unit.
    fileprivate mutating func link(older: Unmanaged<UnitOfWork>?) {
        switch self {
        case .unlisted:
            assertionFailure("a unit linked to the list of open units while it is not on it")
        case .listed(let newer, _):
            self = .listed(newer: newer, older: older)
        }
    }
}
