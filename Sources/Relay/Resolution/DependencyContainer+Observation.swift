extension DependencyContainer {
    /// Sets (or, with `nil`, removes) the observer that every resolution in the process reports to.
    ///
    /// It sees each `resolve` call: what was asked for, in which scope, built or cached, how long
    /// it took, and how deep in a chain of factories. Switch it on at run time to see why a
    /// request is slow or which factory built what:
    ///
    /// ```swift
    /// DependencyContainer.observeResolutions { event in print(event) }
    /// // BookStore in global: built in 41 µs (depth 0)
    /// ```
    ///
    /// The observer runs on the resolving thread, after the resolve, with no lock held. While no
    /// observer is set, resolution does not look for one beyond a single atomic load.
    ///
    /// - Parameter observer: Receives every event; `nil` stops observing.
    public static func observeResolutions(_ observer: (@Sendable (ResolutionEvent) -> Void)?) {
        ResolutionObservation.shared.set(observer)
    }

    /// Resolves through any override, and reports to the observer and tracers if there are any.
    func resolveObserved<Service>(_ key: RegistrationKey) throws -> Service {
        let layer = OverrideLayer.active(for: root)
        let listeners = ResolutionObservation.shared.listeners
        guard listeners.isActive else {
            return try layer.map { try resolve(key, under: $0) } ?? resolveDirectly(key)
        }
        let thread = ResolutionThreadState.current
        let buildsBefore = thread.builds
        let depth = thread.path.count
        let clock = ContinuousClock()
        let start = clock.now
        func report(_ outcome: ResolutionEvent.Outcome, instance: @autoclosure () -> Any?) {
            // The resolve's own frame is gone: the last one left is the factory that asked; a sync
            // factory that an async resolve runs has its frame in the task instead.
            let requestedBy =
                thread.path.last.map { ($0.registration.key, $0.scope) } ?? AsyncResolutionPath.current.innermostNode
            tell(
                listeners, outcome, for: key, duration: clock.now - start, depth: depth, instance: instance(),
                requestedBy: requestedBy)
        }
        do {
            let service: Service = try layer.map { try resolve(key, under: $0) } ?? resolveDirectly(key)
            report(thread.builds == buildsBefore ? .cached : .built, instance: service)
            return service
        } catch let error as DependencyResolutionError {
            report(.failed(error.code), instance: nil)
            throw error
        }
    }

    /// Resolves through any override, awaiting, and reports to the observer and tracers if there
    /// are any.
    func resolveObservedAsync<Service>(_ key: RegistrationKey) async throws -> Service {
        let layer = OverrideLayer.active(for: root)
        let listeners = ResolutionObservation.shared.listeners
        guard listeners.isActive else {
            if let layer { return try await resolveAsync(key, under: layer) }
            return try await resolveDirectlyAsync(key)
        }
        let builds = BuildCount()
        let path = AsyncResolutionPath.current
        let depth = path.count
        let clock = ContinuousClock()
        let start = clock.now
        func report(_ outcome: ResolutionEvent.Outcome, instance: @autoclosure () -> Any?) {
            tell(
                listeners, outcome, for: key, duration: clock.now - start, depth: depth, instance: instance(),
                requestedBy: path.innermostNode)
        }
        do {
            let service: Service = try await BuildCount.$current.withValue(builds) {
                if let layer { return try await resolveAsync(key, under: layer) }
                return try await resolveDirectlyAsync(key)
            }
            report(builds.value == 0 ? .cached : .built, instance: service)
            return service
        } catch let error as DependencyResolutionError {
            report(.failed(error.code), instance: nil)
            throw error
        }
    }

    /// Tells the observer, then each tracer, about one resolve.
    private func tell(
        _ listeners: ResolutionObservation.Listeners,
        _ outcome: ResolutionEvent.Outcome,
        for key: RegistrationKey,
        duration: Duration,
        depth: Int,
        instance: @autoclosure () -> Any?,
        requestedBy: (key: RegistrationKey, scope: DependencyContainerScope)?
    ) {
        listeners.observer?(
            ResolutionEvent(
                requestedType: key.description, scope: scope, outcome: outcome, duration: duration, depth: depth))
        guard !listeners.tracers.isEmpty else { return }
        // Boxed only for a tracer. As `Any`, `type(of:)` names the type the factory built, not the
        // protocol it was registered as (which it would, called on a generic `Service`).
        let trace = ResolutionTrace(
            key: key, container: self, outcome: outcome, instanceType: instance().map { type(of: $0) },
            requestedBy: requestedBy)
        for tracer in listeners.tracers {
            tracer(trace)
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
