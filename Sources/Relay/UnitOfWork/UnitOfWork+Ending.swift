import Synchronization

/// How a unit of work ends, once, whoever ends it: closed (``UnitOfWork/close()``, its body
/// finished), dropped without being closed (in the background), or ended by a shutdown
/// (`OpenUnits.takeAll`). Each is the unit's ``UnitOfWork/Life/end()`` transition, which hands
/// what the unit owed to exactly one taker.
extension UnitOfWork {
    /// Ends the unit: no resolve reaches it any more, its teardowns run newest first (every one,
    /// even after one throws), and its instances are released. Closing a closed unit does nothing.
    ///
    /// The teardowns run to the end even when the calling task is cancelled: they are not cancelled
    /// with the work they clean up (see the *Units of Work* article).
    ///
    /// - Throws: ``DependencyShutdownError`` naming each type whose teardown threw.
    nonisolated(nonsending) public func close() async throws {
        let failures = await end()
        if !failures.isEmpty {
            throw DependencyShutdownError(failures: failures, endingUnit: self)
        }
    }

    /// Closes the unit after its work threw `error`, and returns what the caller should throw:
    /// `error` itself, or, when a teardown threw too, a ``DependencyShutdownError`` that names each
    /// failed teardown and carries `error` as its ``DependencyShutdownError/workError``.
    @usableFromInline
    nonisolated(nonsending) func close(after error: any Error) async -> any Error {
        let failures = await end()
        if failures.isEmpty { return error }
        return DependencyShutdownError(failures: failures, endingUnit: self, workError: error)
    }

    /// What an ended unit still owes: its slots (one retain each) and the teardowns to run, newest
    /// first. Whoever takes them runs the teardowns, then releases the slots.
    ///
    /// Taken from the unit under its lock as the unit ends, by exactly one taker (the unit's
    /// `Life.end()` hands them out once): only that taker walks and clears the lists and gives
    /// back the slots' retains, once. Others may still read a slot's instance under the unit's
    /// lock; `storage` is never written again (a keep in an ended unit is refused).
    struct Owed: Sendable {
        let slots: Unmanaged<UnitSlot>?
        let teardowns: UnitSlot?
        let unitNumber: Int

        /// Runs the teardowns newest first (`Teardowns.run(_:ofUnit:)`), then releases the slots,
        /// outside any lock, in case a deinit resolves.
        @inline(__always)
        nonisolated(nonsending) func settle() async -> [DependencyShutdownError.Failure] {
            var failures: [DependencyShutdownError.Failure] = []
            if let teardowns {
                failures = await Teardowns.run(UnitSlot.TeardownList(first: teardowns), ofUnit: unitNumber)
            }
            UnitOfWork.release(slots)
            return failures
        }
    }

    /// Hands what an ended unit owes to the one ending that settles it.
    private final class OwedBox: Sendable {
        // Safety: `owed` is set by `init` and taken once, by the ending's task, under `taken`.
        private nonisolated(unsafe) var owed: Owed?
        private let taken = Atomic(false)

        init(_ owed: Owed) { self.owed = owed }

        func take() -> Owed? {
            guard !taken.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
            defer { owed = nil }
            return owed
        }
    }

    /// Ends the unit: no resolve reaches it any more; its teardowns run newest first, every one
    /// even after one throws; its instances are released.
    ///
    /// - Returns: The teardowns that threw.
    @usableFromInline
    nonisolated(nonsending) func end() async -> [DependencyShutdownError.Failure] {
        let owed = takeEverything()
        guard owed.teardowns != nil else {
            // Owes nothing: never listed, or taken off the list with what it owed by a shutdown.
            Self.release(owed.slots)
            return []
        }
        container.family.openUnits.remove(self)
        return await owed.settle()
    }

    /// Ends the unit as dropped, without awaiting its teardowns: they run at once in a task that
    /// the container tracks (its `shutdown()` awaits it). For a unit whose owner went away without
    /// closing it (a request whose response was never written).
    ///
    /// - Parameter report: Who receives the teardowns' failures; `nil` for the container's observers
    ///   (``DependencyContainer/addTeardownFailureObserver(_:)``) and its next `shutdown()`.
    package func endInBackground(reportingTo report: (@Sendable (DependencyShutdownError) -> Void)? = nil) {
        container.family.openUnits.remove(self)
        Self.endInBackground(takeEverything(), of: container, reportingTo: report)
    }

    /// Runs what a dropped unit owes in a task the container tracks; releases at once what owes no
    /// teardown.
    static func endInBackground(
        _ owed: Owed,
        of container: DependencyContainer,
        reportingTo report: (@Sendable (DependencyShutdownError) -> Void)?
    ) {
        guard owed.teardowns != nil else {
            release(owed.slots)
            return
        }
        // Boxed, so that the ending lets go of the unit's instances when it has settled them, not
        // when its task is destroyed (a `shutdown()` that awaited it may look at once).
        let box = OwedBox(owed)
        container.family.endings.start(
            {
                guard let owed = box.take() else { return nil }
                let failures = await owed.settle()
                if failures.isEmpty { return nil }
                return DependencyShutdownError(
                    failures: failures, ending: "Ending unit of work #\(owed.unitNumber) (dropped without being closed)"
                )
            }, reportingTo: report)
    }

    /// Ends the unit and takes what it owes: nothing when it had ended before (its one taker took
    /// it then). Under the unit's lock.
    func takeEverything() -> Owed {
        switch withLife({ $0.end() }) {
        case .endedBefore:
            return Owed(slots: nil, teardowns: nil, unitNumber: number)
        case .endsNow(let slots, let teardowns):
            return Owed(slots: slots, teardowns: teardowns, unitNumber: number)
        }
    }

    /// Gives back the unit's retain of each slot of a list it took.
    static func release(_ slots: Unmanaged<UnitSlot>?) {
        var next = slots
        while let slot = next {
            next = slot._withUnsafeGuaranteedRef { slot in
                defer {
                    slot.nextInUnit = nil
                    slot.nextToTearDown = nil
                }
                return slot.nextInUnit
            }
            slot.release()
        }
    }
}
