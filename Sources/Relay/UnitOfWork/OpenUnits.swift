/// The units of work open on one container family that owe teardowns, newest first: so that
/// ``DependencyContainer/shutdown()`` can end those still open, and nothing they built is left
/// without its teardown.
///
/// A list through the units themselves (`UnitOfWork.openNewer`, `openOlder`), unretained: a unit is
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

    /// Lists a unit that has just come to owe a teardown. It may have ended meanwhile: then it is
    /// listed with nothing to take, until it goes away.
    func add(_ unit: UnitOfWork) {
        let added = Unmanaged.passUnretained(unit)
        lock.withLock {
            unit.openOlder = newest
            newest?._withUnsafeGuaranteedRef { $0.openNewer = added }
            newest = added
            unit.isListedOpen = true
        }
    }

    /// Takes a unit off the list, if it is still on it (a unit that ends, or goes away).
    func remove(_ unit: UnitOfWork) {
        lock.withLock {
            guard unit.isListedOpen else { return }
            unlink(unit)
        }
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
                    let older = unit.openOlder
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

    /// Unlinks a listed unit. Call under the lock.
    private func unlink(_ unit: UnitOfWork) {
        let (newer, older) = (unit.openNewer, unit.openOlder)
        older?._withUnsafeGuaranteedRef { $0.openNewer = newer }
        if let newer {
            newer._withUnsafeGuaranteedRef { $0.openOlder = older }
        } else {
            newest = older
        }
        unit.openNewer = nil
        unit.openOlder = nil
        unit.isListedOpen = false
    }
}
