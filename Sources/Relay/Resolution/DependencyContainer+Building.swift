extension DependencyContainer {
    /// Returns the cached instance of a registration this container holds, or builds one.
    @inline(never)
    func instance<Service>(of registration: Registration<Service>) throws -> Service {
        // Borrowed, not retained: the thread's key slot owns its state until the thread exits,
        // and reference counting it would be a tenth of a build.
        try ResolutionThreadState.currentUnretained._withUnsafeGuaranteedRef { thread in
            try instance(of: registration, on: thread)
        }
    }

    @inline(__always)
    private func instance<Service>(
        of registration: Registration<Service>,
        on thread: ResolutionThreadState
    ) throws -> Service {
        if thread.path.contains(registration) {
            throw refusal(.cycle, of: registration, after: pathDescriptions(on: thread))
        }
        if thread.path.count >= Self.maximumResolutionDepth || thread.isStackNearlyExhausted {
            throw refusal(.depthLimitExceeded, of: registration, after: pathDescriptions(on: thread))
        }
        guard registration.lifecycle != .transient else {
            if registration.isAsync { throw asyncFactoryError(for: registration, on: thread) }
            return try build(registration, on: thread)
        }
        if registration.lifecycle == .graph {
            return try graphInstance(of: registration, on: thread)
        }
        return try buildCached(registration, on: thread)
    }

    /// The instance of a `.graph` registration that this resolution shares, built on first use.
    @inline(never)
    private func graphInstance<Service>(
        of registration: Registration<Service>,
        on thread: ResolutionThreadState
    ) throws -> Service {
        // Inside an async resolution its instances are the task's, so that the async factories
        // and the synchronous ones they call share them.
        let shared = AsyncResolutionPath.current.graph ?? thread.graph
        if let built = shared?.instance(of: registration) { return built }
        if registration.isAsync { throw asyncFactoryError(for: registration, on: thread) }
        let built = try build(registration, on: thread)
        // Looked up again: a `.graph` registration built inside this one may have made the
        // resolution's storage meanwhile, and what this one built belongs there too.
        if let shared = shared ?? thread.graph { return shared.keep(built, for: registration) }
        // A top-level resolve of the registration itself has nothing to share it with.
        guard thread.path.count > 0 else { return built }
        let graph = GraphInstances()
        thread.graph = graph
        return graph.keep(built, for: registration)
    }

    /// Why `registration` may not be built where the resolution has got to: it is on the path
    /// already (``DependencyResolutionError/Code/cycle``), or the path is too deep
    /// (``DependencyResolutionError/Code/depthLimitExceeded``). For the synchronous and the async
    /// resolve alike; out of line, so that the checks cost the hot path a branch each.
    @inline(never)
    func refusal(
        _ code: DependencyResolutionError.Code,
        of registration: AnyRegistration,
        after path: [String]
    ) -> DependencyResolutionError {
        DependencyResolutionError(
            code: code, requested: registration.key, in: self, path: path + [registration.key.description])
    }

    /// The cycle, or the call for `await`, that a synchronous resolve of an async registration
    /// with no instance cached meets: synchronous code cannot wait for an async factory.
    @inline(never)
    private func asyncFactoryError(for registration: AnyRegistration, on thread: ResolutionThreadState)
        -> DependencyResolutionError
    {
        let path = pathDescriptions(on: thread) + [registration.key.description]
        // Its async factory is already running further out in this task: the resolve is a cycle.
        let code: DependencyResolutionError.Code =
            AsyncResolutionPath.current.contains(registration) ? .cycle : .asyncFactory
        if code == .asyncFactory, let missing = missingArgumentsError(for: registration, path: path) { return missing }
        return DependencyResolutionError(code: code, requested: registration.key, in: self, path: path)
    }

    /// The resolution path as errors show it: the async factories running in this task, then the
    /// factories running on this thread, outermost first.
    func pathDescriptions(on thread: ResolutionThreadState) -> [String] {
        AsyncResolutionPath.current.descriptions + thread.path.descriptions
    }

    /// Builds and caches a singleton, eager singleton or weak instance, exactly once per container
    /// however many threads race for it.
    ///
    /// The first thread to claim the registration builds it, holding no lock while its factory
    /// runs; a thread that needs it meanwhile waits for that build only (see
    /// ``ConstructionRegistry``), then reads what it cached or shares how it failed.
    @inline(never)
    private func buildCached<Service>(
        _ registration: Registration<Service>,
        on thread: ResolutionThreadState
    ) throws -> Service {
        if registration.isAsync {
            // Synchronous code reads an async registration's instance, and never waits for one.
            if registration.lifecycle == .weak {
                return try liveWeakInstance(of: registration) { throw asyncFactoryError(for: registration, on: thread) }
            }
            return try table.cachedInstance(of: registration) { throw asyncFactoryError(for: registration, on: thread) }
        }
        let attempt = BuildOnce(registration, in: self)
        while true {
            let step = try attempt.claim(
                isCached: { table.withRead { _ in registration.hasCachedInstance() } },
                path: pathDescriptions(on: thread))
            switch step {
            case .read:
                // Let go of or released between the claim and the read: build anew.
                if registration.lifecycle == .weak {
                    return try liveWeakInstance(of: registration) { try buildCached(registration, on: thread) }
                }
                return try table.cachedInstance(of: registration) { try buildCached(registration, on: thread) }
            case .build:
                do {
                    let built = try build(registration, on: thread)
                    if registration.lifecycle == .weak {
                        try requireObject(built, for: registration)
                    }
                    cacheIfCurrent(built, in: registration)
                    attempt.succeed()
                    return built
                } catch {
                    attempt.fail(error)
                    throw error
                }
            case .wait(let ticket):
                try attempt.wait(ticket: ticket, path: pathDescriptions(on: thread))
            }
        }
    }

    /// Keeps what a registration built, unless the registration was replaced while it built: then
    /// the caller hands out what it built, uncached.
    func cacheIfCurrent<Service>(_ built: Service, in registration: Registration<Service>) {
        // The teardown is recorded under the same write lock that publishes the instance: a
        // dependent built from the cached instance by another thread records its own teardown only
        // after this one, so shutdown, running the log backwards, never closes a dependency first.
        // Anything replaced is released here, after unlocking, in case its deinit resolves.
        let replaced = table.withWrite { contents -> Any? in
            guard contents.isCurrent(registration) else { return nil }
            let replaced = registration.cache(built)
            if let teardown = registration.teardown, registration.lifecycle.isCached {
                family.teardowns.record(
                    PendingTeardown(of: built, built: registration, in: table, scope: scope, teardown: teardown))
            }
            return replaced
        }
        withExtendedLifetime(replaced) {}
    }

    // The functions below handle `Service?` values, whose metadata unspecialised code looks up in
    // the runtime on entry to any function that holds one: they stay out of line, so that only the
    // rare `.weak` lifecycle pays for it.

    /// The live weak instance of `registration`, or what `otherwise` returns when there is none.
    @inline(never)
    private func liveWeakInstance<Service>(
        of registration: Registration<Service>,
        otherwise: () throws -> Service
    ) throws -> Service {
        if let alive = table.withRead({ _ in registration.cachedInstance }) {
            return alive
        }
        return try otherwise()
    }

    /// Checks that what a `.weak` factory built can be held weakly: for the synchronous and the
    /// async build alike.
    @inline(never)
    func requireObject<Service>(_ built: Service, for registration: Registration<Service>) throws {
        guard type(of: built as Any) is AnyClass else {
            throw DependencyResolutionError(
                code: .weakNeedsObject, requested: registration.key, in: self,
                path: pathDescriptions(on: .current) + [registration.key.description])
        }
    }

    /// Runs a synchronous factory for an async resolution, on this thread's path: it never
    /// suspends, so no other task's frames can interleave with it there.
    func buildInline<Service>(_ registration: Registration<Service>) throws -> Service {
        try ResolutionThreadState.currentUnretained._withUnsafeGuaranteedRef { thread in
            if thread.path.contains(registration) {
                throw refusal(.cycle, of: registration, after: pathDescriptions(on: thread))
            }
            thread.inlineForAsync += 1
            defer { thread.inlineForAsync -= 1 }
            return try build(registration, on: thread)
        }
    }

    /// Runs a registration's factory with the registration on this thread's path.
    private func build<Service>(
        _ registration: Registration<Service>,
        on thread: ResolutionThreadState
    ) throws -> Service {
        thread.path.push(ResolutionFrame(registration: registration, container: self))
        thread.builds &+= 1
        defer {
            thread.path.pop()
            // The resolution ends with its outermost factory: its `.graph` instances go with it.
            if thread.graph != nil, thread.path.count == 0 { thread.graph = nil }
        }
        do {
            return try registration.factory(self)
        } catch let error as DependencyResolutionError {
            // Already carries the full path from the point where it failed.
            throw error
        } catch {
            throw DependencyResolutionError(
                code: .factoryFailed, requested: registration.key, in: self,
                path: pathDescriptions(on: thread), underlyingError: error)
        }
    }
}
