extension Exploration {
    /// The registrations of `start`'s family whose factory ran in this exploration, without
    /// failing, and resolved other than the registration declares: each declared dependency it did
    /// not resolve, and each it resolved undeclared. What `validate()` adds to `check()`, which
    /// trusts the declarations.
    func declarationMismatches(in start: DependencyContainer) -> [DependencyResolutionError] {
        guard let recorder else { return [] }
        var resolvedBy: [String: Set<String>] = [:]
        for edge in recorder.recorded { resolvedBy[edge.from, default: []].insert(edge.to) }
        // A registration on the path of a failure may have stopped before resolving all it needs.
        let failed = Set(failures.flatMap(\.path))
        var keys: [String: RegistrationKey] = [:]
        for (registration, holder) in start.root.registrationsInFamily(where: { _ in true }) {
            keys[DependencyGraph.nodeID(scope: holder.scope, key: registration.key)] = registration.key
        }
        var mismatches: [DependencyResolutionError] = []
        for (registration, holder) in start.registrationsInFamily(where: Self.isBuiltOnItsOwn) {
            let consumer = registration.key
            // Read under the table's lock, which `dependsOn` writes them under. A singleton the
            // container had built already was found, not built, by the exploration.
            let (declarations, wasBuilt) = holder.table.withRead { _ in
                (registration.declaredDependencies, registration.hasCachedInstance())
            }
            guard let declarations, !wasBuilt, !failed.contains(consumer.description) else { continue }
            let resolved = resolvedBy[DependencyGraph.nodeID(scope: holder.scope, key: consumer)] ?? []
            var declared: Set<String> = []
            for dependency in declarations {
                guard let found = Route(plain: holder).first(dependency.key) else { continue }
                let target = DependencyGraph.nodeID(scope: found.holder.scope, key: found.registration.key)
                declared.insert(target)
                if !resolved.contains(target) {
                    mismatches.append(
                        Self.mismatch(of: consumer, in: holder, dependency: found.registration.key, declared: true))
                }
            }
            for target in resolved.subtracting(declared).sorted() {
                guard let key = keys[target] else { continue }
                mismatches.append(Self.mismatch(of: consumer, in: holder, dependency: key, declared: false))
            }
        }
        return mismatches
    }

    /// A registration an exploration builds on its own: neither an alias nor one taking arguments.
    private static func isBuiltOnItsOwn(_ registration: AnyRegistration) -> Bool {
        registration.forwardsTo == nil && registration.arguments == nil
    }

    private static func mismatch(
        of consumer: RegistrationKey,
        in holder: DependencyContainer,
        dependency: RegistrationKey,
        declared: Bool
    ) -> DependencyResolutionError {
        DependencyResolutionError(
            code: .declarationMismatch, requested: dependency, scope: holder.scope,
            path: [consumer.description, dependency.description], declaredButNotResolved: declared)
    }
}
