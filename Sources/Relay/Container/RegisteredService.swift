/// A registration just made, as `register` returns it: make it answer for more types with
/// ``implements(_:name:converting:)``.
///
/// Ignore it when one type is enough; `register` discards it quietly.
///
/// ```swift
/// try container.register(SQLiteStore.self) { _ in try SQLiteStore(path: "books.sqlite") }
///     .implements((any BookReader).self) { $0 }
///     .implements((any BookWriter).self) { $0 }
/// ```
public struct RegisteredService<Service>: Sendable {
    /// The container `register` was called on.
    let container: DependencyContainer

    /// The registration's type and name: what its aliases forward to.
    let key: RegistrationKey

    /// Makes the registration answer for another type too (an alias, Swinject's `.implements`):
    /// resolving the alias resolves the registration and converts what it returns.
    ///
    /// ```swift
    /// try container.register(SQLiteStore.self) { _ in try SQLiteStore(path: "books.sqlite") }
    ///     .implements((any BookReader).self) { $0 }
    ///     .implements((any BookWriter).self) { $0 }
    ///
    /// let reader = try container.resolve((any BookReader).self)
    /// let writer = try container.resolve((any BookWriter).self)
    /// // reader === writer: one SQLiteStore, built once
    /// ```
    ///
    /// Swift cannot state "`Service` converts to `Alias`" as a generic constraint, so the
    /// conversion is a closure the compiler checks: `{ $0 }` compiles only when the registration's
    /// type converts to the alias.
    ///
    /// The alias keeps nothing of its own. Every resolve of it resolves the registration's type
    /// and name in the container that holds the alias, so:
    /// - the registration's lifecycle applies: a singleton is one instance under every type, a
    ///   transient one is new on each resolve, through either type;
    /// - registering the type again, or injecting it with a dynamic instruction, replaces what the
    ///   alias answers too; registering (or injecting) the alias's type replaces only the alias;
    /// - an async registration works as it does under its own type: `try await resolve` awaits
    ///   its factory, and a synchronous resolve finds its built instance (or throws
    ///   ``DependencyResolutionError/Code/asyncFactory``).
    ///
    /// The alias goes where the registration went: into the same container, or inside
    /// `withOverrides(_:operation:)` into the override. An alias registered in a root forwards to
    /// the root's registration even when resolved through a scope that registers its own; register
    /// the alias in that scope too to reach the scope's. It is one of the alias type's
    /// registrations for `resolveAll`, a node of `dependencyGraph()` with an edge to the
    /// registration and its lifecycle, and `validate()` builds through it. The observer sees the
    /// alias as built (its forwarding ran) and the registration as a resolve of its own.
    ///
    /// Registering the same alias of the same registration again replaces it, so a registry can be
    /// applied twice; any other registration of the alias's type and name in that container makes
    /// this call throw, and nothing is registered.
    ///
    /// - Parameters:
    ///   - alias: The other type callers ask for, usually a protocol the service conforms to.
    ///   - name: The alias's name, which tells it apart from other registrations of `alias`;
    ///     `nil` for the default.
    ///   - conversion: Converts the service to the alias type; `{ $0 }` for an upcast.
    /// - Returns: This registration, to add more aliases.
    /// - Throws: ``DependencyRegistrationError`` with code `aliasAlreadyRegistered` when `alias`
    ///   and `name` already have a registration in the container, or `aliasOfItself` when `alias`
    ///   is the registration's own type.
    @discardableResult
    public func implements<Alias>(
        _ alias: Alias.Type,
        name: String? = nil,
        converting conversion: @escaping @Sendable (Service) -> Alias
    ) throws(DependencyRegistrationError) -> RegisteredService<Service> {
        let target = key
        // An alias of a registration that takes arguments takes the same, and is keyed by them.
        let arguments = container.table.withRead { $0.registration(for: target)?.arguments }
        let aliasKey =
            arguments.map { RegistrationKey(alias, name: name, arguments: $0) } ?? RegistrationKey(alias, name: name)
        guard ObjectIdentifier(alias) != ObjectIdentifier(target.metatype) else {
            throw DependencyRegistrationError(
                code: .aliasOfItself, alias: aliasKey, target: target, scope: container.scope, holder: nil)
        }
        // Resolved by key on every call, never a captured registration: replacements show through.
        // Arguments passed for the alias are the target's: carried on to it.
        let forwarding = Registration<Alias>(
            alias: aliasKey, forwardingTo: target,
            factory: { container in
                guard let arguments = PendingArguments.carry(from: aliasKey) else {
                    return try conversion(container.resolve(Service.self, name: target.name))
                }
                return try arguments.passing(to: target) { try conversion(container.resolve(key: target)) }
            },
            asyncFactory: { container in
                guard let arguments = PendingArguments.carry(from: aliasKey) else {
                    return try await conversion(container.resolve(Service.self, name: target.name))
                }
                return try await arguments.passing(to: target) { try await conversion(container.resolve(key: target)) }
            })
        forwarding.arguments = arguments
        arguments?.remember(for: aliasKey)
        try Aliases.add(forwarding, of: target, to: container)
        return self
    }
}
