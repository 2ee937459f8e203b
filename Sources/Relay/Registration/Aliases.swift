/// Aliases (``RegisteredService/implements(_:name:converting:)``): a registration of another key
/// that forwards to its target's registration, so both resolve to one instance.
enum Aliases {
    /// Adds `alias`, an alias of `target`, where `container.add` would put a registration (under an
    /// override, the override's container), unless another registration already holds its key
    /// there.
    ///
    /// The check and the insert happen under one write lock, so two threads cannot both find the
    /// key free, and a refused alias leaves nothing behind.
    static func add(
        _ alias: AnyRegistration,
        of target: RegistrationKey,
        to container: DependencyContainer
    ) throws(DependencyRegistrationError) {
        let container = container.actingContainer
        let (existing, replaced) = container.table.withWrite {
            contents -> (AnyRegistration?, Any?) in
            if let existing = contents.registration(for: alias.key), existing.forwardsTo != target {
                return (existing, nil)
            }
            // Free, or the same alias of the same registration again (a registry applied twice).
            return (nil, contents.insert(alias))
        }
        // Released after the lock, in case a deinit resolves.
        withExtendedLifetime(replaced) {}
        guard let existing else { return }
        let holder: DependencyRegistrationError.Holder =
            if let other = existing.forwardsTo {
                .alias(of: other.description)
            } else if let instruction = existing.instruction {
                .instruction(instruction)
            } else {
                .factory
            }
        throw DependencyRegistrationError(
            code: .aliasAlreadyRegistered, alias: alias.key, target: target, scope: container.scope, holder: holder)
    }

    /// The registration an alias `holder` holds forwards to, as resolving it would find it: in the
    /// holder, else in its root; `nil` for a registration with a factory of its own, or an alias
    /// whose target is gone.
    static func target(
        of registration: AnyRegistration,
        heldBy holder: DependencyContainer
    ) -> (registration: AnyRegistration, container: DependencyContainer)? {
        guard let target = registration.forwardsTo else { return nil }
        return Route(plain: holder).first(target).map { ($0.registration, $0.holder) }
    }
}
