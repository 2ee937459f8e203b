/// An inversion-of-control container: it maps abstract types to factories and builds what is
/// asked for, lazily.
///
/// A program registers its dependencies once at start-up and resolves them where they are used:
///
/// ```swift
/// let container = DependencyContainer.global
/// container.register(BookStore.self) { _ in SQLiteBookStore(path: "books.sqlite") }
/// container.register(Shelf.self, lifecycle: .transient) { container in
///     try Shelf(store: container.resolve(BookStore.self))
/// }
///
/// let shelf = try container.resolve(Shelf.self)
/// ```
///
/// Containers form two layers. Each root (``global``, or one made with ``init()``) has scoped
/// containers, one per ``DependencyContainerScope``; a scoped container that cannot resolve a type
/// falls back to its root. Scopes do not nest further.
///
/// A container is safe to use from any thread. Resolving a cached singleton takes no lock that
/// another reading thread holds, and every singleton is built exactly once per container, however
/// many threads ask for it at the same time.
public final class DependencyContainer: Sendable {
    /// The scope this container answers for; ``DependencyContainerScope/global`` for a root.
    public let scope: DependencyContainerScope

    let table: RegistrationTable
    let family: ContainerFamily

    /// The root a scoped container falls back to; `nil` for a root.
    let parent: DependencyContainer?

    /// The process-wide root container.
    ///
    /// ``container(for:)-type.method`` reaches its scopes, and ``Injected`` resolves from it by default.
    public static let global = DependencyContainer()

    /// Creates an independent root container, with scopes of its own and no link to ``global``.
    ///
    /// Use one per test, or per subsystem that must not share registrations with the rest of the
    /// program.
    public convenience init() {
        self.init(scope: .global, table: RegistrationTable(), family: ContainerFamily(), parent: nil)
    }

    init(
        scope: DependencyContainerScope,
        table: RegistrationTable,
        family: ContainerFamily,
        parent: DependencyContainer?
    ) {
        self.scope = scope
        self.table = table
        self.family = family
        self.parent = parent
    }

    /// The root this container belongs to: itself for a root.
    public var root: DependencyContainer { parent ?? self }

    /// Whether this container is a root rather than a scope below one.
    public var isRoot: Bool { parent == nil }

    /// The scoped container of the global root for `scope`; ``global`` itself for `.global`.
    ///
    /// ```swift
    /// DependencyContainer.container(for: .checkout).register(Clock.self) { _ in FixedClock() }
    /// ```
    ///
    /// - Parameter scope: The scope's name.
    /// - Returns: The same container on every call while one is held.
    public static func container(for scope: DependencyContainerScope) -> DependencyContainer {
        global.container(for: scope)
    }

    /// The scoped container of this container's root for `scope`; the root itself for `.global`.
    ///
    /// Scopes are one layer deep: asking a scoped container for another scope returns a sibling,
    /// the scope of the same root.
    ///
    /// - Parameter scope: The scope's name.
    /// - Returns: The same container on every call while one is held.
    public func container(for scope: DependencyContainerScope) -> DependencyContainer {
        let root = self.root
        if scope.isGlobal { return root }
        if scope == self.scope { return self }
        return family.container(for: scope, root: root)
    }

    /// How long a thread that needs a singleton (or eager or weak instance) of this root or its
    /// scopes waits while another thread builds it, before it gives up with
    /// ``DependencyResolutionError/Code/waitTimedOut``. 30 seconds unless set.
    ///
    /// Builds of different registrations never wait for each other, and a cycle between factories
    /// is reported at once, so a wait this long means a factory blocked on something Relay cannot
    /// see: a semaphore, or `DispatchQueue.sync`, whose other side resolves what the factory is
    /// building. The builder itself is not interrupted; only the waiter stops waiting. Tasks that
    /// wait (with `try await resolve`) suspend instead, and stop when they are cancelled.
    ///
    /// ```swift
    /// let container = DependencyContainer()
    /// container.constructionWaitLimit = .seconds(5)
    /// ```
    public var constructionWaitLimit: Duration {
        get { family.constructionWaitLimit }
        set { family.constructionWaitLimit = newValue }
    }
}
