import Synchronization

/// An instance built for a unit of work that ended while it was built, on its way from where it was
/// found late to the async code that tears it down (carried by an
/// ``InlineHandback/endLate(_:error:)``: thrown up from synchronous work run in line, or past
/// ``BuildOnce/fail(_:)`` by the async front's unit build; or settled where it is found, when an
/// async resolve hands a new instance to a unit that has ended, `ResolutionEngine.handOverAsync`).
///
/// Torn down exactly once: by ``settle()``, or, if the handback that carries it is dropped on the
/// way (a factory that caught it), when it goes away, in a task the container tracks.
final class LateInstance: Sendable {
    private let teardown: LateTeardown
    private let family: ContainerFamily
    private let isSettled = Atomic(false)

    init(_ teardown: LateTeardown, owedTo family: ContainerFamily) {
        self.teardown = teardown
        self.family = family
    }

    /// Runs the teardown, awaiting it, unless it has run; the failures.
    nonisolated(nonsending) func settle() async -> [DependencyShutdownError.Failure] {
        guard !isSettled.exchange(true, ordering: .acquiringAndReleasing) else { return [] }
        return await Teardowns.run(CollectionOfOne(teardown))
    }

    /// Runs the teardown at once in a task the container tracks, unless it has run.
    func settleInBackground() {
        guard !isSettled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let teardown = teardown
        family.endings.start {
            let failures = await Teardowns.run(CollectionOfOne(teardown))
            return failures.isEmpty ? nil : ResolutionEngine.lateFailure(failures)
        }
    }

    deinit {
        settleInBackground()
    }
}
