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

    init() {}

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
