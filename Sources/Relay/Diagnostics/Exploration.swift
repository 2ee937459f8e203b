/// One run of `validate()` or `dependencyGraph()`: the throwaway override its builds go into, what
/// it records, and what failed.
struct Exploration {
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

extension Exploration {
    /// The graph of `container`'s family: its registrations, the edges this run recorded, and
    /// what failed.
    func graph(of container: DependencyContainer) -> DependencyGraph {
        // The declared edges beside those seen, so that a rendering tells them apart.
        DependencyGraph(
            nodes: Self.registrationNodes(of: container),
            edges: DependencyGraph.Edge.merging(
                observed: recorder?.recorded ?? [], declared: GraphCheck(over: container).edges),
            failures: failures.map(\.description) + teardownFailures.map { "Tearing down \($0)" })
    }

    /// A node for every registration of `start` (for a root, also of its scopes), read from the
    /// tables alone: nothing is built.
    static func registrationNodes(of start: DependencyContainer) -> [DependencyGraph.Node] {
        start.containersInFamily.flatMap { container in
            container.table.withRead { $0.allRegistrations }.map { registration in
                // An alias keeps nothing: it shows the lifecycle of what it forwards to.
                let target = Aliases.target(of: registration, heldBy: container)
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

    /// Resolves every registration of `start`'s family through a fresh override layer, awaiting.
    nonisolated(nonsending) static func run(over start: DependencyContainer, recording: Bool) async -> Exploration {
        let exploration = Exploration(recording: recording, over: start.root)
        // Unit-of-work registrations are built in a unit of validation's own, ended afterwards;
        // everything else it builds lives in the throwaway layer, torn down after the unit.
        let unit = UnitOfWork(container: start, parent: nil)
        let failures = await exploration.layer.entered(isolation: nil) {
            await UnitOfWork.binding.withValue(unit) {
                var failures: [DependencyResolutionError] = []
                for (registration, container) in explorable(in: start) {
                    do {
                        _ = try await registration.resolveErasedAsync(in: container, under: exploration.layer)
                    } catch {
                        failures.append(DependencyResolutionError.building(registration, in: container, threw: error))
                    }
                }
                return failures
            }
        }
        let teardownFailures = await unit.end() + Teardowns.endEverything(ownedBy: exploration.layer.overrides)
        let ended = exploration.ended(with: failures, teardownFailures: teardownFailures)
        return ended.ended(with: failures + ended.declarationMismatches(in: start), teardownFailures: teardownFailures)
    }

    /// Resolves every registration of `start`'s family through a fresh override layer.
    static func runSynchronously(over start: DependencyContainer, recording: Bool) -> Exploration {
        let exploration = Exploration(recording: recording, over: start.root)
        let unit = UnitOfWork(container: start, parent: nil)
        let failures = exploration.layer.entered {
            UnitOfWork.binding.withValue(unit) {
                start.failures(building: explorable(in: start)) {
                    try $0.resolveErased(in: $1, under: exploration.layer)
                }
            }
        }
        // Synchronous code cannot await teardowns: they run at once in a task this container
        // tracks (its shutdown awaits it), the unit's first, then the layer's.
        let layer = exploration.layer
        start.family.endings.start {
            let failures = await unit.end() + Teardowns.endEverything(ownedBy: layer.overrides)
            return failures.isEmpty
                ? nil : DependencyShutdownError(failures: failures, ending: "Validating the container")
        }
        let ended = exploration.ended(with: failures, teardownFailures: [])
        return ended.ended(with: failures + ended.declarationMismatches(in: start), teardownFailures: [])
    }

    /// What validation and the graph build: every registration of the family but those that take
    /// runtime arguments, which are listed, not built (there are none to pass).
    private static func explorable(
        in start: DependencyContainer
    ) -> [(registration: AnyRegistration, container: DependencyContainer)] {
        start.registrationsInFamily { $0.arguments == nil }
    }
}
