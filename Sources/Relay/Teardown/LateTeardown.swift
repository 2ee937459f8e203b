/// The teardown of an instance built for a unit of work that ended while it was built, or taken by
/// an owner that had ended: it was never kept, and its resolve tears it down (see
/// `ResolutionEngine.lateInstance`).
struct LateTeardown: OwnedTeardown {
    let key: RegistrationKey
    let scope: DependencyContainerScope
    private let teardown: @Sendable () async throws -> Void

    init<Service>(of built: Service, built registration: Registration<Service>, in container: DependencyContainer) {
        key = registration.key
        scope = container.scope
        if let teardown = registration.teardown {
            self.teardown = TeardownHandOff.bind(teardown, to: built)
        } else {
            self.teardown = { @Sendable in }
        }
    }

    nonisolated(nonsending) func tearDown() async throws {
        try await teardown()
    }
}
