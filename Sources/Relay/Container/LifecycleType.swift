/// How long a container keeps what a factory built.
///
/// ```swift
/// container.register(Clock.self, lifecycle: .transient) { _ in SystemClock() }
/// ```
public enum LifecycleType: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Built once per container, on the first resolve, and kept until ``DependencyContainer/releaseSingletons()``.
    case singleton

    /// Built anew on every resolve and never retained by the container.
    case transient

    /// Shared while something outside the container holds it; built anew once every holder lets go.
    ///
    /// The factory must return a class instance; a value type cannot be held weakly and is an error.
    case weak

    /// A singleton built by ``DependencyContainer/start()`` rather than on first use.
    ///
    /// Before `start()`, or when registered after it, it is built on first use like a singleton.
    case eagerSingleton

    /// Shared within one resolution: every factory in one top-level `resolve` that asks for it
    /// gets the same instance, and the next top-level `resolve` builds a new one.
    ///
    /// Swinject's default object scope, and Factory's `.graph`. Use it for what the objects built
    /// by one resolve should share, while the next resolve gets its own (for what one request
    /// shares, with a teardown at its end, see ``unitOfWork``):
    ///
    /// ```swift
    /// container.register(PricingContext.self, lifecycle: .graph) { _ in PricingContext() }
    /// container.register(OrderService.self, lifecycle: .transient) { c in
    ///     try OrderService(orders: c.resolve(OrderRepository.self), pricing: c.resolve(PricingContext.self))
    /// }
    /// // OrderRepository's factory resolves PricingContext too, and gets the same one.
    /// ```
    ///
    /// A resolution is what one call to `resolve` builds, through every factory it runs on its
    /// thread, or in its task and the task's child tasks for an async resolve. Two child tasks that
    /// first ask for the instance at the same time may both run its factory; both then get the
    /// instance that was kept first. A factory that resolves on another thread starts a resolution
    /// of its own there. The container keeps nothing after the resolution ends.
    ///
    /// A ``Lazy`` made while a resolution runs continues it: what it resolves later gets that
    /// resolution's instances (as a Swinject `Lazy` does), so an object's `Lazy<PricingContext>`
    /// gives the context its factory's siblings got. It keeps those instances alive while it lives.
    /// One made outside a resolution starts a new one on each resolve. A ``Provider`` is resolved on
    /// every use: each call is a resolution of its own, with new `.graph` instances (as Swinject's
    /// `Provider` is).
    case graph

    /// One instance per unit of work: built on first use inside a unit
    /// (``DependencyContainer/withUnitOfWork(isolation:_:)``), shared by that unit's work and its
    /// child tasks, and torn down, newest first, when the unit ends.
    ///
    /// For what one request, job or command owns: a database transaction, a logger that carries
    /// the request's ID, a per-tenant client.
    ///
    /// ```swift
    /// container.register(Transaction.self, lifecycle: .unitOfWork) { c in
    ///     try await c.resolve(Database.self).begin()
    /// } teardown: { transaction in try await transaction.finish() }
    ///
    /// try await container.withUnitOfWork { unit in
    ///     let transaction = try await unit.resolve(Transaction.self)   // this unit's
    /// }                                                                // finished here
    /// ```
    ///
    /// Resolving it outside any unit, or in a unit that has ended, is an error. A longer life may
    /// not hold a shorter one: a singleton (eager or weak too) whose factory resolves it, directly
    /// or through other factories, is refused with
    /// ``DependencyResolutionError/Code/captiveDependency``; such a singleton takes a
    /// ``Provider`` and asks it on each use instead.
    case unitOfWork

    /// The lifecycle's name as written in instructions (`lifecycle=transient`).
    public var description: String { rawValue }

    /// Whether the container keeps a strong reference to what the factory built.
    var isCached: Bool {
        self == .singleton || self == .eagerSingleton
    }

    /// Whether an instance with this lifecycle outlives any one unit of work, so that holding a
    /// unit-of-work instance would keep it past its unit's end.
    var outlivesUnitsOfWork: Bool {
        self == .singleton || self == .eagerSingleton || self == .weak
    }
}
