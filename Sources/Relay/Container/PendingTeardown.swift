/// A teardown owed to an instance a container built and cached: run by
/// ``DependencyContainer/shutdown()``.
struct PendingTeardown: @unchecked Sendable {
    // Safety: `instance` is an instance the container caches and hands to any thread that resolves
    // it; the teardown, `@Sendable` itself, receives it once, at shutdown, as any resolver would.

    /// The registered type and name, for the failure's message.
    let key: RegistrationKey

    /// The scope of the container that built it.
    let scope: DependencyContainerScope

    private let run: @Sendable () async throws -> Void

    init<Service>(
        of instance: Service,
        key: RegistrationKey,
        scope: DependencyContainerScope,
        teardown: @escaping @Sendable (Service) async throws -> Void
    ) {
        self.key = key
        self.scope = scope
        let box = UncheckedInstance(instance)
        run = { try await teardown(box.instance) }
    }

    /// Runs the teardown.
    func callAsFunction() async throws {
        try await run()
    }

    /// Carries an instance into the teardown's closure; see the safety note above.
    private struct UncheckedInstance<Service>: @unchecked Sendable {
        let instance: Service
        init(_ instance: Service) { self.instance = instance }
    }
}
