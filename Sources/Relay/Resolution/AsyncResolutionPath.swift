import Synchronization

/// The async factories running in the current task, innermost last: the async counterpart of a
/// thread's ``ResolutionPath``.
///
/// A task may move between threads at every `await`, so its path cannot live with a thread: it is
/// a task-local value, a list that each async build extends for the factory it runs. Child tasks
/// (`async let`, task groups) inherit it, so a factory that resolves through a child task still
/// finds a cycle back to itself, and their waits count as their parent's. An unstructured task
/// (`Task { }`) started inside a factory does not: it is independent work that may outlive the
/// factory, and it starts a path of its own.
struct AsyncResolutionPath: FactoryPath, Sendable {
    /// One running async factory.
    final class Frame: FactoryPathFrame, Sendable {
        let registrationID: ObjectIdentifier
        let key: RegistrationKey
        let lifecycle: LifecycleType
        let scope: DependencyContainerScope
        let outer: Frame?
        let depth: Int

        /// The task that runs the frame's factory: the resolver its child tasks wait on behalf of.
        let owner: ResolverID

        /// The resolution's `.graph` instances, kept by the outermost frame and made on first use:
        /// an async build that meets no `.graph` registration allocates nothing for them.
        private let graphStorage = AtomicLazyReference<GraphInstances>()

        /// The `.graph` instances of the resolution this frame belongs to.
        var graph: GraphInstances {
            var outermost = self
            while let outer = outermost.outer { outermost = outer }
            return outermost.graphStorage.load() ?? outermost.graphStorage.storeIfNil(GraphInstances())
        }

        init(registration: AnyRegistration, scope: DependencyContainerScope, outer: Frame?, owner: ResolverID) {
            self.registrationID = ObjectIdentifier(registration)
            self.key = registration.key
            self.lifecycle = registration.lifecycle
            self.scope = scope
            self.outer = outer
            self.depth = (outer?.depth ?? 0) + 1
            self.owner = owner
            // The first frame of a resolution that a Lazy or Provider makes continues the
            // resolution that made it: its `.graph` instances are that one's.
            if outer == nil, let restored = AsyncResolutionPath.restoredGraph {
                _ = graphStorage.storeIfNil(restored)
            }
        }
    }

    private let innermost: Frame?

    private init(innermost: Frame?) {
        self.innermost = innermost
    }

    /// The current task's path; empty outside any async build.
    static var current: AsyncResolutionPath {
        AsyncResolutionPath(innermost: inheritedFrame)
    }

    @TaskLocal private static var innermostFrame: Frame?

    /// The innermost frame, if the current task runs its factory or is a structured child of a
    /// task that does: an unstructured task sees the frames it copied from its creator as nothing.
    /// When that cannot be told (`PrivateRuntimeABI.isChildTask` answers `nil`), the frame is
    /// taken as inherited: a cycle through a child task then still fails instead of hanging.
    private static var inheritedFrame: Frame? {
        guard let frame = innermostFrame else { return nil }
        guard let task = PrivateRuntimeABI.currentTask else { return frame }
        return frame.owner == ResolverID(task: task) || PrivateRuntimeABI.isChildTask(task) ?? true ? frame : nil
    }

    /// Who resolves now, and, for a child task running inside a factory (`async let`, a task
    /// group), the task that runs the factory and awaits the child: its wait is that task's wait.
    static var currentResolver: (id: ResolverID, parent: ResolverID?) {
        guard let task = PrivateRuntimeABI.currentTask else {
            return (ResolverID(thread: ResolutionThreadState.current), nil)
        }
        let id = ResolverID(task: task)
        // The flag first: a plain load, where the task-local lookup is a search; most resolvers
        // (a thread, a top-level task) are not child tasks.
        guard PrivateRuntimeABI.isChildTask(task) ?? true, let owner = innermostFrame?.owner, owner != id else {
            return (id, nil)
        }
        return (id, owner)
    }

    /// The identity of the innermost running async factory's registration.
    var innermostRegistrationID: ObjectIdentifier? {
        innermost?.registrationID
    }

    /// The innermost running async factory's registration key and scope, for the graph's edges.
    var innermostNode: (key: RegistrationKey, scope: DependencyContainerScope)? {
        innermost.map { ($0.key, $0.scope) }
    }

    /// The `.graph` instances of the async resolution running in this task; `nil` outside one
    /// (or, inside a ``Lazy`` or ``Provider`` resolve, those of the resolution that made it).
    var graph: GraphInstances? { innermost?.graph ?? Self.restoredGraph }

    /// The `.graph` instances that a ``Lazy`` or ``Provider`` made during a resolution brings back
    /// for its own resolves, so that they share that resolution's instances.
    @TaskLocal static var restoredGraph: GraphInstances?

    /// How many async factories of registrations that outlive units of work are running, in every
    /// task of the process.
    private static let outlivingFrames = Atomic<Int>(0)

    /// Whether an async factory of a registration that outlives units of work (a singleton, eager
    /// or weak) runs anywhere: when none does, no task's path can hold a unit-of-work instance, and
    /// a unit-of-work resolve need not look its path up (a task-local search) to check.
    ///
    /// A relaxed load is enough: a task sees its own frames' counts (the runtime orders a task's
    /// steps across the threads it runs on), and a child task those of the frames it inherits
    /// (made before it started); other tasks' frames are not on its path.
    @inline(__always)
    static var mayHoldUnitInstances: Bool {
        outlivingFrames.load(ordering: .relaxed) != 0
    }

    /// How many async factories are running.
    var count: Int { innermost?.depth ?? 0 }

    /// Walks the frames from the innermost outwards (this task's, then its parents').
    @inline(__always)
    func visitInward(_ visit: (Frame) -> Bool) {
        // Unretained: `innermost`, which this call borrows, holds every frame of the chain (each
        // holds its outer one), and retaining each in turn would cost every async build a retain.
        var frame = innermost.map { Unmanaged.passUnretained($0) }
        while let candidate = frame {
            if candidate._withUnsafeGuaranteedRef(visit) { return }
            frame = candidate._withUnsafeGuaranteedRef { $0.outer.map { Unmanaged.passUnretained($0) } }
        }
    }

    /// Runs `operation` with `registration` on the current task's path.
    nonisolated(nonsending) static func withFrame<Result>(
        for registration: AnyRegistration,
        in scope: DependencyContainerScope,
        _ operation: nonisolated(nonsending) () async throws -> Result
    ) async rethrows -> Result {
        // No frame before the child flag's check: until it has run, a task is read as inheriting
        // none (`ResolutionEngine.instanceAsync` awaits it before any async factory runs).
        assert(PrivateRuntimeABI.childTaskFlagIsChecked, "an async factory ran before the child-task flag's check")
        let frame = Frame(registration: registration, scope: scope, outer: inheritedFrame, owner: .current)
        guard registration.lifecycle.outlivesUnitsOfWork else {
            return try await $innermostFrame.withValue(frame, operation: operation)
        }
        outlivingFrames.add(1, ordering: .relaxed)
        defer { outlivingFrames.subtract(1, ordering: .relaxed) }
        return try await $innermostFrame.withValue(frame, operation: operation)
    }
}
