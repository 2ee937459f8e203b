extension DependencyContainer {
    /// Describes a missing registration: where it was looked for, and what is registered nearby.
    func notRegisteredError(for key: RegistrationKey) -> DependencyResolutionError {
        let path = ResolutionEngine.pathDescriptions(on: ResolutionThreadState.current) + [key.description]
        // Registered only with arguments: the resolve is missing them.
        if !key.takesArguments, let registered = ArgumentPassing.registeredSignatures(of: key, from: self),
            !registered.signatures.isEmpty
        {
            return ArgumentPassing.mismatch(
                .missing(registered: registered.signatures), for: key, in: registered.holder, path: path)
        }
        return DependencyResolutionError(
            code: .notRegistered, requested: key, scope: self.scope, path: path,
            nearby: nearbyRegistrations(of: key))
    }

    /// Registrations of the same type under another name, or in another scope of the same root.
    private func nearbyRegistrations(of key: RegistrationKey) -> [String] {
        let root = self.root
        let containers = [root] + root.family.scopeNames.map { root.container(for: $0) }
        var nearby: [String] = []
        for container in containers {
            let keys = container.table.withRead {
                $0.registrations(of: key.type).map(\.key)
            }
            for other in keys where other != key || !lookupChain.contains(where: { $0 === container }) {
                let place = container.isRoot ? "global" : "scope '\(container.scope)'"
                nearby.append("'\(other.description)' in \(place)")
            }
        }
        return nearby
    }
}
