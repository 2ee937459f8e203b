/// The teardowns a root and its scopes owe, in the order their instances were built.
///
/// An instance is recorded when it is cached, which is after every dependency its factory
/// resolved was cached: running the log backwards tears dependents down before what they use.
/// An instance dropped by `releaseSingletons()` or by registering its type again stays in the log,
/// so that what was opened is still closed at shutdown.
final class TeardownLog: Sendable {
    private let pending = LockedValue<[PendingTeardown]>([])

    /// Records the teardown of an instance just cached.
    func record(_ teardown: PendingTeardown) {
        pending.withLockedValue { $0.append(teardown) }
    }

    /// Removes and returns the teardowns owed to instances built in the given scopes (every scope
    /// when `nil`), newest first.
    func takeAll(in scopes: Set<DependencyContainerScope>?) -> [PendingTeardown] {
        pending.withLockedValue { pending in
            guard let scopes else {
                defer { pending.removeAll() }
                return pending.reversed()
            }
            let taken = pending.filter { scopes.contains($0.scope) }
            pending.removeAll { scopes.contains($0.scope) }
            return taken.reversed()
        }
    }
}
