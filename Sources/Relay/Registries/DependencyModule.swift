/// A group of registrations made into the container it is given: a program's default wiring, or
/// one feature's share of it, that ``DependencyContainer/apply(_:)-(DependencyModule...)`` runs
/// on a container.
///
/// ```swift
/// struct PaymentsModule: DependencyModule {
///     func register(in container: DependencyContainer) {
///         container.register(PaymentGateway.self, lifecycle: .transient) { container in
///             try StripeGateway(client: container.resolve(HTTPClient.self))
///         }
///     }
/// }
///
/// try DependencyContainer.global.apply(PaymentsModule())
/// try DependencyContainer().apply(PaymentsModule())     // the same wiring, in a test's own root
/// ```
///
/// A module is a ``DependencyRegistryType`` too: its `registerDependencies()` registers into
/// ``DependencyContainer/global``. A registry that decides for itself where it registers stays a
/// plain `DependencyRegistryType`, run with `try registry.registerDependencies()`: `apply` takes
/// only modules, so that what it registers lands in the container it is called on.
public protocol DependencyModule: DependencyRegistryType {
    /// Registers this module's factories into `container` (and its scopes).
    ///
    /// - Parameter container: Where to register: the container `apply` was called on.
    /// - Throws: Whatever stops the module from registering (a missing configuration file, say).
    func register(in container: DependencyContainer) throws
}

extension DependencyModule {
    /// Registers this module's factories into ``DependencyContainer/global``.
    ///
    /// - Throws: What ``register(in:)`` throws.
    public func registerDependencies() throws {
        try register(in: .global)
    }
}
