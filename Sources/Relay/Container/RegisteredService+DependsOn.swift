extension RegisteredService {
    /// Declares the types the registration's factory resolves, so that
    /// ``DependencyContainer/check()`` checks them without calling it.
    ///
    /// A registration by initializer (`register(Shelf.self, initializer: Shelf.init)`) declares its
    /// parameters by itself; a factory written as a closure declares what it resolves here, and is
    /// listed by `check()` as unchecked until it does:
    ///
    /// ```swift
    /// container.register(Shelf.self) { container in
    ///     try Shelf(store: container.resolve((any BookStore).self))
    /// }
    /// .dependsOn((any BookStore).self)
    /// container.register(FeatureFlags.self) { _ in FeatureFlags() }.dependsOn()  // depends on nothing
    /// ```
    ///
    /// Each call adds to what is declared. Declare a dependency the factory resolves later as it
    /// does (`Lazy<Clock>`, `Provider<Clock>`), and one it may go without as an optional
    /// (`Clock?`): `check()` then neither counts it in a cycle nor requires it. `validate()`,
    /// which runs the factory, reports a declared type it did not resolve.
    ///
    /// - Parameter types: The types the factory resolves, each without a name.
    /// - Returns: This registration, to declare more or add aliases.
    @discardableResult
    public func dependsOn<each Dependency>(_ types: repeat (each Dependency).Type) -> RegisteredService<Service> {
        declare(DeclaredDependency.parameters(repeat each types))
    }

    /// Declares one named type the registration's factory resolves; see ``dependsOn(_:)``.
    ///
    /// ```swift
    /// container.register(Analytics.self) { container in
    ///     Analytics(tracker: try container.resolve((any Tracker).self, name: "google"))
    /// }
    /// .dependsOn((any Tracker).self, name: "google")
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type the factory resolves.
    ///   - name: The name it resolves it by.
    /// - Returns: This registration, to declare more or add aliases.
    @discardableResult
    public func dependsOn<Dependency>(_ type: Dependency.Type, name: String?) -> RegisteredService<Service> {
        declare([DeclaredDependency(type, name: name)])
    }

    /// Adds `dependencies` to the registration's declared ones, under its table's write lock (the
    /// lock `check()` reads them under).
    private func declare(_ dependencies: [DeclaredDependency]) -> RegisteredService<Service> {
        let key = key
        container.actingContainer.table.withWrite { contents in
            guard let registration = contents.registration(for: key) else { return }
            registration.declaredDependencies = (registration.declaredDependencies ?? []) + dependencies
        }
        return self
    }
}
