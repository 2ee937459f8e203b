extension DependencyContainer {
    /// Registers several modules into this container, in order, as SwiftInjection's modules and
    /// Swinject's assemblies do.
    ///
    /// Later modules replace what earlier ones registered for the same type and name, so a
    /// program can list its defaults first and its overrides after. Inside
    /// `withOverrides(_:operation:)` they register into the override, as `register` does.
    ///
    /// ```swift
    /// try DependencyContainer.global.apply(DefaultModule(), PaymentsModule())
    /// ```
    ///
    /// - Parameter modules: The modules to run.
    /// - Throws: The first error a module throws; the modules after it do not run.
    public func apply(_ modules: any DependencyModule...) throws {
        try apply(modules)
    }

    /// Registers several modules into this container, in order; see
    /// ``apply(_:)-(DependencyModule...)``.
    ///
    /// - Parameter modules: The modules to run.
    /// - Throws: The first error a module throws; the modules after it do not run.
    public func apply(_ modules: [any DependencyModule]) throws {
        for module in modules {
            try module.register(in: self)
        }
    }
}
