extension DependencyContainer {
    /// Adds `alias`, an alias of `target` made by ``RegisteredService/implements(_:name:converting:)``,
    /// where `add` would put a registration, unless another registration already holds its key there.
    ///
    /// The check and the insert happen under one write lock, so two threads cannot both find the
    /// key free, and a refused alias leaves nothing behind.
    func addAlias(_ alias: AnyRegistration, of target: RegistrationKey) throws(DependencyRegistrationError) {
        if let overriding = overridingContainer {
            return try overriding.addAlias(alias, of: target)
        }
        let (existing, replaced) = table.withWrite { contents -> (AnyRegistration?, (AnyRegistration, Any?)?) in
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
            code: .aliasAlreadyRegistered, alias: alias.key, target: target, scope: scope, holder: holder)
    }

    /// The registration an alias held here forwards to, as resolving it would find it: in this
    /// container, else in its root; `nil` for a registration with a factory of its own, or an alias
    /// whose target is gone.
    func forwardingTarget(of registration: AnyRegistration) -> (
        registration: AnyRegistration, container: DependencyContainer
    )? {
        guard let target = registration.forwardsTo else { return nil }
        for container in lookupChain {
            if let found = container.table.withRead({ $0.registration(for: target) }) {
                return (found, container)
            }
        }
        return nil
    }
}
