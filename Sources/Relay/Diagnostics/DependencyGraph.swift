/// The registrations of a root and its scopes, and the dependencies between them that were seen
/// when each was built: what ``DependencyContainer/dependencyGraph()`` returns.
///
/// Render it for a README or a pull request with ``dot``, ``mermaid`` or ``json()``:
///
/// ```swift
/// let graph = await DependencyContainer.global.dependencyGraph()
/// print(graph.mermaid)
/// ```
public struct DependencyGraph: Sendable, Equatable, Codable {
    /// One registration.
    public struct Node: Sendable, Hashable, Codable {
        /// A stable identifier: `scope/Type` or `scope/Type["name"]`.
        public let id: String
        /// The scope of the container that holds the registration.
        public let scope: String
        /// The registered type.
        public let type: String
        /// The registration's name, if it has one.
        public let name: String?
        /// The registration's lifecycle.
        public let lifecycle: LifecycleType
        /// The dynamic instruction that registered it, if one did.
        public let injectedBy: String?
        /// The types of the runtime arguments its factory takes, `(String, Int)`, if it takes any.
        /// Such a registration is listed but never built: there are no arguments to build it with.
        public let arguments: String?

        /// For an alias (``RegisteredService/implements(_:name:converting:)``), the identifier of
        /// the node it forwards to, whose lifecycle ``lifecycle`` shows; `nil` otherwise.
        public let aliasOf: String?
    }

    /// One dependency: building `from` resolved `to`.
    public struct Edge: Sendable, Hashable, Codable, Comparable {
        /// The node whose factory resolved the other, or declares it.
        public let from: String
        /// The node it resolved, or declares.
        public let to: String
        /// Whether `from` declares the dependency (an initializer's parameter, a `dependsOn`):
        /// what ``DependencyContainer/check()`` follows.
        public let isDeclared: Bool
        /// Whether building `from` was seen to resolve `to`.
        public let isObserved: Bool

        /// Creates an edge between two node identifiers.
        ///
        /// - Parameters:
        ///   - from: The node whose factory resolved the other, or declares it.
        ///   - to: The node it resolved, or declares.
        ///   - isDeclared: Whether `from` declares it; `false` by default.
        ///   - isObserved: Whether building `from` was seen to resolve it; `true` by default.
        public init(from: String, to: String, isDeclared: Bool = false, isObserved: Bool = true) {
            self.from = from
            self.to = to
            self.isDeclared = isDeclared
            self.isObserved = isObserved
        }

        /// Orders edges by their ends, so renderings are stable.
        public static func < (lhs: Edge, rhs: Edge) -> Bool {
            (lhs.from, lhs.to) < (rhs.from, rhs.to)
        }

        /// One edge for each pair of ends, saying whether it was declared, observed, or both.
        static func merging(observed: [Edge], declared: [Edge]) -> [Edge] {
            var marks: [[String]: (declared: Bool, observed: Bool)] = [:]
            for edge in observed { marks[[edge.from, edge.to], default: (false, false)].observed = true }
            for edge in declared { marks[[edge.from, edge.to], default: (false, false)].declared = true }
            return marks.map { ends, mark in
                Edge(from: ends[0], to: ends[1], isDeclared: mark.declared, isObserved: mark.observed)
            }.sorted()
        }
    }

    /// Every registration, roots before scopes, each in registration order.
    public let nodes: [Node]

    /// Every dependency seen or declared, sorted; each says which (``Edge/isDeclared``,
    /// ``Edge/isObserved``).
    public let edges: [Edge]

    /// The messages of the registrations that could not be built.
    public let failures: [String]

    static func nodeID(scope: DependencyContainerScope, key: RegistrationKey) -> String {
        // Registrations of one type with different arguments are different nodes.
        "\(scope.tag)/\(key.description)\(ArgumentSignature.description(of: key) ?? "")"
    }

    /// Collects edges from the thread that builds, and from any thread a factory hands work to.
    final class Recorder: Sendable {
        private let edges = LockedValue<Set<Edge>>([])

        /// Records an edge from the factory running innermost (on this thread, else in this
        /// task's async path) to what it resolves; nothing when no factory runs.
        func recordEdge(to key: RegistrationKey, in scope: DependencyContainerScope) {
            let from: (key: RegistrationKey, scope: DependencyContainerScope)? =
                ResolutionThreadState.current.path.last.map { ($0.registration.key, $0.scope) }
                ?? AsyncResolutionPath.current.innermostNode
            guard let from else { return }
            let edge = Edge(
                from: DependencyGraph.nodeID(scope: from.scope, key: from.key),
                to: DependencyGraph.nodeID(scope: scope, key: key))
            edges.withLockedValue { _ = $0.insert(edge) }
        }

        var recorded: [Edge] {
            edges.withLockedValue { $0.sorted() }
        }
    }
}
