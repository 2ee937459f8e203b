/// A resolve while an override or an observer is active somewhere in the process (the slow path,
/// behind ``SlowPathGate``): through the active override of the container's root, if any, and
/// reported to the observers of this resolve, if any.
extension ResolutionEngine {
    /// Resolves through any override, and reports to the observers if there are any.
    static func resolveObserved<Service>(_ key: RegistrationKey, from container: DependencyContainer) throws -> Service
    {
        let layer = OverrideLayer.active(for: container.root)
        let observers = ResolutionObservation.shared.observers
        let thread = ResolutionThreadState.current
        let reporter = reportingFactory(on: thread)
        guard !observers.isEmpty || reporter != nil else {
            return try layer.map { try $0.resolve(key, from: container) } ?? resolve(key, from: container)
        }
        let buildsBefore = thread.builds
        let observed = ObservedResolve(
            key: key, depth: thread.path.count, observers: observers, reportedFor: reporter, in: container)
        return try observed.reporting {
            let service: Service =
                try layer.map { try $0.resolve(key, from: container) } ?? resolve(key, from: container)
            return (service, thread.builds != buildsBefore)
        }
    }

    /// Resolves through any override, awaiting, and reports to the observers if there are any.
    nonisolated(nonsending) static func resolveObservedAsync<Service>(
        _ key: RegistrationKey,
        from container: DependencyContainer
    ) async throws -> Service {
        let layer = OverrideLayer.active(for: container.root)
        let observers = ResolutionObservation.shared.observers
        let reporter = reportingAsyncFactory()
        guard !observers.isEmpty || reporter != nil else {
            if let layer { return try await layer.resolveAsync(key, from: container) }
            return try await resolveAsync(key, from: container)
        }
        let builds = BuildCount()
        let observed = ObservedResolve(
            key: key, depth: AsyncResolutionPath.current.count, observers: observers, reportedFor: reporter,
            in: container)
        return try await observed.reportingAsync {
            let service: Service = try await BuildCount.$current.withValue(builds) {
                if let layer { return try await layer.resolveAsync(key, from: container) }
                return try await resolveAsync(key, from: container)
            }
            return (service, builds.value != 0)
        }
    }
}

/// How many factories ran inside one observed async resolve, so the observer can tell a build
/// from a cache hit: the async counterpart of a thread's build count. Every front that runs a
/// factory for an async resolution counts it (`buildAsync`, and the unit build run in line).
final class BuildCount: Sendable {
    private let count = LockedValue(0)

    /// The count of the observed resolve the current task runs inside, if any.
    @TaskLocal static var current: BuildCount?

    var value: Int { count.withLockedValue { $0 } }

    func increment() {
        count.withLockedValue { $0 += 1 }
    }
}

/// One resolve that observers see, and that a reporting factory reports (see
/// `ResolutionEngine+BuildReports`): what it asked for, how deep, and when it started. The
/// synchronous and async observed resolves differ only in how they count builds; what an outcome
/// is reported as is this, for both.
private struct ObservedResolve {
    let key: RegistrationKey
    let depth: Int
    let observers: ResolutionObservation.Observers
    /// The reporting factory that made this resolve; `nil` when it does not report.
    let reportedFor: (key: RegistrationKey, scope: DependencyContainerScope)?
    let container: DependencyContainer
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant

    init(
        key: RegistrationKey,
        depth: Int,
        observers: ResolutionObservation.Observers,
        reportedFor: (key: RegistrationKey, scope: DependencyContainerScope)?,
        in container: DependencyContainer
    ) {
        self.key = key
        self.depth = depth
        self.observers = observers
        self.reportedFor = reportedFor
        self.container = container
        self.start = clock.now
    }

    /// Runs the resolve (which returns its instance and whether a factory ran), then reports how
    /// it ended.
    func reporting<Service>(_ resolve: () throws -> (Service, built: Bool)) throws -> Service {
        do {
            let (service, built) = try resolve()
            tell(built ? .built : .cached, instance: service)
            return service
        } catch {
            if let outcome = BuildReporting.outcome(of: error) { tell(outcome, instance: nil) }
            throw error
        }
    }

    /// Runs the async resolve, then reports how it ended.
    nonisolated(nonsending) func reportingAsync<Service>(
        _ resolve: nonisolated(nonsending) () async throws -> (Service, built: Bool)
    ) async throws -> Service {
        do {
            let (service, built) = try await resolve()
            tell(built ? .built : .cached, instance: service)
            return service
        } catch {
            if let outcome = BuildReporting.outcome(of: error) { tell(outcome, instance: nil) }
            throw error
        }
    }

    /// Tells the observers about the resolve, and the listeners when a reporting factory made it.
    private func tell(_ outcome: ResolutionEvent.Outcome, instance: Any?) {
        if !observers.isEmpty {
            observers.tell(
                ResolutionEvent(
                    requestedType: key.description, scope: container.scope, outcome: outcome,
                    duration: clock.now - start, depth: depth))
        }
        if let reportedFor {
            ResolutionEngine.reportResolve(
                key, from: container, outcome: outcome, instance: instance, requestedBy: reportedFor)
        }
    }
}
