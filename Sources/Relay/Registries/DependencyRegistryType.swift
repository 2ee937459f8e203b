/// A group of registrations: a program's default wiring, or one module's share of it.
///
/// A registry registers factories but builds nothing; resolution stays lazy.
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
/// try DependencyContainer.global.apply(DefaultDependencyRegistry(), PaymentsRegistry())
/// ```
public protocol DependencyRegistryType {
    /// Registers this registry's factories.
    ///
    /// - Throws: Whatever stops the registry from registering (a missing configuration file, say).
    func registerDependencies() throws
}
