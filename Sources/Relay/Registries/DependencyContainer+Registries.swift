extension DependencyContainer {
    /// Runs several registries in order, as SwiftInjection's modules did.
    ///
    /// Later registries replace what earlier ones registered for the same type and name, so a
    /// program can list its defaults first and its overrides after.
    ///
    /// ```swift
    /// try DependencyContainer.global.apply(DefaultDependencyRegistry(), PaymentsRegistry())
    /// ```
    ///
    /// - Parameter registries: The registries to run.
    /// - Throws: The first error a registry throws; the registries after it do not run.
    public func apply(_ registries: any DependencyRegistryType...) throws {
        try apply(registries)
    }

    /// Runs several registries in order; see ``apply(_:)-(DependencyRegistryType...)``.
    ///
    /// - Parameter registries: The registries to run.
    /// - Throws: The first error a registry throws; the registries after it do not run.
    public func apply(_ registries: [any DependencyRegistryType]) throws {
        for registry in registries {
            try registry.registerDependencies()
        }
    }
}
