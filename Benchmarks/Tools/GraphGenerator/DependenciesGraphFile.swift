/// `DependenciesGraph.swift`: swift-dependencies' wiring of the graph, one `DependencyKey` per
/// node whose cached `liveValue` reads its dependencies, a `DependencyValues` property per key,
/// and `DependenciesGraph.accessAll()`, which reads each node once.
///
/// Node 2, depending on nodes 0 and 1, has the key:
///
/// ```swift
/// private enum Node2Key: DependencyKey {
///     static var liveValue: Node2 {
///         @Dependency(\.node0) var node0
///         @Dependency(\.node1) var node1
///         return Node2(node0, node1)
///     }
/// }
/// ```
struct DependenciesGraphFile: GeneratedFile {
    let graph: RandomGraph
    let fileName = "DependenciesGraph.swift"
    let summary =
        "swift-dependencies' wiring of the graph: one key per node, whose cached `liveValue` reads its dependencies."
    let imports = ["Benchmark", "Dependencies"]

    func body() -> [String] {
        var lines = [
            "enum DependenciesGraph {",
            "    /// Reads every node once, as `@Dependency` properties.",
            "    static func accessAll() {",
        ]
        for node in 0..<graph.nodeCount {
            lines.append("        @Dependency(\\.node\(node)) var node\(node)")
            lines.append("        blackHole(node\(node))")
        }
        lines.append("    }")
        lines.append("}")
        lines.append("")
        for (node, dependencies) in graph.dependencies.enumerated() {
            lines.append("private enum Node\(node)Key: DependencyKey {")
            if dependencies.isEmpty {
                lines.append("    static var liveValue: Node\(node) { Node\(node)() }")
            } else {
                lines.append("    static var liveValue: Node\(node) {")
                lines += dependencies.map { "        @Dependency(\\.node\($0)) var node\($0)" }
                let arguments = dependencies.map { "node\($0)" }.joined(separator: ", ")
                lines.append("        return Node\(node)(\(arguments))")
                lines.append("    }")
            }
            lines.append("}")
            lines.append("")
        }
        lines.append("extension DependencyValues {")
        for node in 0..<graph.nodeCount {
            lines.append("    var node\(node): Node\(node) {")
            lines.append("        get { self[Node\(node)Key.self] }")
            lines.append("        set { self[Node\(node)Key.self] = newValue }")
            lines.append("    }")
        }
        lines.append("}")
        return lines
    }
}
