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
            throw DependencyResolutionError(
                code: .cycle, requested: registration.key, scope: scope,
                path: thread.path.descriptions + [registration.key.description])
        }
        if thread.path.count >= Self.maximumResolutionDepth || thread.isStackNearlyExhausted {
            throw DependencyResolutionError(
                code: .depthLimitExceeded, requested: registration.key, scope: scope,
                path: thread.path.descriptions + [registration.key.description])
        }
        guard registration.lifecycle != .transient else {
            return try build(registration, on: thread)
        }
        return try buildCached(registration, on: thread)
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
        let resolver = ResolverID(thread: thread)
        let registry = ConstructionRegistry.shared
        while true {
            let claim = registry.claim(registration, by: resolver) {
                table.withRead { _ in registration.hasCachedInstance() }
            }
            switch claim {
            case .cached:
                if registration.lifecycle == .weak {
                    if let alive = liveWeakInstance(of: registration) { return alive }
                    continue  // Let go of between the claim and the read: build anew.
                }
                // Released between the claim and the read: build anew.
                return try cachedSingleton(of: registration) { try buildCached(registration, on: thread) }
            case .build:
                do {
                    let built = try build(registration, on: thread)
                    if registration.lifecycle == .weak {
                        try requireObject(built, for: registration, on: thread)
                    }
                    cacheIfCurrent(built, in: registration)
                    registry.finish(registration, with: .built)
                    return built
                } catch {
                    registry.finish(registration, with: .failed(error))
                    throw error
                }
            case .wait(let ticket):
                let deadline = PthreadCondition.deadline(after: constructionWaitLimit)
                switch registry.wait(for: registration, ticket: ticket, by: resolver, until: deadline) {
                case .built?, .abandoned?:
                    continue
                case .failed(let error)?:
                    throw error
                case nil:
                    throw DependencyResolutionError(
                        code: .waitTimedOut, requested: registration.key, scope: scope,
                        path: thread.path.descriptions + [registration.key.description], waited: constructionWaitLimit)
                }
            case .cycle:
                throw DependencyResolutionError(
                    code: .cycle, requested: registration.key, scope: scope,
                    path: thread.path.descriptions + [registration.key.description])
            }
        }
    }

    /// The cached singleton of `registration`, copied out under the read lock, or what `otherwise`
    /// returns when none is cached. It never holds a `Service?`, whose runtime metadata
    /// unspecialised code would look up on every call.
    @inline(__always)
    private func cachedSingleton<Service>(
        of registration: Registration<Service>,
        otherwise: () throws -> Service
    ) throws -> Service {
        let access = table.beginRead()
        if let cached = registration.cachedStorage {
            return table.endRead(access, copying: cached, as: Service.self)
        }
        table.endRead(access)
        return try otherwise()
    }

    /// Keeps what a registration built, unless the registration was replaced while it built: then
    /// the caller hands out what it built, uncached.
    private func cacheIfCurrent<Service>(_ built: Service, in registration: Registration<Service>) {
        // Anything replaced is released here, after unlocking, in case its deinit resolves.
        let replaced = table.withWrite { contents in
            contents.isCurrent(registration) ? registration.cache(built) : nil
        }
        withExtendedLifetime(replaced) {}
    }

    // The functions below handle `Service?` values, whose metadata unspecialised code looks up in
    // the runtime on entry to any function that holds one: they stay out of line, so that only the
    // rare `.weak` lifecycle pays for it.

    /// The live weak instance of `registration`, if any.
    @inline(never)
    private func liveWeakInstance<Service>(of registration: Registration<Service>) -> Service? {
        table.withRead { _ in registration.cachedInstance }
    }

    /// Checks that what a `.weak` factory built can be held weakly.
    @inline(never)
    private func requireObject<Service>(
        _ built: Service,
        for registration: Registration<Service>,
        on thread: ResolutionThreadState
    ) throws {
        guard type(of: built as Any) is AnyClass else {
            throw DependencyResolutionError(
                code: .weakNeedsObject, requested: registration.key, scope: scope,
                path: thread.path.descriptions + [registration.key.description])
        }
    }

    /// Runs a registration's factory with the registration on this thread's path.
    private func build<Service>(
        _ registration: Registration<Service>,
        on thread: ResolutionThreadState
    ) throws -> Service {
        thread.path.push(ResolutionFrame(registration: registration, container: self))
        thread.builds &+= 1
        defer { thread.path.pop() }
        do {
            return try registration.factory(self)
        } catch let error as DependencyResolutionError {
            // Already carries the full path from the point where it failed.
            throw error
        } catch {
            throw DependencyResolutionError(
                code: .factoryFailed, requested: registration.key, scope: scope,
                path: thread.path.descriptions, underlyingError: error)
        }
    }
}
