/// A build that a synchronous resolve inside an async resolution would have had to wait for: the
/// async resolution awaits it (suspending, never blocking a thread) and then runs its synchronous
/// factory again. Handed back to it as ``InlineHandback/awaitBuild(_:refusal:)``.
struct PendingBuild: Sendable {
    /// What is being built.
    let construction: Construction

    /// Where it is built.
    let container: DependencyContainer

    /// Suspends until the build ends, as a wait in the wait-for graph.
    ///
    /// - Throws: ``DependencyResolutionError/Code/cycle`` when the wait would close a loop; the
    ///   build's own failure; `CancellationError`.
    nonisolated(nonsending) func awaitEnd() async throws {
        let attempt = BuildOnce(construction, in: container)
        // "Cached" when nobody builds it any more: nothing to wait for, and never a claim to build.
        let step = try attempt.claim(isCached: { true }, path: AsyncResolutionPath.current.descriptions)
        if case .wait(let ticket) = step {
            try await attempt.suspend(ticket: ticket)
        }
    }
}
