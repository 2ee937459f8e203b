/// An instance resolved on first use, then kept: the state behind ``Lazy`` and ``Injected``.
///
/// The first read is a ``Construction`` like a singleton's build: it claims the construction in the
/// ``ConstructionRegistry`` and resolves with no lock held; every other first read, synchronous or
/// async, waits for that build there (a thread blocks, a task suspends), as an edge of the one
/// wait-for graph. So the factory behind it runs once however the reads mix, and a cycle closed
/// through shared `Lazy` or `@Injected` values throws instead of hanging. A failure is not kept:
/// the readers waiting for that build get its error, and the next read resolves again.
final class FirstResolution<Service>: Construction, @unchecked Sendable {
    // Safety: `kept` is a locked value, reached only through its lock. The conformance lets the
    // registry hold the construction; the instance itself crosses threads only through `Lazy` and
    // `Injected`, which are `Sendable` only where `Service` is.

    private let kept = LockedValue<Service?>(nil)

    /// The instance kept by an earlier read; `nil` before the first read succeeds.
    var keptInstance: Service? { kept.withLockedValue { $0 } }

    /// The kept instance, or what `resolve` returns, kept; `resolve` runs once however many
    /// threads read at once.
    ///
    /// - Parameter container: Where `resolve` resolves, for the wait limit and for naming it in a cycle.
    func value(in container: DependencyContainer, resolving resolve: () throws -> Service) throws -> Service {
        if let keptInstance { return keptInstance }
        return try BuildOnce(self, in: container).obtain(
            path: ResolutionEngine.pathDescriptions(on: .current), isKept: { keptInstance != nil },
            read: readKept, build: resolve, keep: keep)
    }

    /// The kept instance, for a claim that found one.
    private func readKept() throws(BuildOnce.Vanished) -> Service {
        guard let keptInstance else { throw BuildOnce.Vanished() }
        return keptInstance
    }

    /// Keeps `resolved` for every later read.
    private func keep(_ resolved: Service) -> BuildOnce.Kept {
        kept.withLockedValue { $0 = resolved }
        return .claimOpen
    }
}

extension FirstResolution {
    /// The kept instance, or what `resolve` returns, kept; `resolve` runs once however many tasks
    /// and threads read at once, and a task that waits for another's read suspends.
    ///
    /// - Parameter container: Where `resolve` resolves, for naming it in a cycle.
    nonisolated(nonsending) func value(
        in container: DependencyContainer, resolving resolve: nonisolated(nonsending) () async throws -> Service
    ) async throws -> Service {
        if let keptInstance { return keptInstance }
        // The first read may await an async factory: a synchronous reader in a task is refused it.
        return try await BuildOnce(self, in: container).obtain(
            path: AsyncResolutionPath.current.descriptions, awaitsWhileBuilding: true,
            isKept: { keptInstance != nil }, read: readKept,
            build: resolve, keep: keep)
    }
}
