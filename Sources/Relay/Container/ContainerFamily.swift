import Synchronization

/// A root container's scopes: their registration tables, and weak references to their handles.
///
/// Handles point at the family, and the family points back only weakly, so a root and its scopes
/// are freed once nothing outside holds them, while a scope's registrations live as long as the
/// root does.
final class ContainerFamily: Sendable {
    private struct ScopeSlot {
        let table: RegistrationTable
        weak var container: DependencyContainer?
    }

    private let scopes = LockedValue<[DependencyContainerScope: ScopeSlot]>([:])

    /// The roots made so far, in order: an independent root is named `root #N` in messages.
    private static let rootsMade = Atomic<Int>(0)

    /// This root's number in the order roots were made (``DependencyContainer/global`` has one
    /// too, but is named `global`).
    let ordinal = ContainerFamily.rootsMade.add(1, ordering: .relaxed).newValue

    /// The teardowns owed by the root and its scopes.
    let teardowns = TeardownLog()

    /// The units of work open on the root and its scopes, which `shutdown()` ends.
    let openUnits = OpenUnits()

    /// Endings that run in tasks of their own (dropped units, late instances), which `shutdown()`
    /// awaits, and the observer of the failures nobody else receives.
    let endings = BackgroundEndings()

    /// Layers that something keeps over this root beyond one call (a session of a launched
    /// program), by identity: `shutdown()` ends what each owns first, as it is built over the
    /// root's instances. Whoever keeps one drops it when it ends the layer itself.
    private let keptLayers = LockedValue<[ObjectIdentifier: DependencyContainer]>([:])

    /// Keeps `layer` (an override's root) for `shutdown()` to end, until it is dropped.
    func keep(layer: DependencyContainer) {
        keptLayers.withLockedValue { $0[ObjectIdentifier(layer)] = layer }
    }

    /// Stops keeping `layer`: its keeper ends it.
    func drop(layer: DependencyContainer) {
        _ = keptLayers.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(layer)) }
    }

    /// Every layer kept so far, no longer kept: `shutdown()` ends them.
    func takeKeptLayers() -> [DependencyContainer] {
        keptLayers.withLockedValue { layers in
            defer { layers = [:] }
            return Array(layers.values)
        }
    }

    /// See ``DependencyContainer/constructionWaitLimit``; in nanoseconds, read on every wait.
    private let waitLimitNanoseconds = Atomic<Int64>(30_000_000_000)

    /// How long a thread waits for another's build of one of the family's instances.
    var constructionWaitLimit: Duration {
        get { .nanoseconds(waitLimitNanoseconds.load(ordering: .relaxed)) }
        set {
            let (seconds, attoseconds) = newValue.components
            let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            let limit = nanoseconds.overflow ? Int64.max : nanoseconds.partialValue &+ attoseconds / 1_000_000_000
            waitLimitNanoseconds.store(max(0, limit), ordering: .relaxed)
        }
    }

    /// For the family of an override's layer, the root it overrides: what the layer does not
    /// hold, its factories resolve from there (through the override). `nil` for every other root.
    let overriddenRoot: DependencyContainer?

    /// A family for a root of its own, or for the layer of an override of `overriddenRoot`.
    init(overriding overriddenRoot: DependencyContainer? = nil) {
        self.overriddenRoot = overriddenRoot
    }

    /// The scoped container for `scope` below `root`, the same object for as long as one is held.
    func container(for scope: DependencyContainerScope, root: DependencyContainer) -> DependencyContainer {
        scopes.withLockedValue { scopes in
            if let container = scopes[scope]?.container {
                return container
            }
            let table = scopes[scope]?.table ?? RegistrationTable()
            let container = DependencyContainer(scope: scope, table: table, family: self, parent: root)
            scopes[scope] = ScopeSlot(table: table, container: container)
            return container
        }
    }

    /// The scopes that have been created, sorted by tag so that reports are stable.
    var scopeNames: [DependencyContainerScope] {
        scopes.withLockedValue { $0.keys.sorted { $0.tag < $1.tag } }
    }
}
