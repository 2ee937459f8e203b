/// A teardown owed to an instance a container owns (one it cached, or a transient a longer-lived
/// factory of it resolved): run by ``DependencyContainer/shutdown()``.
struct PendingTeardown: OwnedTeardown {

    /// The registered type and name, for the failure's message.
    let key: RegistrationKey

    /// The scope of the container that built it.
    let scope: DependencyContainerScope

    private let run: @Sendable () async throws -> Void

    /// The registration that cached the instance, and the table that holds it: weak, so that an
    /// owed teardown keeps no released container alive (a replaced registration lives as long as
    /// its table anyway, retired).
    private weak var registration: AnyRegistration?
    private weak var table: RegistrationTable?

    init<Service>(
        of instance: Service,
        built registration: Registration<Service>,
        in table: RegistrationTable,
        scope: DependencyContainerScope,
        teardown: @escaping @Sendable (Service) async throws -> Void
    ) {
        self.key = registration.key
        self.scope = scope
        self.registration = registration
        self.table = table
        run = TeardownHandOff.bind(teardown, to: instance)
    }

    /// Drops the instance from its registration's cache, then runs the teardown: no resolve hands
    /// out an instance whose teardown has started; one made meanwhile builds anew.
    nonisolated(nonsending) func tearDown() async throws {
        if let registration, let table {
            // Released after unlocking, in case its deinit resolves.
            let dropped = table.withWrite { contents in
                contents.isCurrent(registration) ? registration.takeCachedInstance() : nil
            }
            withExtendedLifetime(dropped) {}
        }
        try await run()
    }
}
