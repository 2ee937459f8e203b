/// Synchronous work run in line for an async resolution: a synchronous factory, or the blocking
/// front's read-or-build of a unit's instance. It runs on this thread's path with the thread
/// marked (`ResolutionThreadState.inlineForAsync`), so that what it would have to wait for (another
/// resolver's build, the teardown of a late instance) it hands back as an ``InlineHandback`` to the
/// async resolution, which awaits it, suspending, and runs the work again.
extension ResolutionEngine {
    /// Runs a synchronous factory for an async resolution, on this thread's path: it never
    /// suspends, so no other task's frames can interleave with it there.
    static func buildInline<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer
    ) throws -> Service {
        try inlineForAsync { thread in
            try refuseIfOnThreadPath(registration, in: container, on: thread)
            return try build(registration, in: container, on: thread)
        }
    }

    /// Runs `body`, synchronous work of an async resolution, on this thread with the thread marked
    /// as working for it: a wait for another's build inside is then handed back
    /// (``InlineHandback/awaitBuild(_:refusal:)``) for the async resolution to await, instead of
    /// blocking a thread of the cooperative pool.
    @inline(__always)
    static func inlineForAsync<Service>(_ body: (ResolutionThreadState) throws -> Service) rethrows -> Service {
        try ResolutionThreadState.currentUnretained._withUnsafeGuaranteedRef { thread in
            thread.inlineForAsync += 1
            defer { thread.inlineForAsync -= 1 }
            return try body(thread)
        }
    }
}

extension ResolutionEngine {
    /// The current unit's instance of a `.unitOfWork` registration with a synchronous factory: the
    /// blocking front's read-or-build, run in line on this thread, where a wait for another
    /// resolver's build is handed back here (`inlineForAsync`) and awaited, suspending, before
    /// trying again. A first build in a unit so costs the synchronous engine's steps, with no async
    /// frame of its own (measured: a third of opening a unit and building three).
    ///
    /// Not while an observer or override is active: their bookkeeping of builds is the async
    /// path's (`BuildCount`).
    @inline(__always)
    nonisolated(nonsending) static func unitInstanceInline<Service>(
        of registration: Registration<Service>,
        in container: DependencyContainer
    ) async throws -> Service {
        try await awaitingOthersBuilds {
            try inlineForAsync { thread in try unitInstance(of: registration, in: container, on: thread) }
        }
    }

    /// Runs a synchronous factory for an async resolution; when a synchronous resolve inside it
    /// needs a build another resolver is running, awaits that build here (suspending, where the
    /// factory's thread would have blocked a thread of the cooperative pool), then runs the factory
    /// again.
    nonisolated(nonsending) static func buildInlineAwaitingOthers<Service>(
        _ registration: Registration<Service>,
        in container: DependencyContainer
    ) async throws -> Service {
        try await awaitingOthersBuilds { try buildInline(registration, in: container) }
    }

    /// Runs `attempt`, synchronous work run in line for an async resolution (see
    /// `inlineForAsync`), until it ends: each build of another resolver it hands back
    /// (``InlineHandback``) is awaited here, suspending, and then it runs again; a late instance it
    /// hands back is torn down, awaited, before its error goes on.
    @inline(__always)
    nonisolated(nonsending) private static func awaitingOthersBuilds<Service>(
        _ attempt: () throws -> Service
    ) async throws -> Service {
        while true {
            do {
                return try attempt()
            } catch let handback as InlineHandback {
                switch handback {
                case .awaitBuild(let pending, _):
                    try await pending.awaitEnd()
                case .endLate:
                    throw await handback.settled()
                }
            }
        }
    }
}
