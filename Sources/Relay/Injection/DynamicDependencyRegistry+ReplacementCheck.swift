extension DynamicDependencyRegistry {
    /// Checks that every instruction replaces a registration the program made: of its type, without
    /// a name, in its scope's container or (where a scope falls back) in the root.
    ///
    /// What counts is the registrations as they are before any instruction applies, so an earlier
    /// instruction for the same type does not make a later one valid. An alias made with
    /// `implements` counts: it answers for its type.
    ///
    /// - Throws: ``DynamicDependencyIndexError`` with code ``DynamicDependencyIndexError/Code/nothingToReplace``
    ///   for the first instruction that would replace nothing.
    func checkEveryInstructionReplacesARegistration() throws(DynamicDependencyIndexError) {
        for definition in orderedDefinitions {
            let key = RegistrationKey(definition.type, name: nil)
            // Without creating the scope: a check must not leave an empty container behind.
            let scoped = definition.scope.isGlobal ? nil : existingContainer(for: definition.scope)
            let lookedIn = (scoped.map { [$0] } ?? []) + [container]
            if lookedIn.contains(where: { $0.table.withRead { $0.registration(for: key) } != nil }) {
                continue
            }
            var registered = lookedIn.map { looked in
                (scope: looked.scope, types: looked.table.withRead { $0.allRegistrations.map(\.key.description) })
            }
            if scoped == nil && !definition.scope.isGlobal {
                registered.insert((scope: definition.scope, types: []), at: 0)
            }
            throw DynamicDependencyIndexError.replacingNothing(
                definition.instruction.description, typeKey: definition.instruction.type,
                type: definition.type, scope: definition.scope, registered: registered)
        }
    }

    /// The root's container for `scope`, if the program has made it.
    private func existingContainer(for scope: DependencyContainerScope) -> DependencyContainer? {
        guard container.family.scopeNames.contains(scope) else { return nil }
        return container.container(for: scope)
    }
}
