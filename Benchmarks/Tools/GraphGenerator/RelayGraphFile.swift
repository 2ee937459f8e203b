/// `RelayGraph.swift`: Relay's wiring of the graph, every node a singleton, and
/// `RelayGraph.accessAll(_:)`, which resolves each node once.
///
/// Node 2, depending on nodes 0 and 1, is registered as:
///
/// ```swift
/// container.register(Node2.self) { container in
///     try Node2(container.resolve(Node0.self), container.resolve(Node1.self))
/// }
/// ```
struct RelayGraphFile: GeneratedFile {
    let graph: RandomGraph
    let fileName = "RelayGraph.swift"
    let summary = "Relay's wiring of the graph: every node a singleton."
    let imports = ["Benchmark", "Relay"]

    func body() -> [String] {
        var lines = [
            "enum RelayGraph {",
            "    static func register(in container: DependencyContainer) {",
        ]
        for (node, dependencies) in graph.dependencies.enumerated() {
            if dependencies.isEmpty {
                lines.append("        container.register(Node\(node).self) { _ in Node\(node)() }")
                continue
            }
            let arguments = dependencies.map { "container.resolve(Node\($0).self)" }.joined(separator: ", ")
            lines.append("        container.register(Node\(node).self) { container in")
            lines.append("            try Node\(node)(\(arguments))")
            lines.append("        }")
        }
        lines.append("    }")
        lines.append("")
        lines.append("    /// Resolves every node once.")
        lines.append("    static func accessAll(_ container: DependencyContainer) throws {")
        lines += (0..<graph.nodeCount).map { "        blackHole(try container.resolve(Node\($0).self))" }
        lines.append("    }")
        lines.append("}")
        return lines
    }
}
