/// The checks a resolve makes against its path, written once: a cycle, and a path too deep.
///
/// A cycle is a resolve of a registration whose factory this resolver is already running. That
/// factory's frame is on the path of the front that runs it: an async factory's on the task's
/// (``AsyncResolutionPath``), a synchronous one's on the thread's (``ResolutionPath``). Each front's
/// step checks its own path, the one every build pays for; the other path is checked only where it
/// can hold the registration: the blocking front checks the task's when it meets an async factory
/// (``asyncFactoryError(for:in:on:)``), the async front the thread's before it runs a synchronous
/// factory in line (``refuseIfOnThreadPath(_:in:on:)``, in `buildInline`; a unit's instance built in
/// line is built once per unit, so a second resolve of it meets the claim instead). A wait that
/// would close a loop through other resolvers' builds is the wait-for graph's to find
/// (``ConstructionRegistry``), the one other place a cycle is decided.
extension ResolutionEngine {
    /// The checks and the lifecycle dispatch that every front makes before it builds or reads,
    /// written once.
    ///
    /// - Parameters:
    ///   - registration: What is resolved.
    ///   - isOnPath: Whether the resolution's path holds `registration` already.
    ///   - depth: How many factories the path holds.
    ///   - isStackLow: Whether the thread's stack could overflow in one more factory; asked only
    ///     when the path is not too deep already.
    @inline(__always)
    static func step(
        for registration: AnyRegistration,
        isOnPath: Bool,
        depth: Int,
        isStackLow: @autoclosure () -> Bool
    ) -> Step {
        if isOnPath { return .cycle }
        if depth >= DependencyContainer.maximumResolutionDepth || isStackLow() { return .tooDeep }
        return registration.lifecycleStep
    }

    /// Why `registration` may not be built where the resolution has got to: it is on the path
    /// already (``DependencyResolutionError/Code/cycle``), or the path is too deep
    /// (``DependencyResolutionError/Code/depthLimitExceeded``). Out of line, so that the checks cost
    /// the hot path a branch each.
    @inline(never)
    static func refusal(
        _ step: Step,
        of registration: AnyRegistration,
        in container: DependencyContainer,
        after path: [String]
    ) -> DependencyResolutionError {
        DependencyResolutionError(
            code: step == .cycle ? .cycle : .depthLimitExceeded, requested: registration.key, scope: container.scope,
            path: path + [registration.key.description])
    }

    /// The cycle, or the call for `await`, that a synchronous resolve of an async registration
    /// with no instance cached meets: synchronous code cannot wait for an async factory.
    @inline(never)
    static func asyncFactoryError(
        for registration: AnyRegistration,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) -> DependencyResolutionError {
        let path = pathDescriptions(on: thread) + [registration.key.description]
        // Its async factory is already running further out in this task: the resolve is a cycle.
        let code: DependencyResolutionError.Code =
            AsyncResolutionPath.current.contains(registration) ? .cycle : .asyncFactory
        if code == .asyncFactory,
            let missing = ArgumentPassing.missingArgumentsError(for: registration, in: container, path: path)
        {
            return missing
        }
        return DependencyResolutionError(
            code: code, requested: registration.key, scope: container.scope, path: path,
            calledSynchronouslyInTask: thread.path.count == 0 && PrivateRuntimeABI.currentTask != nil)
    }

    /// The async front's check of the thread's path, for a synchronous factory it is about to run
    /// in line: the async step looked at the task's path only. The thread's path holds a frame of
    /// it when the async resolution started synchronously inside that very factory, on this thread
    /// (a `Task.immediate` started in the factory, say).
    @inline(__always)
    static func refuseIfOnThreadPath(
        _ registration: AnyRegistration,
        in container: DependencyContainer,
        on thread: ResolutionThreadState
    ) throws(DependencyResolutionError) {
        if thread.path.contains(registration) {
            throw refusal(.cycle, of: registration, in: container, after: pathDescriptions(on: thread))
        }
    }

    /// The resolution path as errors show it: the async factories running in this task, then the
    /// factories running on this thread, outermost first.
    static func pathDescriptions(on thread: ResolutionThreadState) -> [String] {
        AsyncResolutionPath.current.descriptions + thread.path.descriptions
    }
}
