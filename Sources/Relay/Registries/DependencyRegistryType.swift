/// A group of registrations that decides itself where it registers: a program's default wiring,
/// or one module's share of it.
///
/// A registry registers factories but builds nothing; resolution stays lazy. Run it before
/// anything resolves:
///
/// ```swift
/// struct DefaultDependencyRegistry: DependencyRegistryType {
///     func registerDependencies() throws {
///         DependencyContainer.global.register(BookStore.self) { _ in SQLiteBookStore() }
///         DependencyContainer.global.register(Shelf.self, lifecycle: .transient) { container in
///             try Shelf(store: container.resolve(BookStore.self))
///         }
///     }
/// }
///
/// try DefaultDependencyRegistry().registerDependencies()
/// ```
///
/// A registry that registers into whichever container it is given is a ``DependencyModule``:
/// `container.apply(_:)` runs modules on the container it is called on.
public protocol DependencyRegistryType {
    /// Registers this registry's factories.
    ///
    /// - Throws: Whatever stops the registry from registering (a missing configuration file, say).
    func registerDependencies() throws
}
