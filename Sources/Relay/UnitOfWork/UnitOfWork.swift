/// One unit of work: a request, a job, a command. Each ``LifecycleType/unitOfWork`` registration
/// has one instance per unit, built on first use inside it and torn down when it ends.
///
/// Open one with ``DependencyContainer/withUnitOfWork(isolation:_:)`` (or, where the unit must
/// outlive a closure, ``DependencyContainer/openUnitOfWork()`` and ``close()``). Inside, every resolve of a
/// unit-of-work registration (through `resolve(_:name:)`, the container, a factory, a
/// `Provider`, in the unit's task and its child tasks) gets the unit's instance:
///
/// ```swift
/// try await container.withUnitOfWork { unit in
///     let transaction = try await unit.resolve(Transaction.self)
///     try await unit.resolve(OrderService.self).place(order)   // its factory gets the same one
/// }
/// ```
///
/// Units nest: a unit opened inside another has instances of its own. A unit is not a
/// ``DependencyContainerScope``: scopes are named containers with registrations of their own; a
/// unit holds instances, for a while, of the registrations the container has.
public final class UnitOfWork: Sendable, CustomStringConvertible {
    /// The container the unit was opened on; `resolve(_:name:)` resolves from it.
    public let container: DependencyContainer

    /// The unit this one was opened inside, if any.
    public let parent: UnitOfWork?

    /// The unit's number, for messages: units are numbered from 1 in the order they open.
    public let number: Int

    /// How many async factories were running in the task that opened the unit: a factory that
    /// opens a unit ends it before it returns, so its frame does not hold the unit's instances.
    let asyncDepthAtOpen: Int

    /// What the unit holds: an instance (or the construction of one) per registration, and the
    /// teardowns owed, in the order the instances were built.
    private struct State {
        var slots: [ObjectIdentifier: (registration: AnyRegistration, slot: Construction)] = [:]
        var teardowns: [UnitTeardown] = []
        var isEnded = false
    }

    private let state = LockedValue(State())

    private static let counter = LockedValue(0)

    /// The unit the current task runs in; `nil` outside any unit.
    @TaskLocal static var current: UnitOfWork?

    init(container: DependencyContainer, parent: UnitOfWork?) {
        self.container = container
        self.parent = parent
        self.asyncDepthAtOpen = AsyncResolutionPath.current.count
        self.number = Self.counter.withLockedValue { count in
            count += 1
            return count
        }
    }

    /// Whether the unit has ended: its instances are torn down, and resolving in it is an error.
    public var isEnded: Bool {
        state.withLockedValue { $0.isEnded }
    }

    /// `unit of work #3`.
    public var description: String {
        "unit of work #\(number)"
    }

    /// Resolves `type` from the unit's container, inside this unit: as `container.resolve`
    /// does from the unit's own task.
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - name: The registration's name; `nil` for the default.
    /// - Returns: The instance: for a ``LifecycleType/unitOfWork`` registration, this unit's.
    /// - Throws: ``DependencyResolutionError`` as `resolve(_:name:)` does, and with code
    ///   ``DependencyResolutionError/Code/unitOfWorkEnded`` once the unit has ended.
    nonisolated(nonsending) public func resolve<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil
    ) async throws -> Service {
        try await Self.$current.withValue(self) { try await container.resolve(type, name: name) }
    }

    /// Resolves `type` from the unit's container, inside this unit, synchronously; see the async
    /// `resolve(_:name:)`.
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - name: The registration's name; `nil` for the default.
    /// - Returns: The instance: for a ``LifecycleType/unitOfWork`` registration, this unit's.
    /// - Throws: ``DependencyResolutionError``, as the synchronous `resolve(_:name:)` does.
    public func resolve<Service>(_ type: Service.Type = Service.self, name: String? = nil) throws -> Service {
        try Self.$current.withValue(self) { try container.resolve(type, name: name) }
    }

    /// Runs `body` in this unit: every resolve in its task and child tasks gets this unit's
    /// unit-of-work instances.
    ///
    /// - Parameters:
    ///   - isolation: Where `body` runs: the caller's actor, by default.
    ///   - body: The work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func run<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await Self.$current.withValue(self, operation: body, isolation: isolation)
    }

    /// Ends the unit: no resolve reaches it any more, its teardowns run newest first (every one,
    /// even after one throws), and its instances are released. Closing a closed unit does nothing.
    ///
    /// - Throws: ``DependencyShutdownError`` naming each type whose teardown threw.
    nonisolated(nonsending) public func close() async throws {
        let failures = await end()
        if !failures.isEmpty {
            throw DependencyShutdownError(failures: failures, endingUnit: self)
        }
    }

    // MARK: - The engine's side

    /// The construction of `registration`'s instance in this unit, made on first use; `nil` once
    /// the unit has ended.
    func slot<Service>(for registration: Registration<Service>) -> FirstResolution<Service>? {
        state.withLockedValue { state in
            guard !state.isEnded else { return nil }
            let id = ObjectIdentifier(registration)
            if let kept = state.slots[id] { return unsafeDowncast(kept.slot, to: FirstResolution<Service>.self) }
            let slot = FirstResolution<Service>(key: registration.key)
            // The registration is kept with it, so that its identifier is not reused while the unit lives.
            state.slots[id] = (registration, slot)
            return slot
        }
    }

    /// Records the teardown of an instance built in this unit, to run when the unit ends.
    ///
    /// - Returns: `false` when the unit ended while the instance was built: the caller tears it
    ///   down at once, as the unit did the others.
    func record(_ teardown: UnitTeardown) -> Bool {
        state.withLockedValue { state in
            guard !state.isEnded else { return false }
            state.teardowns.append(teardown)
            return true
        }
    }

    /// Ends the unit without tearing anything down: for the throwaway unit of ``DependencyContainer/validate()``,
    /// which drops what it builds.
    func abandon() {
        let slots = state.withLockedValue { state in
            state.isEnded = true
            state.teardowns = []
            defer { state.slots = [:] }
            return state.slots
        }
        withExtendedLifetime(slots) {}
    }

    /// Ends the unit: no resolve reaches it any more; its teardowns run newest first, every one
    /// even after one throws; its instances are released.
    ///
    /// - Returns: The teardowns that threw.
    nonisolated(nonsending) func end() async -> [DependencyShutdownError.Failure] {
        let (teardowns, slots) = state.withLockedValue { state in
            state.isEnded = true
            defer {
                state.teardowns = []
                state.slots = [:]
            }
            return (state.teardowns, state.slots)
        }
        var failures: [DependencyShutdownError.Failure] = []
        for teardown in teardowns.reversed() {
            do {
                try await teardown.run()
            } catch {
                failures.append(
                    .init(requestedType: teardown.key.description, scope: teardown.scope, underlyingError: error))
            }
        }
        // Released after the teardowns, outside the lock, in case a deinit resolves.
        withExtendedLifetime(slots) {}
        return failures
    }
}

/// The teardown owed to an instance built in a unit of work.
struct UnitTeardown: @unchecked Sendable {
    // Safety: the instance is one the unit hands to its own work and child tasks; the teardown,
    // `@Sendable` itself, receives it once, when the unit ends, after that work is done.

    /// The registered type and name, for the failure's message.
    let key: RegistrationKey

    /// The scope of the container that built it.
    let scope: DependencyContainerScope

    /// Runs the teardown on the instance.
    let run: @Sendable () async throws -> Void

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

    /// Carries an instance into the teardown's closure; see the safety note above.
    private struct UncheckedInstance<Service>: @unchecked Sendable {
        let instance: Service
        init(_ instance: Service) { self.instance = instance }
    }
}
