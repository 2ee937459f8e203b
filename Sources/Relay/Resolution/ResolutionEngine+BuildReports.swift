/// What the fronts tell ``BuildReporting``: the first build of each registration, and every resolve
/// its factory makes while that build runs (built, cached or failed, and where it was asked).
///
/// Nothing here runs for a registration that does not report, which in a program with no listener
/// is every registration: the fronts read one flag per build and go on. A first build that reports
/// opens the slow-path gate while its factory runs, so that the resolves the factory makes pass
/// through `resolveObserved`, where they are reported: a dependency that is already cached is seen
/// from each factory that asks for it, once, without the cached read ever looking for a listener.
extension ResolutionEngine {
    /// The registration whose factory is running and reports what it resolves, with its scope:
    /// the innermost factory on this thread, or when the thread runs none, the task's; `nil` when
    /// that factory's build does not report (or nobody listens).
    static func reportingFactory(
        on thread: ResolutionThreadState
    ) -> (key: RegistrationKey, scope: DependencyContainerScope)? {
        guard BuildReporting.isActive else { return nil }
        if let frame = thread.path.last {
            return frame.registration.reportsNextBuild ? (frame.registration.key, frame.scope) : nil
        }
        return reportingAsyncFactory()
    }

    /// The task's innermost async factory, if its build reports what it resolves.
    static func reportingAsyncFactory() -> (key: RegistrationKey, scope: DependencyContainerScope)? {
        guard BuildReporting.isActive, let reporting = BuildReporting.reportingAsyncFactory else { return nil }
        let path = AsyncResolutionPath.current
        return path.innermostRegistrationID == reporting ? path.innermostNode : nil
    }

    /// ``build(_:in:on:)`` for a registration that reports its build.
    @inline(never)
    static func buildReporting<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) throws -> Service {
        // A factory that reports its resolves reports this one, with where it was asked.
        let reportedByRequester = reportingFactory(on: thread) != nil
        let requester = thread.path.last.map { ($0.registration.key, $0.scope) }
        do {
            let service = try SlowPathGate.whileOpen { try runFactory(registration, in: container, on: thread) }
            built(registration, service, in: container, requestedBy: requester, reported: !reportedByRequester)
            return service
        } catch {
            if !reportedByRequester { failed(registration, error, in: container, requestedBy: requester) }
            throw error
        }
    }

    /// `buildAsync` for a registration that reports its build: `run` runs its async factory.
    nonisolated(nonsending) static func buildAsyncReporting<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer,
        run: nonisolated(nonsending) () async throws -> Service
    ) async throws -> Service {
        let reportedByRequester = reportingAsyncFactory() != nil
        let requester = AsyncResolutionPath.current.innermostNode
        do {
            let service = try await SlowPathGate.whileOpen {
                try await BuildReporting.$reportingAsyncFactory.withValue(
                    ObjectIdentifier(registration), operation: run)
            }
            built(registration, service, in: container, requestedBy: requester, reported: !reportedByRequester)
            return service
        } catch {
            if !reportedByRequester { failed(registration, error, in: container, requestedBy: requester) }
            throw error
        }
    }

    /// After a registration's reported build: tells the listeners (unless the factory that asked
    /// reports the resolve itself), and stops the registration reporting, unless it was built in an
    /// override's layer (a session's, or a validation's throwaway one), which does not stand for
    /// the program's own wiring.
    private static func built<Service>(
        _ registration: Registration<Service>,
        _ instance: Service,
        in container: DependencyContainer,
        requestedBy requester: (key: RegistrationKey, scope: DependencyContainerScope)?,
        reported: Bool
    ) {
        if reported {
            BuildReporting.report(
                BuildReport(
                    key: registration.key, registration: registration, registeredIn: container, askedIn: container,
                    outcome: .built, instanceType: type(of: instance as Any), requestedBy: requester))
        }
        if container.family.overriddenRoot == nil { registration.reportsNextBuild = false }
    }

    /// After a registration's reported build failed: tells the listeners. It keeps reporting until
    /// a build succeeds.
    private static func failed(
        _ registration: AnyRegistration,
        _ error: any Error,
        in container: DependencyContainer,
        requestedBy requester: (key: RegistrationKey, scope: DependencyContainerScope)?
    ) {
        guard let outcome = BuildReporting.outcome(of: error) else { return }
        BuildReporting.report(
            BuildReport(
                key: registration.key, registration: registration, registeredIn: container, askedIn: container,
                outcome: outcome, instanceType: nil, requestedBy: requester))
    }

    /// Reports a resolve that a reporting factory made (see ``reportingFactory(on:)``): what it
    /// asked for, where, which registration answered, and how it ended.
    @inline(never)
    static func reportResolve(
        _ key: RegistrationKey,
        from container: DependencyContainer,
        outcome: ResolutionEvent.Outcome,
        instance: Any?,
        requestedBy requester: (key: RegistrationKey, scope: DependencyContainerScope)
    ) {
        let answered = registration(resolving: key, from: container)
        BuildReporting.report(
            BuildReport(
                key: key, registration: answered?.registration, registeredIn: answered?.holder, askedIn: container,
                outcome: outcome, instanceType: instance.map { type(of: $0) }, requestedBy: requester))
    }
}
