extension DynamicDependencyRegistry {
    /// Instructions checked as a launch's are, all before anything registers: the allow-list, the
    /// index (keys, types, configurations, answered stubs), then the replacement rule. The one
    /// check for the parser at start-up and for a test's re-wiring and sessions at run time.
    ///
    /// - Throws: ``DynamicDependencyIndexError`` for the first instruction that fails a check.
    static func checked(
        _ instructions: [DependencyInjectionInstruction],
        index: DynamicDependencyIndex,
        container: DependencyContainer,
        allowedTypes: Set<DependencyTypeKey>?,
        allowsUnregisteredTypes: Bool,
        answering: (any StubCallAnswering)?
    ) throws(DynamicDependencyIndexError) -> DynamicDependencyRegistry {
        if let allowedTypes {
            for instruction in instructions where !allowedTypes.contains(instruction.type) {
                throw DynamicDependencyIndexError.notAllowed(instruction.type, allowed: allowedTypes)
                    .read(from: instruction.origin)
            }
        }
        let registry = try DynamicDependencyRegistry(
            instructions: instructions, index: index, container: container, answering: answering)
        if !allowsUnregisteredTypes {
            try registry.checkEveryInstructionReplacesARegistration()
        }
        return registry
    }

    /// Checks that every instruction replaces a registration the program made: in a scope the
    /// program made, of its type, without a name, in its scope's container or (where a scope falls
    /// back) in the root.
    ///
    /// What counts is the registrations and scopes as they are before any instruction applies, so
    /// an earlier instruction for the same type does not make a later one valid. An alias made with
    /// `implements` counts: it answers for its type.
    ///
    /// - Throws: ``DynamicDependencyIndexError`` with code ``DynamicDependencyIndexError/Code/unknownScope``
    ///   or ``DynamicDependencyIndexError/Code/nothingToReplace`` for the first instruction that
    ///   would replace nothing.
    func checkEveryInstructionReplacesARegistration() throws(DynamicDependencyIndexError) {
        let madeScopes = container.family.scopeNames
        for definition in orderedDefinitions {
            // A misspelt scope would fall back to global and pass below, though nothing resolves
            // from it: the replacement would reach nothing.
            guard definition.scope.isGlobal || madeScopes.contains(definition.scope) else {
                throw DynamicDependencyIndexError.unmadeScope(
                    definition.instruction.description, scope: definition.scope, made: madeScopes
                ).read(from: definition.instruction.origin)
            }
            if SpiedRegistration.replaced(definition.type, in: definition.scope, of: container) != nil {
                continue
            }
            let lookedIn = container.containersReplaced(in: definition.scope)
            let registered = lookedIn.map { looked in
                (scope: looked.scope, types: looked.table.withRead { $0.allRegistrations.map(\.key.description) })
            }
            throw DynamicDependencyIndexError.replacingNothing(
                definition.instruction.description, typeKey: definition.instruction.type,
                type: definition.type, scope: definition.scope, registered: registered
            ).read(from: definition.instruction.origin)
        }
    }
}
