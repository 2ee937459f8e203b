extension DependencyContainer {
    /// Builds every registration of this container (for a root, also of its scopes) in a
    /// throwaway override, awaiting async factories, and reports every failure at once.
    ///
    /// Missing dependencies, cycles and factory errors are all found, each with its resolution
    /// path. The real singletons are not touched: what validation builds is dropped afterwards. A
    /// one-line test then catches a broken graph before any request does:
    ///
    /// ```swift
    /// @Test func theGraphIsComplete() async throws {
    ///     try DefaultDependencyRegistry().registerDependencies()
    ///     try await DependencyContainer.global.validate()
    /// }
    /// ```
    ///
    /// Factories run for real, so a factory with side effects (opening a connection) has them,
    /// and what they built is torn down before `validate()` returns: its unit-of-work instances
    /// (and the transients with a teardown they resolved) as their unit ends, then the singletons
    /// it built, newest first. A teardown that throws is a failure of the validation.
    /// A registration that takes runtime arguments is not built, since validation has no arguments
    /// to pass; a factory that resolves it with arguments builds it, and is checked, as usual.
    ///
    /// - Throws: ``DependencyGraphError`` with code `validationFailed`, listing every failure,
    ///   teardowns that threw included.
    nonisolated(nonsending) public func validate() async throws {
        let exploration = await exploreAsync(recording: false)
        if !exploration.failures.isEmpty || !exploration.teardownFailures.isEmpty {
            throw DependencyGraphError(
                code: .validationFailed, failures: exploration.failures,
                teardownFailures: exploration.teardownFailures)
        }
    }

    /// Builds every registration in a throwaway override, from synchronous code, and reports every
    /// failure at once; see ``validate()``.
    ///
    /// ```swift
    /// func testTheGraphIsComplete() throws {
    ///     try DependencyContainer.global.validateSynchronously()
    /// }
    /// ```
    ///
    /// It cannot run async factories: it reports each async registration it meets with code
    /// ``DependencyResolutionError/Code/asyncFactory``. Nor can it await teardowns: what it built is
    /// torn down at once in a task the container tracks, which ``shutdown()`` awaits; a teardown
    /// that throws reaches ``observeTeardownFailures(_:)`` and the next `shutdown()`. Not an overload
    /// of `validate()` on purpose: in top-level code Swift would pick it even under `await`.
    ///
    /// - Throws: ``DependencyGraphError`` with code `validationFailed`, listing every failure.
    public func validateSynchronously() throws {
        let exploration = explore(recording: false)
        if !exploration.failures.isEmpty {
            throw DependencyGraphError(code: .validationFailed, failures: exploration.failures, teardownFailures: [])
        }
    }

    /// The registrations of this container (for a root, also of its scopes) and the dependencies
    /// between them, found by building each (awaiting async factories) in a throwaway override as
    /// ``validate()`` does.
    ///
    /// A registration that takes runtime arguments is a node with its ``DependencyGraph/Node/arguments``,
    /// not built on its own: its edges are those seen when another factory resolves it with arguments.
    ///
    /// - Returns: The graph, with the messages of registrations that could not be built.
    nonisolated(nonsending) public func dependencyGraph() async -> DependencyGraph {
        await graph(from: exploreAsync(recording: true))
    }

    /// The registrations and the dependencies between them, found from synchronous code; see
    /// ``dependencyGraph()``.
    ///
    /// It cannot run async factories, so it finds no edges out of an async registration and lists
    /// it among the failures; what it built is torn down as ``validateSynchronously()`` does. Not an overload of `dependencyGraph()` on purpose: in top-level code
    /// Swift would pick it even under `await`.
    ///
    /// - Returns: The graph, with the messages of registrations that could not be built.
    public func dependencyGraphSynchronously() -> DependencyGraph {
        graph(from: explore(recording: true))
    }

    private func graph(from exploration: Exploration) -> DependencyGraph {
        DependencyGraph(
            nodes: registrationNodes, edges: exploration.recorder?.recorded ?? [],
            failures: exploration.failures.map(\.description)
                + exploration.teardownFailures.map { "Tearing down \($0)" })
    }

    /// A node for every registration of this container (for a root, also of its scopes), read
    /// from the tables alone: nothing is built.
    var registrationNodes: [DependencyGraph.Node] {
        containersInFamily.flatMap { container in
            container.table.withRead { $0.allRegistrations }.map { registration in
                // An alias keeps nothing: it shows the lifecycle of what it forwards to.
                let target = container.forwardingTarget(of: registration)
                let aliasOf = registration.forwardsTo.map {
                    DependencyGraph.nodeID(scope: target?.container.scope ?? container.scope, key: $0)
                }
                return DependencyGraph.Node(
                    id: DependencyGraph.nodeID(scope: container.scope, key: registration.key),
                    scope: container.scope.tag, type: String(describing: registration.key.metatype),
                    name: registration.key.name, lifecycle: (target?.registration ?? registration).lifecycle,
                    injectedBy: registration.instruction, arguments: registration.arguments?.description,
                    aliasOf: aliasOf)
            }
        }
    }

    /// Resolves every registration of the family through a fresh override layer, awaiting.
    nonisolated(nonsending) private func exploreAsync(recording: Bool) async -> Exploration {
        let exploration = Exploration(recording: recording, over: root)
        SlowPathGate.open()
        defer { SlowPathGate.close() }
        // Unit-of-work registrations are built in a unit of validation's own, ended afterwards;
        // everything else it builds lives in the throwaway layer, torn down after the unit.
        let unit = UnitOfWork(container: self, parent: nil)
        let failures = await OverrideLayer.$current.withValue(exploration.layer) {
            await UnitOfWork.binding.withValue(unit) {
                var failures: [DependencyResolutionError] = []
                for (registration, container) in explorable {
                    do {
                        _ = try await registration.resolveErasedAsync(in: container, under: exploration.layer)
                    } catch {
                        failures.append(container.resolutionError(wrapping: error, for: registration))
                    }
                }
                return failures
            }
        }
        let teardownFailures = await unit.end() + exploration.layer.overrides.endEverythingOwned()
        return exploration.ended(with: failures, teardownFailures: teardownFailures)
    }

    /// Resolves every registration of the family through a fresh override layer.
    private func explore(recording: Bool) -> Exploration {
        let exploration = Exploration(recording: recording, over: root)
        SlowPathGate.open()
        defer { SlowPathGate.close() }
        let unit = UnitOfWork(container: self, parent: nil)
        let failures = OverrideLayer.$current.withValue(exploration.layer) {
            UnitOfWork.binding.withValue(unit) {
                self.failures(building: explorable) { try $0.resolveErased(in: $1, under: exploration.layer) }
            }
        }
        // Synchronous code cannot await teardowns: they run at once in a task this container
        // tracks (its shutdown awaits it), the unit's first, then the layer's.
        let layer = exploration.layer
        family.endings.start {
            let failures = await unit.end() + layer.overrides.endEverythingOwned()
            return failures.isEmpty
                ? nil : DependencyShutdownError(failures: failures, ending: "Validating the container")
        }
        return exploration.ended(with: failures, teardownFailures: [])
    }

    /// What validation and the graph build: every registration of the family but those that take
    /// runtime arguments, which are listed, not built (there are none to pass).
    private var explorable: [(registration: AnyRegistration, container: DependencyContainer)] {
        registrationsInFamily { $0.arguments == nil }
    }
}

/// One run of `validate()` or `dependencyGraph()`: the throwaway override its builds go into, what
/// it records, and what failed.
private struct Exploration {
    let layer: OverrideLayer
    let recorder: DependencyGraph.Recorder?
    var failures: [DependencyResolutionError] = []
    var teardownFailures: [DependencyShutdownError.Failure] = []

    /// A run over `root`, inside any override already active; recording edges for a graph.
    init(recording: Bool, over root: DependencyContainer) {
        recorder = recording ? DependencyGraph.Recorder() : nil
        layer = OverrideLayer(base: root, outer: OverrideLayer.current, recorder: recorder)
    }

    func ended(
        with failures: [DependencyResolutionError],
        teardownFailures: [DependencyShutdownError.Failure]
    ) -> Exploration {
        var ended = self
        ended.failures = failures
        ended.teardownFailures = teardownFailures
        return ended
    }
}
