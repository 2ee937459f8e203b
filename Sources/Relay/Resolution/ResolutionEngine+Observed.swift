/// A resolve while an override or an observer is active somewhere in the process (the slow path,
/// behind ``SlowPathGate``): through the active override of the container's root, if any, and
/// reported to the observer and tracers, if any.
extension ResolutionEngine {
    /// Resolves through any override, and reports to the observer and tracers if there are any.
    static func resolveObserved<Service>(_ key: RegistrationKey, from container: DependencyContainer) throws -> Service
    {
        let layer = OverrideLayer.active(for: container.root)
        let listeners = ResolutionObservation.shared.listeners
        guard listeners.isActive else {
            return try layer.map { try $0.resolve(key, from: container) } ?? resolve(key, from: container)
        }
        let thread = ResolutionThreadState.current
        let buildsBefore = thread.builds
        // The resolve's own frame is gone when it reports: the last one left is the factory that
        // asked; a sync factory that an async resolve runs has its frame in the task instead.
        let observed = ObservedResolve(key: key, depth: thread.path.count, listeners: listeners, in: container) {
            thread.path.last.map { ($0.registration.key, $0.scope) } ?? AsyncResolutionPath.current.innermostNode
        }
        return try observed.reporting {
            let service: Service =
                try layer.map { try $0.resolve(key, from: container) } ?? resolve(key, from: container)
            return (service, thread.builds != buildsBefore)
        }
    }

    /// Resolves through any override, awaiting, and reports to the observer and tracers if there
    /// are any.
    nonisolated(nonsending) static func resolveObservedAsync<Service>(
        _ key: RegistrationKey,
        from container: DependencyContainer
    ) async throws -> Service {
        let layer = OverrideLayer.active(for: container.root)
        let listeners = ResolutionObservation.shared.listeners
        guard listeners.isActive else {
            if let layer { return try await layer.resolveAsync(key, from: container) }
            return try await resolveAsync(key, from: container)
        }
        let builds = BuildCount()
        let path = AsyncResolutionPath.current
        let observed = ObservedResolve(key: key, depth: path.count, listeners: listeners, in: container) {
            path.innermostNode
        }
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
/// from a cache hit: the async counterpart of a thread's build count.
final class BuildCount: Sendable {
    private let count = LockedValue(0)

    /// The count of the observed resolve the current task runs inside, if any.
    @TaskLocal static var current: BuildCount?

    var value: Int { count.withLockedValue { $0 } }

    func increment() {
        count.withLockedValue { $0 += 1 }
    }
}

/// One resolve that the observer and tracers see: what it asked for, how deep, when it started,
/// and who asked. The synchronous and async observed resolves differ only in how they count builds
/// and find who asked; the reporting is this.
private struct ObservedResolve {
    let key: RegistrationKey
    let depth: Int
    let listeners: ResolutionObservation.Listeners
    let container: DependencyContainer
    let requestedBy: () -> (key: RegistrationKey, scope: DependencyContainerScope)?
    let clock = ContinuousClock()
    let start: ContinuousClock.Instant

    init(
        key: RegistrationKey,
        depth: Int,
        listeners: ResolutionObservation.Listeners,
        in container: DependencyContainer,
        requestedBy: @escaping () -> (key: RegistrationKey, scope: DependencyContainerScope)?
    ) {
        self.key = key
        self.depth = depth
        self.listeners = listeners
        self.container = container
        self.requestedBy = requestedBy
        self.start = clock.now
    }

    /// Runs the resolve (which returns its instance and whether a factory ran), then reports how
    /// it ended.
    func reporting<Service>(_ resolve: () throws -> (Service, built: Bool)) throws -> Service {
        do {
            let (service, built) = try resolve()
            tell(built ? .built : .cached, instance: service)
            return service
        } catch let error as DependencyResolutionError {
            tell(.failed(error.code), instance: nil)
            throw error
        } catch let handback as InlineHandback {
            // A step back to await another's build is no failure; a unit's end is.
            if let error = handback.sharedFailure { tell(.failed(error.code), instance: nil) }
            throw handback
        } catch {
            // A factory's cancellation, which the resolve throws as it is: a factory that failed.
            tell(.failed(.factoryFailed), instance: nil)
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
        } catch let error as DependencyResolutionError {
            tell(.failed(error.code), instance: nil)
            throw error
        }
    }

    /// Tells the observer, then each tracer, about the resolve.
    private func tell(_ outcome: ResolutionEvent.Outcome, instance: @autoclosure () -> Any?) {
        let duration = clock.now - start
        listeners.observer?(
            ResolutionEvent(
                requestedType: key.description, scope: container.scope, outcome: outcome, duration: duration,
                depth: depth))
        guard !listeners.tracers.isEmpty else { return }
        // Boxed only for a tracer. As `Any`, `type(of:)` names the type the factory built, not the
        // protocol it was registered as (which it would, called on a generic `Service`).
        let trace = ResolutionTrace(
            key: key, container: container, outcome: outcome, instanceType: instance().map { type(of: $0) },
            requestedBy: requestedBy())
        for tracer in listeners.tracers {
            tracer(trace)
        }
    }
}
