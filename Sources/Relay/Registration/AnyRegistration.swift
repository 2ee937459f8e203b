import Synchronization

/// A registration with its service type erased, as a ``RegistrationTable`` stores it.
///
/// Every instance is a ``Registration`` of the type its key names; the table relies on that to
/// downcast without a check on the hot path.
class AnyRegistration: Construction, @unchecked Sendable {
    // Safety: every stored property is a `let`, or guarded by a lock named where it is declared:
    // `position` and `cachedStorage` by the owning table's lock, the construction state (see
    // `Construction`) by ConstructionRegistry's lock. Tasks hold registrations only to build or read them.
    // `arguments` is written once, before the registration is added to a table (whose lock
    // publishes it), and only read after. `declaredDependencies` is written before the registration
    // is added, or by `dependsOn` under the owning table's write lock, and read under its read lock
    // (the resolve path never reads it). `reportsNextBuild` is an atomic's.

    /// How long built instances are kept.
    let lifecycle: LifecycleType

    /// What a resolve does with it once the resolution's path allows a build: its lifecycle (and
    /// whether its factory is async) as the engine dispatches on them.
    let lifecycleStep: ResolutionEngine.Step

    /// The dynamic instruction that registered it, for graphs and reports; `nil` for code.
    let instruction: String?

    /// Its place in its table's registration order, which a replacement inherits. Set by the
    /// table under its write lock, before any reader can see the registration.
    final var position = 0

    /// Whether its factory is async: synchronous code can read its instance, never build it.
    let isAsync: Bool

    /// The types of the arguments its factory takes, for a registration made with
    /// `register(_:name:with:)` and arguments; `nil` for one that takes only the container.
    /// Set before the registration is added to a table, never after.
    final var arguments: ArgumentSignature?

    /// What it depends on, declared without building it (an autowired initializer's parameters,
    /// ``RegisteredService/dependsOn(_:)``), for `check()`; `nil` when nothing is declared, which
    /// `check()` lists as unchecked.
    final var declaredDependencies: [DeclaredDependency]?

    /// For an alias, the key it forwards every resolve to (in the container that holds it); `nil`
    /// for a registration with a factory of its own.
    let forwardsTo: RegistrationKey?

    /// Whether its next build is reported to ``BuildReporting``'s listeners: from its making while
    /// one listens (or from a listener's installing), until a build of it is reported. False for
    /// ever in a program that installs no listener.
    @inline(__always)
    final var reportsNextBuild: Bool {
        get { reportsNextBuildFlag.load(ordering: .relaxed) }
        set { reportsNextBuildFlag.store(newValue, ordering: .relaxed) }
    }

    private final let reportsNextBuildFlag: Atomic<Bool>

    init(
        key: RegistrationKey,
        lifecycle: LifecycleType,
        instruction: String?,
        isAsync: Bool,
        hasTeardown: Bool,
        forwardsTo: RegistrationKey? = nil
    ) {
        self.lifecycle = lifecycle
        self.lifecycleStep = ResolutionEngine.lifecycleStep(for: lifecycle, isAsync: isAsync, hasTeardown: hasTeardown)
        self.instruction = instruction
        self.isAsync = isAsync
        self.forwardsTo = forwardsTo
        self.reportsNextBuildFlag = Atomic(BuildReporting.isActive)
        super.init(key: key)
    }

    /// The address of the cached singleton (one initialised value of the service type), `nil` when
    /// no singleton is cached. The ``Registration`` owns the memory: it allocates it when it caches
    /// an instance and frees it when it drops one.
    ///
    /// The hot path reads it with the owning table's read lock held and copies the instance out
    /// before unlocking, so the memory cannot be freed under it. Read under the read lock, written
    /// under the write lock; exclusivity is unchecked because the lock already serialises the two.
    @exclusivity(unchecked) final var cachedStorage: UnsafeMutableRawPointer?

    /// Whether an instance is cached (and, for `.weak`, still alive). Call under the read lock.
    func hasCachedInstance() -> Bool { cachedStorage != nil }

    /// Builds (or finds cached) an instance without knowing its type: for `start()`.
    func resolveErased(in container: DependencyContainer) throws -> Any {
        preconditionFailure("AnyRegistration is abstract; every instance is a Registration")
    }

    /// Resolves this registration's key through an override layer, without knowing its type: for
    /// `validate()` and `dependencyGraph()`.
    func resolveErased(in container: DependencyContainer, under layer: OverrideLayer) throws -> Any {
        preconditionFailure("AnyRegistration is abstract; every instance is a Registration")
    }

    /// Builds (or finds cached) an instance without knowing its type, awaiting: for `start()`.
    nonisolated(nonsending) func resolveErasedAsync(in container: DependencyContainer) async throws -> Any {
        preconditionFailure("AnyRegistration is abstract; every instance is a Registration")
    }

    /// Resolves this registration's key through an override layer, awaiting: for `validate()`.
    nonisolated(nonsending) func resolveErasedAsync(in container: DependencyContainer, under layer: OverrideLayer)
        async throws -> Any
    {
        preconditionFailure("AnyRegistration is abstract; every instance is a Registration")
    }

    /// Whether it has a teardown, for `check()`'s lifetime rules. Asked of the registration rather
    /// than stored: registering, a hot path, stores nothing more for it.
    var hasTeardown: Bool { false }

    /// Drops the cached instance and hands it back, so the caller can release it after unlocking
    /// (a deinit may resolve, and must not find the lock held). Call with the write lock held.
    func takeCachedInstance() -> Any? { nil }
}
