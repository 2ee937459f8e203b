extension DependencyContainer {
    /// Builds every `.eagerSingleton` not yet built, synchronous or async, independent ones
    /// concurrently; for a root, also those of its scopes.
    ///
    /// Call it once at start-up, after registering, so that a broken graph fails before the
    /// program serves anything; it works as written in top-level code (`main.swift`) too:
    ///
    /// ```swift
    /// try DefaultDependencyRegistry().registerDependencies()
    /// try await DependencyContainer.global.start()
    /// ```
    ///
    /// Each eager singleton is built in a child task of its own, so ten that each await a
    /// connection take as long as the slowest, not the sum. One that depends on another waits for
    /// that build (suspending, never blocking). Every eager singleton is attempted, even after one
    /// fails; failures are listed in registration order.
    ///
    /// - Throws: ``DependencyGraphError`` with code `startFailed`, listing every failure.
    nonisolated(nonsending) public func start() async throws {
        let eager = actingContainer.registrationsInFamily { $0.lifecycle == .eagerSingleton }
        let failures = await withTaskGroup(of: (Int, DependencyResolutionError?).self) { group in
            for (index, entry) in eager.enumerated() {
                group.addTask {
                    do {
                        _ = try await entry.registration.resolveErasedAsync(in: entry.container)
                        return (index, nil)
                    } catch {
                        return (
                            index,
                            DependencyResolutionError.building(entry.registration, in: entry.container, threw: error)
                        )
                    }
                }
            }
            var failures: [(Int, DependencyResolutionError)] = []
            for await case let (index, failure?) in group {
                failures.append((index, failure))
            }
            return failures.sorted { $0.0 < $1.0 }.map(\.1)
        }
        if !failures.isEmpty {
            throw DependencyGraphError(code: .startFailed, failures: failures)
        }
    }

    /// Builds every `.eagerSingleton` not yet built, from synchronous code: those with a
    /// synchronous factory, in registration order; for a root, also those of its scopes.
    ///
    /// For a program whose start-up is synchronous (an app's launch callback, a synchronous
    /// `ParsableCommand.run()`):
    ///
    /// ```swift
    /// try DefaultDependencyRegistry().registerDependencies()
    /// try DependencyContainer.global.startSynchronously()
    /// ```
    ///
    /// It cannot run an async factory: it reports each eager singleton that has one as a failure
    /// with code ``DependencyResolutionError/Code/asyncFactory``; ``start()`` builds both kinds.
    /// The two are not overloads of one name on purpose: in top-level code (`main.swift`) Swift
    /// would pick a synchronous `start()` even where the line reads `try await container.start()`.
    ///
    /// Every eager singleton is attempted, even after one fails. Inside
    /// `withOverrides(_:operation:)`, it builds the override's eager singletons;
    /// the base's are built on first use, into the override.
    ///
    /// - Throws: ``DependencyGraphError`` with code `startFailed`, listing every failure.
    public func startSynchronously() throws {
        let eager = actingContainer.registrationsInFamily { $0.lifecycle == .eagerSingleton }
        let failures = failures(building: eager) { try $0.resolveErased(in: $1) }
        if !failures.isEmpty {
            throw DependencyGraphError(code: .startFailed, failures: failures)
        }
    }

    /// Runs every teardown the container still owes, newest first, then drops every cached
    /// singleton; for a root, also those of its scopes.
    ///
    /// Call it when the program stops, after it stops taking work: a server's database pool is
    /// closed after the last request that used it. Dependents are torn down before what they
    /// depend on, because instances are torn down in reverse order of creation. Every teardown
    /// runs, even after one fails; the failures are reported together.
    ///
    /// ```swift
    /// try await DependencyContainer.global.shutdown()
    /// ```
    ///
    /// What it ends, in this order, so that nothing built is left without its teardown:
    /// 1. **Units of work still open** on the container (for a root, on its scopes too), newest
    ///    first: each is ended as ``UnitOfWork/close()`` would end it, its teardowns run, and work
    ///    still running in it gets ``DependencyResolutionError/Code/unitOfWorkEnded`` from then on.
    ///    Their instances may use the container's, so they go first. A server stops taking requests
    ///    before it shuts the container down, so normally none is left; a failure names its unit.
    /// 2. **Endings running in the background**: units dropped without being closed, and instances
    ///    built for a unit that ended meanwhile whose resolve could not await their teardown. It
    ///    waits for each, and reports the failures nobody else received
    ///    (the observers ``addTeardownFailureObserver(_:)`` added saw them too).
    /// 3. **The container's own instances**: singletons, eager singletons and weak instances with
    ///    a teardown, and transients with a teardown that one of them resolved. Instances dropped
    ///    earlier by ``releaseSingletons()`` or by registering their type again are torn down here
    ///    too. The container stays usable: what is resolved afterwards is built anew. Inside
    ///    `withOverrides(_:operation:)`, it shuts down what was built under the override.
    ///
    /// While it runs:
    /// - An instance leaves the cache just before its teardown starts, so no resolve hands out an
    ///   instance that is being (or has been) torn down; a teardown still finds what it depends on,
    ///   which is torn down after it.
    /// - An instance built meanwhile (by a teardown that resolves something not cached, by a
    ///   resolve on another task, or by a build that was running when `shutdown()` was called and
    ///   ends before it returns) is torn down by this same call, newest first, in further rounds,
    ///   up to ``maximumShutdownRounds``.
    /// - A build still running when it returns caches its instance when it ends, and its teardown
    ///   is owed to the next `shutdown()`. Stop the work that resolves before shutting down.
    ///
    /// Teardowns are not cancelled with the task that calls it: they run to the end.
    ///
    /// - Throws: ``DependencyShutdownError`` naming each type whose teardown threw, and the unit of
    ///   work that owned it, if one did.
    nonisolated(nonsending) public func shutdown() async throws {
        let container = actingContainer
        var failures: [DependencyShutdownError.Failure] = []
        // Layers kept over the root that nobody ended (a launched program's sessions a test left
        // open): theirs first, as they are built over the container's.
        if container.isRoot {
            for layer in container.family.takeKeptLayers() {
                failures += await Teardowns.endEverything(ownedBy: layer)
            }
        }
        failures += await Teardowns.endEverything(ownedBy: container)
        if !failures.isEmpty {
            throw DependencyShutdownError(failures: failures)
        }
    }

    /// Adds an observer of the teardown failures that no caller is left to receive: those of a unit
    /// of work dropped without being closed, of an instance built for a unit that ended meanwhile
    /// whose resolve could not await its teardown, and of what ``validateSynchronously()`` built.
    /// The next ``shutdown()`` reports them too.
    ///
    /// Every other failure reaches the caller that ended the owner (``UnitOfWork/close()``,
    /// ``withUnitOfWork(isolation:_:)``, ``shutdown()``), so an observer sees only what would
    /// otherwise wait for shutdown. The logging and HTTP integrations log them, each with an
    /// observer of its own:
    ///
    /// ```swift
    /// let observer = container.addTeardownFailureObserver { failure in
    ///     logger.error("\(failure)")
    /// }
    /// // … when the logger is done with, say at the end of a test:
    /// container.removeTeardownFailureObserver(observer)
    /// ```
    ///
    /// Observers are added, never replaced: each failure goes to every observer of the root (a
    /// scope's are its root's), in the order they were added, so `RelayLogging`'s
    /// `logTeardownFailures(to:level:)`, `RelayServiceLifecycle`'s `DependencyContainerService`,
    /// `RelayVapor`'s `useRelay(_:)` and the program's own observers all see it, and none silences
    /// another. Each is called outside every lock, on the task that ran the teardowns.
    ///
    /// - Parameter observer: Receives each failure, with the type and unit it concerns.
    /// - Returns: What identifies this observer, for ``removeTeardownFailureObserver(_:)``.
    @discardableResult
    public func addTeardownFailureObserver(
        _ observer: @escaping @Sendable (DependencyShutdownError) -> Void
    ) -> TeardownFailureObserverID {
        family.endings.addObserver(observer)
    }

    /// Removes an observer that ``addTeardownFailureObserver(_:)`` added, leaving the others.
    ///
    /// ```swift
    /// let observer = container.addTeardownFailureObserver { failure in print(failure) }
    /// container.removeTeardownFailureObserver(observer)
    /// ```
    ///
    /// Failures reported after it returns no longer reach that observer; one being reported as it
    /// is removed may still. Removing an observer twice, or through a container of another root,
    /// does nothing.
    ///
    /// - Parameter observer: What `addTeardownFailureObserver(_:)` returned.
    public func removeTeardownFailureObserver(_ observer: TeardownFailureObserverID) {
        family.endings.removeObserver(observer)
    }

    /// How many rounds of teardowns one ``shutdown()`` runs: the first tears down what was built
    /// before it, each further one what was built during the round before. A bound, so that
    /// teardowns that keep building what was just torn down cannot keep it running for ever; what
    /// is left is owed to the next `shutdown()`.
    public static let maximumShutdownRounds = 8

    /// Drops every cached singleton and eager singleton (and weak references); for a root, also
    /// those of its scopes.
    ///
    /// The next resolve builds them anew. Instances already handed out live on as long as their
    /// holders keep them. Call it when the process is short of memory, as Reliant did on a memory
    /// warning, or between tests that share a container. Inside
    /// `withOverrides(_:operation:)`, it releases only what was built under the override.
    public func releaseSingletons() {
        for container in actingContainer.containersInFamily {
            // Released after the lock, in case a deinit resolves.
            let released = container.table.withWrite { $0.takeCachedInstances() }
            _ = released
        }
    }

    /// Drops the cached instance of one registration, leaving every other singleton as it is.
    ///
    /// The registration is the one `resolve(type, name: name)` on this container would use: its
    /// own, or its root's when a scope has none; for an alias, the registration it forwards to.
    /// The next resolve builds anew; the instance already handed out lives on as long as its
    /// holders keep it, and a teardown registered for it still runs at ``shutdown()``. Inside `withOverrides(_:operation:)`, it releases only what was built
    /// under the override.
    ///
    /// ```swift
    /// container.releaseSingleton(of: FeatureFlags.self)   // the next resolve fetches them anew
    /// ```
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - name: The registration's name; `nil` for the default.
    /// - Returns: Whether an instance was cached and is now dropped.
    @discardableResult
    public func releaseSingleton<Service>(of type: Service.Type, name: String? = nil) -> Bool {
        actingContainer.releaseSingleton(for: RegistrationKey(type, name: name))
    }

    /// Drops the cached instance of the registration `key` resolves to; through an alias, its
    /// target's.
    private func releaseSingleton(for key: RegistrationKey) -> Bool {
        guard let (found, holder) = Route(plain: self).first(key) else { return false }
        if let target = found.forwardsTo {
            return holder.releaseSingleton(for: target)
        }
        // Released after the lock, in case a deinit resolves; nothing, if the registration was
        // replaced since it was found (a replacement drops what it replaces).
        let released = holder.table.withWrite { contents in
            contents.registration(for: key) === found ? found.takeCachedInstance() : nil
        }
        return released != nil
    }

    /// This container and, for a root, the scopes created below it.
    var containersInFamily: [DependencyContainer] {
        guard isRoot else { return [self] }
        return [self] + family.scopeNames.map { container(for: $0) }
    }

    /// The registrations of this container (for a root, also of its scopes) that `isIncluded`
    /// picks, each with the container that holds it, in registration order within each container:
    /// what `start()`, `validate()` and `dependencyGraph()` build.
    func registrationsInFamily(
        where isIncluded: (AnyRegistration) -> Bool
    ) -> [(registration: AnyRegistration, container: DependencyContainer)] {
        containersInFamily.flatMap { container in
            container.table.withRead { $0.allRegistrations }.filter(isIncluded).map { ($0, container) }
        }
    }

    /// Builds each registration with `build`, and returns every failure, in order.
    func failures(
        building registrations: [(registration: AnyRegistration, container: DependencyContainer)],
        with build: (AnyRegistration, DependencyContainer) throws -> Any
    ) -> [DependencyResolutionError] {
        registrations.compactMap { registration, container in
            do {
                _ = try build(registration, container)
                return nil
            } catch {
                return DependencyResolutionError.building(registration, in: container, threw: error)
            }
        }
    }
}
