/// Running a registration's factory, for either front: with the registration's frame on the
/// path that the front checks, and its failure made a resolution error that names the path.
extension ResolutionEngine {
    /// Runs a registration's factory with the registration on this thread's path. It checks
    /// nothing: call it only for a step that said to build (``step(for:isOnPath:depth:isStackLow:)``),
    /// or, for an async resolution, after ``refuseIfOnThreadPath(_:in:on:)``.
    ///
    /// A registration whose build ``BuildReporting`` wants takes a detour out of line; every other
    /// build, and every build of a program with no listener, reads one flag and runs the factory.
    static func build<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) throws -> Service {
        if registration.reportsNextBuild {
            return try buildReporting(registration, in: container, on: thread)
        }
        return try runFactory(registration, in: container, on: thread)
    }

    @inline(__always)
    static func runFactory<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) throws -> Service {
        thread.path.push(ResolutionFrame(registration: registration, container: container))
        thread.builds &+= 1
        defer {
            thread.path.pop()
            // The resolution ends with its outermost factory: its `.graph` instances go with it.
            if thread.graph != nil, thread.path.count == 0 { thread.graph = nil }
        }
        do {
            return try registration.factory(container)
        } catch {
            throw factoryFailure(error, of: registration, in: container, path: pathDescriptions(on: thread))
        }
    }

    /// Runs a registration's factory: an async one with the registration on the task's path, a
    /// synchronous one in line, on this thread's path.
    nonisolated(nonsending) static func buildAsync<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer
    ) async throws -> Service {
        if SlowPathGate.isOpen { BuildCount.current?.increment() }
        guard let asyncFactory = registration.asyncFactory else {
            return try await buildInlineAwaitingOthers(registration, in: container)
        }
        if registration.reportsNextBuild {
            return try await buildAsyncReporting(registration, in: container) {
                try await runAsyncFactory(asyncFactory, of: registration, in: container)
            }
        }
        return try await runAsyncFactory(asyncFactory, of: registration, in: container)
    }

    @inline(__always)
    nonisolated(nonsending) static func runAsyncFactory<Service>(
        _ asyncFactory: @escaping @Sendable (DependencyContainer) async throws -> Service,
        of registration: Registration<Service>,
        in container: DependencyContainer
    ) async throws -> Service {
        do {
            return try await AsyncResolutionPath.withFrame(for: registration, in: container.scope) {
                try await asyncFactory(container)
            }
        } catch let handback as InlineHandback {
            // Thrown past an async factory by synchronous work that could not hand it to this
            // resolution (a synchronous resolve in a task the factory started).
            throw handback.settledAsUserError()
        } catch {
            // The frame is off the task's path by now: the registration ends the path.
            throw factoryFailure(
                error, of: registration, in: container,
                path: AsyncResolutionPath.current.descriptions + [registration.key.description])
        }
    }

    /// What a factory's failure becomes, for either front: a resolution error already carries the
    /// path from the point where it failed; cancellation is the caller's to see as it is, not a
    /// factory's failure, whichever kind of factory saw it; a handback is the engine's own control
    /// flow, on its way to the async resolution that awaits it. Anything else is the factory's
    /// failure, named with the resolution's path. Out of line: inlined, its type checks cost a
    /// build that succeeds (measured: 3% of a transient graph).
    @inline(never)
    static func factoryFailure(
        _ error: any Error,
        of registration: AnyRegistration,
        in container: DependencyContainer,
        path: @autoclosure () -> [String]
    ) -> any Error {
        switch error {
        case is DependencyResolutionError, is CancellationError, is InlineHandback:
            return error
        default:
            return DependencyResolutionError(
                code: .factoryFailed, requested: registration.key, scope: container.scope, path: path(),
                underlyingError: error)
        }
    }
}
