/// Which containers a key is looked up in, nearest first: the one answer to "where does a resolve
/// look", for everything that searches (a lookup by key, by type or by arguments, an alias's
/// target, the names `resolveAll` resolves, the neighbours a not-registered error lists).
///
/// Without an active override it is the container asked, then its root. Under an override of the
/// container's root active in the current task, at each level (the container's scope, then
/// global) the override's layers come first, innermost first, then the base.
///
/// The resolve's hot path walks the plain route without making one: `ResolutionEngine.resolve`
/// and `ResolutionEngine.cachedInstance` read the container, then its root, written out and
/// inlined. Those two walks are this type's fast path, taken only while no override runs
/// (`SlowPathGate`), and must agree with ``init(plain:)``.
struct Route {
    /// The containers, nearest first.
    let containers: [DependencyContainer]

    /// How many of ``containers``, from the first, are at the level of the container asked (its
    /// scope): what it holds itself, with the layers' registrations for that scope.
    let ownLevel: Int

    /// The override whose layers are on the route; `nil` for a plain route.
    let layer: OverrideLayer?

    /// The route of a resolve from `container`: through the override of its root active in this
    /// task, if any.
    init(from container: DependencyContainer) {
        if let layer = container.activeOverride {
            self.init(container, under: layer)
        } else {
            self.init(plain: container)
        }
    }

    /// The container, then its root, whatever override is active: the route within one family,
    /// as an alias finds its target next to it.
    init(plain container: DependencyContainer) {
        containers = container.parent.map { [container, $0] } ?? [container]
        ownLevel = 1
        layer = nil
    }

    /// The route of `container`'s scope under `layer`: at each level the layers of the task that
    /// override the same root, innermost first, then the base.
    init(_ container: DependencyContainer, under layer: OverrideLayer) {
        let levels: [DependencyContainerScope] = container.scope.isGlobal ? [.global] : [container.scope, .global]
        let layers = layer.chain
        containers = levels.flatMap { level in
            layers.map { $0.overrides.container(for: level) } + [layer.base.container(for: level)]
        }
        ownLevel = layers.count + 1
        self.layer = layer
    }

    /// The first registration of `key` along the route, and the container that holds it.
    func first(_ key: RegistrationKey) -> (registration: AnyRegistration, holder: DependencyContainer)? {
        for container in containers {
            if let found = container.table.withRead({ $0.registration(for: key) }) {
                return (found, container)
            }
        }
        return nil
    }

    /// Whether a container at the asked level holds a registration of `key`: the container asked,
    /// or an override's layer for its scope.
    func holdsAtOwnLevel(_ key: RegistrationKey) -> Bool {
        containers.prefix(ownLevel).contains { container in
            container.table.withRead { $0.registration(for: key) != nil }
        }
    }

    /// Every registration along the route of the type `type` names that `isIncluded` picks, each
    /// with the container that holds it: nearest container first, in registration order within
    /// each.
    func registrations(
        of type: ObjectIdentifier,
        where isIncluded: (AnyRegistration) -> Bool = { _ in true }
    ) -> [(registration: AnyRegistration, holder: DependencyContainer)] {
        containers.flatMap { container in
            container.table.withRead { $0.registrations(of: type) }.filter(isIncluded).map { ($0, container) }
        }
    }

    /// Every registration along the route that `isIncluded` picks, whatever its key's type (those
    /// that take arguments are keyed by their signature), each with the container that holds it.
    func registrations(
        where isIncluded: (AnyRegistration) -> Bool
    ) -> [(registration: AnyRegistration, holder: DependencyContainer)] {
        containers.flatMap { container in
            container.table.withRead { $0.allRegistrations }.filter(isIncluded).map { ($0, container) }
        }
    }

    /// Whether `container` is on the route.
    func contains(_ container: DependencyContainer) -> Bool {
        containers.contains { $0 === container }
    }
}
