/// One thing that is built once and then kept, with the state of its current build: a cached
/// registration (a singleton, eager singleton or weak instance), or the first read of a ``Lazy``
/// or an ``Injected`` property.
///
/// Every such build goes through ``ConstructionRegistry``: it claims the construction, builds,
/// and ends the build, and everyone who needs it meanwhile waits for that build there, as an edge
/// of the one wait-for graph. So the same rules (exactly once, waits that suspend or are bounded,
/// cycles that throw instead of hanging) hold for every front that builds lazily.
class Construction: @unchecked Sendable {
    // Safety: `key` is a `let`; every other stored property is read and written only while
    // ConstructionRegistry's lock is held, with one exception: a unit of work's slot is claimed
    // and its unsought claim ended (`claimUnpublished`, `endUnsoughtClaim`) under the unit's lock,
    // while no other resolver can reach the slot, and the unit's lock publishes those writes to
    // whoever finds the slot after. Either way one lock serialises every access, so the
    // exclusivity checks are off.

    /// The type and name this construction builds, as errors and cycle paths name it.
    let key: RegistrationKey

    init(key: RegistrationKey) {
        self.key = key
    }

    /// Who is building now; `nil` when nobody is.
    @exclusivity(unchecked) final var builder: ResolverID?

    /// The resolver the builder builds on behalf of (the task whose factory started the child task
    /// that builds), for the wait-for graph's parent-to-child edge; `nil` when it builds for itself.
    @exclusivity(unchecked) final var builderParent: ResolverID?

    /// The container the current build runs in, for naming it in a cycle's path. Unowned: the
    /// builder holds the container for as long as the build runs, and it is read only then.
    @exclusivity(unchecked) final unowned(unsafe) var builtIn: DependencyContainer?

    /// How many builds have ended: a waiter waits for the count to move past its ticket.
    @exclusivity(unchecked) final var endedBuilds: UInt = 0

    /// How the last build ended, for the resolvers that waited for it.
    @exclusivity(unchecked) final var lastOutcome: BuildOutcome = .built

    /// Whether the current build awaits (an async factory): it needs the cooperative pool's
    /// threads, so a synchronous resolve inside a task may not block one of them for it.
    @exclusivity(unchecked) final var buildAwaits = false
}
