/// Running a registration's factory, for either front: with the registration's frame on the
/// path that the front checks, and its failure made a resolution error that names the path.
extension ResolutionEngine {
    /// Runs a registration's factory with the registration on this thread's path. It checks
    /// nothing: call it only for a step that said to build (``step(for:isOnPath:depth:isStackLow:)``),
    /// or, for an async resolution, after ``refuseIfOnThreadPath(_:in:on:)``.
    static func build<Service>(
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
        } catch let error as DependencyResolutionError {
            // Already carries the full path from the point where it failed.
            throw error
        } catch let handback as InlineHandback {
            throw handback
        } catch {
            throw DependencyResolutionError(
                code: .factoryFailed, requested: registration.key, scope: container.scope,
                path: pathDescriptions(on: thread), underlyingError: error)
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
        do {
            return try await AsyncResolutionPath.withFrame(for: registration, in: container.scope) {
                try await asyncFactory(container)
            }
        } catch let error as DependencyResolutionError {
            // Already carries the full path from the point where it failed.
            throw error
        } catch let error as CancellationError {
            // Cancellation is the caller's to see as it is, not a factory failure.
            throw error
        } catch let handback as InlineHandback {
            throw handback.settledAsUserError()
        } catch {
            throw DependencyResolutionError(
                code: .factoryFailed, requested: registration.key, scope: container.scope,
                path: AsyncResolutionPath.current.descriptions + [registration.key.description],
                underlyingError: error)
        }
    }
}
