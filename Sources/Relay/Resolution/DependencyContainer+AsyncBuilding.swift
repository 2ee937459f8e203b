extension DependencyContainer {
    /// Returns the cached instance of a registration this container holds, or builds one,
    /// awaiting an async factory; a synchronous factory runs in line.
    ///
    /// The async counterpart of `instance(of:)`: the same construction rules (one build per
    /// registration, waits checked against the wait-for graph), but a task that waits for another's
    /// build suspends instead of blocking its thread.
    func instanceAsync<Service>(of registration: Registration<Service>) async throws -> Service {
        let path = AsyncResolutionPath.current
        if path.contains(registration) {
            throw refusal(.cycle, of: registration, after: path.descriptions)
        }
        if path.count >= Self.maximumResolutionDepth {
            throw refusal(.depthLimitExceeded, of: registration, after: path.descriptions)
        }
        guard registration.lifecycle != .transient else {
            return try await buildAsync(registration)
        }
        if registration.lifecycle == .graph {
            return try await graphInstanceAsync(of: registration, on: path)
        }
        return try await buildCachedAsync(registration)
    }

    /// The instance of a `.graph` registration that this async resolution shares, built on first
    /// use; see `LifecycleType.graph`.
    private func graphInstanceAsync<Service>(
        of registration: Registration<Service>,
        on path: AsyncResolutionPath
    ) async throws -> Service {
        guard let shared = path.graph else {
            // A top-level resolve of the registration itself has nothing to share it with.
            return try await buildAsync(registration)
        }
        if let built = shared.instance(of: registration) { return built }
        return shared.keep(try await buildAsync(registration), for: registration)
    }

    /// Builds and caches a singleton, eager singleton or weak instance, exactly once per container
    /// however many tasks (and threads) race for it; waiting tasks suspend.
    private func buildCachedAsync<Service>(_ registration: Registration<Service>) async throws -> Service {
        try await BuildOnce(registration, in: self).obtain(
            path: AsyncResolutionPath.current.descriptions,
            isKept: { table.withRead { _ in registration.hasCachedInstance() } },
            read: { table.withRead { _ in registration.cachedInstance } },
            build: {
                let built = try await buildAsync(registration)
                if registration.lifecycle == .weak {
                    try requireObject(built, for: registration)
                }
                cacheIfCurrent(built, in: registration)
                return built
            })
    }

    /// Runs a registration's factory: an async one with the registration on the task's path, a
    /// synchronous one in line, on this thread's path.
    private func buildAsync<Service>(_ registration: Registration<Service>) async throws -> Service {
        if SlowPathGate.isOpen { BuildCount.current?.increment() }
        guard let asyncFactory = registration.asyncFactory else {
            return try await buildInlineAwaitingOthers(registration)
        }
        do {
            return try await AsyncResolutionPath.withFrame(for: registration, in: scope) {
                try await asyncFactory(self)
            }
        } catch let error as DependencyResolutionError {
            // Already carries the full path from the point where it failed.
            throw error
        } catch let error as CancellationError {
            // Cancellation is the caller's to see as it is, not a factory failure.
            throw error
        } catch {
            throw DependencyResolutionError(
                code: .factoryFailed, requested: registration.key, in: self,
                path: AsyncResolutionPath.current.descriptions + [registration.key.description],
                underlyingError: error)
        }
    }

    /// Runs a synchronous factory for an async resolution; when a synchronous resolve inside it
    /// needs a build another resolver is running, awaits that build here (suspending, where the
    /// factory's thread would have blocked a thread of the cooperative pool), then runs the factory
    /// again.
    private func buildInlineAwaitingOthers<Service>(_ registration: Registration<Service>) async throws -> Service {
        while true {
            do {
                return try buildInline(registration)
            } catch let error as DependencyResolutionError {
                guard let pending = error.pendingBuild else { throw error }
                try await pending.awaitEnd()
            }
        }
    }
}
