extension ResolutionEngine {
    /// Returns the cached instance of a registration `container` holds, or builds one, awaiting
    /// an async factory; a synchronous factory runs in line.
    ///
    /// The async front of the engine: the same policy as the blocking one (one build per
    /// registration, waits checked against the wait-for graph), but a task that waits for another's
    /// build suspends instead of blocking its thread.
    @inline(__always)
    nonisolated(nonsending) static func instanceAsync<Service>(
        of registration: Registration<Service>,
        in container: DependencyContainer
    ) async throws -> Service {
        // Before the first async factory runs (see `AsyncResolutionPath.withFrame`), and before
        // this resolve claims anything: the check starts tasks and waits for them, which no
        // claimed build should wait on. Once per process; never for synchronous factories. (An
        // alias is not `isAsync`, yet its async resolve runs an async factory.)
        if registration.asyncFactory != nil, !PrivateRuntimeABI.childTaskFlagIsChecked {
            await PrivateRuntimeABI.checkChildTaskFlag()
        }
        let path = AsyncResolutionPath.current
        let step = step(for: registration, isOnPath: path.contains(registration), depth: path.count, isStackLow: false)
        switch step {
        case .cycle, .tooDeep:
            throw refusal(step, of: registration, in: container, after: path.descriptions)
        case .build, .buildAsync:
            return try await buildAsync(registration, in: container)
        case .buildOwned:
            return try await buildOwnedAsync(registration, in: container, on: path)
        case .shareInGraph:
            return try await graphInstanceAsync(of: registration, in: container, on: path)
        case .buildOnce:
            return try await buildOnceAsync(registration, in: container)
        case .buildInUnit:
            if !registration.isAsync {
                return try await unitInstanceInline(of: registration, in: container)
            }
            return try await unitInstanceAsync(of: registration, in: container, on: path)
        }
    }

    /// The current unit of work's instance of a `.unitOfWork` registration, built on first use
    /// exactly once per unit; tasks that wait for another's build suspend.
    nonisolated(nonsending) private static func unitInstanceAsync<Service>(
        of registration: Registration<Service>,
        in container: DependencyContainer,
        on path: AsyncResolutionPath
    ) async throws -> Service {
        let thread = ResolutionThreadState.current
        let unit = try currentUnit(
            for: registration, in: container, threadDepth: thread.path.count,
            threadPath: thread.path.nearestOutlivingUnits(), asyncPath: path, path: path.descriptions
        ).takeUnretainedValue()
        do throws(BuildOnce.Vanished) {
            return try unit.builtInstance(of: registration, as: Service.self) { () throws(BuildOnce.Vanished) in
                throw BuildOnce.Vanished()
            }
        } catch {}
        guard let slot = unit.slot(for: registration, in: container) else {
            throw unitRefusal(.unitOfWorkEnded, of: registration, in: container, after: path.descriptions)
        }
        do {
            return try await BuildOnce(slot, in: container).obtain(
                path: AsyncResolutionPath.current.descriptions, awaitsWhileBuilding: registration.isAsync,
                isKept: { unit.isBuilt(slot) }, read: { unit.builtInstance(in: slot, as: Service.self) },
                build: { try await buildAsync(registration, in: container) },
                keep: { built in
                    // The unit ended while it was built: nothing is handed out. The build fails
                    // with the error, which its waiters share at once; this resolve tears the
                    // instance down, below, before the error goes on.
                    guard unit.publish(built, in: slot) else {
                        throw lateInstance(
                            built, of: registration, in: container, path: AsyncResolutionPath.current.descriptions)
                    }
                    return .claimOpen
                })
        } catch let handback as InlineHandback {
            throw await handback.settled()
        }
    }

    /// A new instance of a `.transient` registration with a teardown, handed to its owner (see
    /// `ResolutionEngine+Ownership.swift`). Out of line: a generic local of an inlined async
    /// function is allocated (`swift_task_alloc`) on every entry, whichever case runs.
    @inline(never)
    nonisolated(nonsending) private static func buildOwnedAsync<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer,
        on path: AsyncResolutionPath
    ) async throws -> Service {
        let owner = try teardownOwner(
            for: registration, in: container, thread: .current, asyncPath: path, path: path.descriptions)
        let built = try await buildAsync(registration, in: container)
        return try await handOverAsync(built, of: registration, in: container, to: owner)
    }

    /// The instance of a `.graph` registration that this async resolution shares, built on first
    /// use; see `LifecycleType.graph`.
    nonisolated(nonsending) private static func graphInstanceAsync<Service>(
        of registration: Registration<Service>,
        in container: DependencyContainer,
        on path: AsyncResolutionPath
    ) async throws -> Service {
        if let built = path.graph?.instance(of: registration) { return built }
        // One with a teardown has an owner, as a transient has (it is built once per resolution).
        let owner = try registration.teardown.map { _ in
            try teardownOwner(
                for: registration, in: container, thread: .current, asyncPath: path, path: path.descriptions)
        }
        var built = try await buildAsync(registration, in: container)
        if let owner { built = try await handOverAsync(built, of: registration, in: container, to: owner) }
        // A top-level resolve of the registration itself has nothing to share it with.
        guard let shared = path.graph else { return built }
        return shared.keep(built, for: registration)
    }

    /// Builds and caches a singleton, eager singleton or weak instance, exactly once per container
    /// however many tasks (and threads) race for it; waiting tasks suspend.
    nonisolated(nonsending) private static func buildOnceAsync<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer
    ) async throws -> Service {
        let table = container.table
        return try await BuildOnce(registration, in: container).obtain(
            path: AsyncResolutionPath.current.descriptions, awaitsWhileBuilding: registration.isAsync,
            isKept: { table.withRead { _ in registration.hasCachedInstance() } },
            read: { () throws(BuildOnce.Vanished) -> Service in try keptInstance(of: registration, in: table) },
            build: { try await buildAsync(registration, in: container) },
            keep: { built in try keep(built, in: registration, of: container) })
    }
}
