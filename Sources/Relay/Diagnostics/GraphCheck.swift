/// One run of `check()`: the registrations of a family and the dependencies they declare, read
/// from the tables alone. No factory runs, nothing is built, nothing is registered.
struct GraphCheck {
    private(set) var problems: [DependencyCheckError.Problem] = []
    private(set) var unchecked: [DependencyCheck.Unchecked] = []
    private(set) var edges: [DependencyGraph.Edge] = []
    private(set) var checkedRegistrations = 0
    private(set) var checkedDependencies = 0

    /// A registration of the family, and the registrations its declared dependencies reach.
    private struct Node {
        let registration: AnyRegistration
        let holder: DependencyContainer
        /// Where its dependencies are looked up: its holder's route, or under an override the
        /// route of the base container of its scope.
        let route: Route
        /// The nodes it builds with it (not deferred), by index.
        var builds: [Int] = []
    }

    private var nodes: [Node] = []

    init(over start: DependencyContainer) {
        let registrations = Self.visibleRegistrations(from: start)
        var index: [ObjectIdentifier: Int] = [:]
        index.reserveCapacity(registrations.count)
        nodes.reserveCapacity(registrations.count)
        for (registration, holder, route) in registrations {
            index[ObjectIdentifier(registration)] = nodes.count
            nodes.append(Node(registration: registration, holder: holder, route: route))
        }
        for position in nodes.indices {
            follow(position, index: index)
        }
        findCycles()
        findCaptives()
        edges = Set(edges).sorted()
    }

    /// The registrations a resolve from `start` (for a root, also from its scopes) would find, each
    /// with its holder and the route its dependencies are looked up on. Without an override active
    /// in this task, every registration of the family, in registration order. Under one, at each
    /// scope the layers' registrations come first, innermost layer first, and a registration a
    /// layer replaces is left out, as a resolve would never reach it.
    private static func visibleRegistrations(
        from start: DependencyContainer
    ) -> [(registration: AnyRegistration, holder: DependencyContainer, route: Route)] {
        guard let layer = start.activeOverride else {
            return start.registrationsInFamily { _ in true }.map {
                ($0.registration, $0.container, Route(plain: $0.container))
            }
        }
        var visible: [(registration: AnyRegistration, holder: DependencyContainer, route: Route)] = []
        for asked in layer.base.container(for: start.scope).containersInFamily {
            let route = Route(asked, under: layer)
            var seen: Set<RegistrationKey> = []
            for holder in route.containers.prefix(route.ownLevel) {
                for registration in holder.table.withRead({ $0.allRegistrations })
                where seen.insert(registration.key).inserted {
                    visible.append((registration, holder, route))
                }
            }
        }
        return visible
    }

    var report: DependencyCheck {
        DependencyCheck(
            checkedRegistrations: checkedRegistrations, checkedDependencies: checkedDependencies,
            unchecked: unchecked)
    }

    // MARK: - Each registration's own dependencies

    /// Looks up each dependency node `position` declares, as a resolve from its container would.
    private mutating func follow(_ position: Int, index: [ObjectIdentifier: Int]) {
        let node = nodes[position]
        let registration = node.registration
        let dependencies: [DeclaredDependency]
        if let target = registration.forwardsTo {
            // An alias forwards to its target: an edge it declares by being one.
            dependencies = [DeclaredDependency(key: target)]
        } else if let declared = node.holder.table.withRead({ _ in registration.declaredDependencies }) {
            // Read under the table's lock, which `dependsOn` writes them under.
            dependencies = declared
        } else {
            unchecked.append(
                DependencyCheck.Unchecked(registration: Self.id(of: node), reason: Self.whyUnchecked(registration)))
            return
        }
        checkedRegistrations += 1
        // Once per registration, not per dependency: the identifier is the same for all.
        let route = node.route
        let id = Self.id(of: node)
        for dependency in dependencies {
            checkedDependencies += 1
            guard let found = route.first(dependency.key) else {
                if !dependency.isOptional { problems.append(missing(dependency, of: node)) }
                continue
            }
            edges.append(
                DependencyGraph.Edge(
                    from: id, to: DependencyGraph.nodeID(scope: found.holder.scope, key: found.registration.key),
                    isDeclared: true, isObserved: false))
            guard !dependency.isDeferred else { continue }
            if let target = index[ObjectIdentifier(found.registration)] {
                nodes[position].builds.append(target)
            }
            // What builds it: an alias's target (an alias keeps nothing and awaits nothing itself).
            let built = Aliases.target(of: found.registration, heldBy: found.holder)?.registration ?? found.registration
            if !registration.isAsync, registration.forwardsTo == nil, built.isAsync,
                built.lifecycle != .eagerSingleton
            {
                problems.append(awaitedBySynchronousFactory(built, dependency: dependency, of: node))
            }
        }
    }

    private static func whyUnchecked(_ registration: AnyRegistration) -> String {
        if let instruction = registration.instruction {
            return "registered by the instruction '\(instruction)', whose factory declares no dependencies"
        }
        return "its factory declares no dependencies: register it by its initializer "
            + "(register(_:initializer:)), or declare what the factory resolves with .dependsOn(…)"
    }

    private func missing(_ dependency: DeclaredDependency, of node: Node) -> DependencyCheckError.Problem {
        let consumer = node.registration.key.description
        let place = Self.place(of: node.holder)
        let route = node.route.containers
        let withArguments = route.lazy.flatMap { container in
            container.table.withRead { $0.allRegistrations }.filter {
                $0.arguments != nil && $0.key.withoutArguments == dependency.key
            }
        }.first
        if let withArguments, let arguments = withArguments.arguments {
            return DependencyCheckError.Problem(
                code: .argumentMismatch, registration: Self.id(of: node), path: [consumer, dependency.declared],
                message: "'\(consumer)' in \(place) depends on '\(dependency.key.description)', which is registered "
                    + "only with runtime arguments \(arguments.description): a resolve by type alone cannot pass them.",
                fix: "write '\(consumer)''s factory out to resolve it with its arguments, or register "
                    + "'\(dependency.key.description)' without arguments too.")
        }
        let registered = route.flatMap { container in
            container.table.withRead { $0.allRegistrations }.map { String(describing: $0.key.metatype) }
        }
        let suggestion = NearMiss.didYouMean(String(describing: dependency.key.metatype), among: Set(registered))
        return DependencyCheckError.Problem(
            code: .notRegistered, registration: Self.id(of: node), path: [consumer, dependency.declared],
            message: "'\(consumer)' in \(place) depends on '\(dependency.declared)', which is not registered in "
                + "\(place).\(suggestion)",
            fix: "register '\(dependency.key.description)', or declare the dependency optional "
                + "('\(String(describing: dependency.key.metatype))?') if it may be absent.")
    }

    private func awaitedBySynchronousFactory(
        _ built: AnyRegistration,
        dependency: DeclaredDependency,
        of node: Node
    ) -> DependencyCheckError.Problem {
        let consumer = node.registration.key.description
        return DependencyCheckError.Problem(
            code: .asyncFactory, registration: Self.id(of: node), path: [consumer, dependency.declared],
            message: "'\(consumer)' in \(Self.place(of: node.holder)) has a synchronous factory, but its dependency "
                + "'\(built.key.description)' has an async factory, which a synchronous resolve cannot await.",
            fix: "give '\(consumer)' an async factory (an async initializer, or a closure that awaits), "
                + "or register '\(built.key.description)' as an .eagerSingleton that start() builds first.")
    }

    // MARK: - Across registrations

    /// Reports each loop of built-with dependencies once, in the order of its first registration.
    /// Iterative: a graph may be thousands deep.
    private mutating func findCycles() {
        enum Mark { case unseen, open, done }
        var marks = [Mark](repeating: .unseen, count: nodes.count)
        var reported = Set<[Int]>()
        for start in nodes.indices where marks[start] == .unseen {
            // The path from `start`, each with the next of its edges to follow.
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            marks[start] = .open
            while let (node, next) = stack.last {
                guard next < nodes[node].builds.count else {
                    marks[node] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let target = nodes[node].builds[next]
                switch marks[target] {
                case .unseen:
                    marks[target] = .open
                    stack.append((target, 0))
                case .open:
                    let loop = stack.map(\.node).drop { $0 != target }
                    // One report per loop, whichever of its registrations the search entered by.
                    if reported.insert(Array(loop).sorted()).inserted {
                        problems.append(cycle(Array(loop)))
                    }
                case .done:
                    break
                }
            }
        }
    }

    private func cycle(_ loop: [Int]) -> DependencyCheckError.Problem {
        let first = nodes[loop[0]]
        let names = (loop + [loop[0]]).map { nodes[$0].registration.key.description }
        return DependencyCheckError.Problem(
            code: .cycle, registration: Self.id(of: first), path: names,
            message: "\(names.map { "'\($0)'" }.joined(separator: " -> ")) depend on each other in "
                + "\(Self.place(of: first.holder)): no resolve of them can end.",
            fix: "break the loop: let one of them resolve the next later, through Lazy<…> or Provider<…>, "
                + "and declare it so.")
    }

    /// Reports each longer-lived registration that builds, directly or through registrations that
    /// keep nothing, an instance shorter-lived than itself.
    private mutating func findCaptives() {
        // For each node, a path to a short-lived instance building it reaches, through nodes that
        // keep nothing; computed children first (a loop, reported above, is cut where it closes).
        var shortLived = [[Int]?](repeating: nil, count: nodes.count)
        var computed = [Bool](repeating: false, count: nodes.count)
        for start in nodes.indices where !computed[start] {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            var onStack: Set<Int> = [start]
            while let (node, next) = stack.last {
                let builds = nodes[node].builds
                if next < builds.count {
                    stack[stack.count - 1].next += 1
                    let target = builds[next]
                    if !computed[target], !onStack.contains(target) {
                        stack.append((target, 0))
                        onStack.insert(target)
                    }
                    continue
                }
                stack.removeLast()
                onStack.remove(node)
                computed[node] = true
                let registration = nodes[node].registration
                if Self.isShortLived(registration) {
                    shortLived[node] = [node]
                } else if Self.keepsNothing(registration),
                    let path = builds.lazy.compactMap({ shortLived[$0] }).first
                {
                    shortLived[node] = [node] + path
                }
            }
        }
        for node in nodes where Self.outlivesUnits(node.registration) {
            guard let path = node.builds.lazy.compactMap({ shortLived[$0] }).first else { continue }
            problems.append(captive(node, path: path))
        }
    }

    private func captive(_ node: Node, path: [Int]) -> DependencyCheckError.Problem {
        let consumer = node.registration.key.description
        let held = nodes[path[path.count - 1]].registration
        let heldName = held.key.description
        let (what, why, fix) =
            held.lifecycle == .unitOfWork
            ? (
                "a .unitOfWork instance", "would hold it past its unit's end",
                "make '\(consumer)' .unitOfWork or .transient, or let it resolve '\(heldName)' when it needs it "
                    + "through Provider<\(String(describing: held.key.metatype))>."
            )
            : (
                "a .\(held.lifecycle) instance with a teardown", "would keep it, its teardown waiting for shutdown()",
                "register '\(heldName)' as a .singleton if one instance is meant, or let '\(consumer)' resolve it "
                    + "inside a unit of work through Provider<\(String(describing: held.key.metatype))>."
            )
        return DependencyCheckError.Problem(
            code: .captiveDependency, registration: Self.id(of: node),
            path: [consumer] + path.map { nodes[$0].registration.key.description },
            message: "'\(consumer)' (.\(node.registration.lifecycle)) in \(Self.place(of: node.holder)) builds "
                + "'\(heldName)', \(what): it \(why).",
            fix: fix)
    }

    // MARK: - Lifetimes and names

    /// Kept for as long as its container: what must not hold a shorter-lived instance.
    private static func outlivesUnits(_ registration: AnyRegistration) -> Bool {
        registration.forwardsTo == nil
            && [.singleton, .eagerSingleton, .weak].contains(registration.lifecycle)
    }

    /// An instance whose owner ends before a container does.
    private static func isShortLived(_ registration: AnyRegistration) -> Bool {
        registration.lifecycle == .unitOfWork
            || ([.transient, .graph].contains(registration.lifecycle) && registration.hasTeardown)
    }

    /// Builds anew on every resolve, keeping nothing: what it builds is held by whoever resolved it.
    private static func keepsNothing(_ registration: AnyRegistration) -> Bool {
        registration.forwardsTo != nil || [.transient, .graph].contains(registration.lifecycle)
    }

    private static func id(of node: Node) -> String {
        DependencyGraph.nodeID(scope: node.holder.scope, key: node.registration.key)
    }

    private static func place(of container: DependencyContainer) -> String {
        container.scope.tag
    }
}
