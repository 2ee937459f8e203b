/// The one way an instance reaches its teardown, which is `@Sendable` and so may not be handed a
/// value that is not.
///
/// Safety, for every caller: an instance handed to its teardown is one whose registration may share
/// it: a `Sendable` service (the `register` overloads with a teardown that take a `LifecycleType`
/// require it), or one registered `.unchecked(_:)` (``UncheckedLifecycle``: the only lifecycle a
/// service that is not `Sendable` takes with a teardown, on the user's word that sharing it is
/// safe). Its owner (a container or a unit of work) shares it with whoever resolves it, on any
/// thread, or never handed it out at all (built as its unit ended). The teardown is one more
/// receiver of it, as any resolver is, and may run while work still holds it (shutdown ends units
/// still open), as every owner's teardowns may.
enum TeardownHandOff {
    /// `teardown` bound to `instance`, to run later.
    static func bind<Service>(
        _ teardown: @escaping @Sendable (Service) async throws -> Void,
        to instance: Service
    ) -> @Sendable () async throws -> Void {
        nonisolated(unsafe) let instance = instance
        return { try await teardown(instance) }
    }

    /// Runs `teardown` on `instance` now.
    @inline(__always)
    nonisolated(nonsending) static func run<Service>(
        _ teardown: @Sendable (Service) async throws -> Void,
        on instance: Service
    ) async throws {
        nonisolated(unsafe) let instance = instance
        try await teardown(instance)
    }
}
