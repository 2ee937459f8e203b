/// What a ``Lazy`` or ``Provider`` resolves later: a key in the container that made it, under the
/// override that was active there.
struct DeferredResolution: Sendable {
    /// The root of the container that made the value, held weakly, so that an instance that keeps
    /// a `Lazy` does not keep its own container alive. (A root keeps its scopes' registrations; the
    /// scope's container itself may come and go.)
    private weak var root: DependencyContainer?

    /// The scope of the container that made the value.
    private let scope: DependencyContainerScope

    let name: String?

    /// The override active where the value was made, which the later resolve sees too.
    private let layer: OverrideLayer?

    /// The runtime arguments the value was resolved with, passed on to each resolve it makes.
    private let arguments: CarriedArguments?

    /// For a ``Lazy``, the `.graph` instances of the resolution that made it, if one was running:
    /// its resolves continue that resolution, so a `.graph` registration gives them the instance
    /// that resolution shares (as a Swinject `Lazy` does). `nil` for a ``Provider``.
    private let graph: GraphInstances?

    /// Whether each resolve is a resolution of its own (a ``Provider``: "resolved on every use"),
    /// rather than a continuation of the one that made the value (a ``Lazy``).
    private let isResolvedAnew: Bool

    /// - Parameter continuingGraph: Whether the value's resolves continue the resolution running
    ///   where it is made (a ``Lazy``); otherwise each is a resolution of its own (a ``Provider``:
    ///   a `.graph` registration gives each call a new instance, as Swinject's `Provider` does).
    init(
        name: String?,
        in container: DependencyContainer,
        arguments: CarriedArguments? = nil,
        continuingGraph: Bool
    ) {
        self.root = container.root
        self.scope = container.scope
        self.name = name
        self.layer = container.activeOverride
        self.arguments = arguments
        self.graph = continuingGraph ? Self.runningGraph() : nil
        self.isResolvedAnew = !continuingGraph
    }

    /// The `.graph` instances of the resolution running here, made now if it has none yet; `nil`
    /// outside a resolution.
    private static func runningGraph() -> GraphInstances? {
        if let graph = AsyncResolutionPath.current.graph { return graph }
        return ResolutionThreadState.currentUnretained._withUnsafeGuaranteedRef { thread in
            guard thread.path.count > 0 else { return nil }
            if let graph = thread.graph { return graph }
            // Kept by the thread until the resolution's outermost factory returns, as any `.graph`
            // instance made later in it would be.
            let graph = GraphInstances()
            thread.graph = graph
            return graph
        }
    }

    func resolve<Service>(_ type: Service.Type) throws -> Service {
        try resolve(type, in: liveContainer(for: type))
    }

    nonisolated(nonsending) func resolve<Service>(_ type: Service.Type) async throws -> Service {
        try await resolve(type, in: liveContainer(for: type))
    }

    /// Resolves in `container`, which ``liveContainer(for:)`` returned.
    func resolve<Service>(_ type: Service.Type, in container: DependencyContainer) throws -> Service {
        guard let arguments else { return try asMade { try container.resolve(type, name: name) } }
        let key = arguments.key(for: type, name: name)
        return try arguments.passing(to: key) { try asMade { try container.resolve(key: key) } }
    }

    nonisolated(nonsending) func resolve<Service>(_ type: Service.Type, in container: DependencyContainer) async throws
        -> Service
    {
        guard let arguments else { return try await asMade { try await container.resolve(type, name: name) } }
        let key = arguments.key(for: type, name: name)
        return try await arguments.passing(to: key) { try await asMade { try await container.resolve(key: key) } }
    }

    /// Runs `body` as the value was made: under the override active then, if any, and within the
    /// `.graph` instances of the resolution that made it, if one was running.
    private func asMade<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let layer else { return try inMadeGraph(body) }
        return try layer.entered { try inMadeGraph(body) }
    }

    /// Runs `body` as the value was made, awaiting; see the synchronous `asMade(_:)`.
    nonisolated(nonsending) private func asMade<Result>(
        _ body: nonisolated(nonsending) () async throws -> Result
    ) async rethrows -> Result {
        guard let layer else { return try await inMadeGraph(body) }
        // No isolation to keep: this runs on its caller's executor, and the layer's operation too.
        return try await layer.entered(isolation: nil) { try await inMadeGraph(body) }
    }

    /// Runs `body` with this thread's `.graph` instances those of the resolution that made the
    /// value (a `Lazy`), or none (a `Provider`, called inside a resolution that has some), then
    /// puts back what the thread had.
    private func inMadeGraph<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard graph != nil || isResolvedAnew else { return try body() }
        return try ResolutionThreadState.currentUnretained._withUnsafeGuaranteedRef { thread in
            let previous = thread.graph
            thread.graph = graph
            defer { thread.graph = previous }
            return try body()
        }
    }

    /// Runs `body` with the task's `.graph` instances those of the resolution that made the value
    /// (a `Lazy`), or, outside any async factory, none (a `Provider`).
    nonisolated(nonsending) private func inMadeGraph<Result>(
        _ body: nonisolated(nonsending) () async throws -> Result
    ) async rethrows -> Result {
        guard graph != nil || isResolvedAnew, graph != nil || AsyncResolutionPath.restoredGraph != nil else {
            return try await body()
        }
        return try await AsyncResolutionPath.$restoredGraph.withValue(graph, operation: body)
    }

    func liveContainer<Service>(for type: Service.Type) throws -> DependencyContainer {
        guard let container = root?.container(for: scope) else {
            let key = RegistrationKey(type, name: name)
            throw DependencyResolutionError(
                code: .containerReleased, requested: key, scope: scope, path: [key.description])
        }
        return container
    }

    /// Checks, when the value is made, that the container can answer `type`: a mistyped
    /// dependency fails where it is declared, not on first use.
    static func checked<Service, Wrapper>(
        _ type: Service.Type,
        name: String?,
        in container: DependencyContainer,
        wrappedIn wrapper: Wrapper.Type
    ) throws -> DeferredResolution {
        // Arguments passed for the wrapper are the wrapped registration's, kept for its resolves.
        let arguments = PendingArguments.carry(forWrapper: wrapper, name: name)
        let key = arguments?.key(for: type, name: name) ?? RegistrationKey(type, name: name)
        guard ResolutionEngine.canAnswer(key, from: container) else {
            throw ResolutionEngine.notRegisteredError(for: key, from: container)
        }
        ResolutionEngine.recordDeferredEdge(to: key, from: container)
        return DeferredResolution(
            name: name, in: container, arguments: arguments, continuingGraph: wrapper is any ContinuesResolution.Type)
    }
}

/// A deferred value whose resolves continue the resolution that made it (``Lazy``), rather than
/// being resolutions of their own (``Provider``).
protocol ContinuesResolution {}
