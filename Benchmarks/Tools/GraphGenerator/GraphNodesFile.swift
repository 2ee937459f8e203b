/// `GraphNodes.swift`: a `final class` per node, whose initialiser takes the nodes it depends
/// on, and `HandWrittenGraph`, the graph wired by hand with one `static let` per node.
///
/// Node 2, depending on nodes 0 and 1, reads:
///
/// ```swift
/// final class Node2: Sendable {
///     let node0: Node0
///     let node1: Node1
///     init(_ node0: Node0, _ node1: Node1) {
///         self.node0 = node0
///         self.node1 = node1
///     }
/// }
/// ```
struct GraphNodesFile: GeneratedFile {
    let graph: RandomGraph
    let fileName = "GraphNodes.swift"
    let summary = "The graph's node types, and the hand-written wiring: one `static let` per node."
    let imports = ["Benchmark"]

    func body() -> [String] {
        var lines: [String] = []
        for (node, dependencies) in graph.dependencies.enumerated() {
            if dependencies.isEmpty {
                lines.append("final class Node\(node): Sendable { init() {} }")
                continue
            }
            lines.append("final class Node\(node): Sendable {")
            lines += dependencies.map { "    let node\($0): Node\($0)" }
            let parameters = dependencies.map { "_ node\($0): Node\($0)" }.joined(separator: ", ")
            lines.append("    init(\(parameters)) {")
            lines += dependencies.map { "        self.node\($0) = node\($0)" }
            lines.append("    }")
            lines.append("}")
        }
        lines.append("")
        lines.append("/// The graph wired by hand: each node a `static let` built from the ones it needs.")
        lines.append("enum HandWrittenGraph {")
        for (node, dependencies) in graph.dependencies.enumerated() {
            let arguments = dependencies.map { "node\($0)" }.joined(separator: ", ")
            lines.append("    static let node\(node) = Node\(node)(\(arguments))")
        }
        lines.append("")
        lines.append("    /// Reads every node once.")
        lines.append("    static func accessAll() {")
        lines += (0..<graph.nodeCount).map { "        blackHole(node\($0))" }
        lines.append("    }")
        lines.append("")
        lines.append("    /// Reads every node once, each handed out as an owned reference (see `handedOut`).")
        lines.append("    static func accessAllOwned() {")
        lines += (0..<graph.nodeCount).map { "        blackHole(handedOut(node\($0)))" }
        lines.append("    }")
        lines.append("}")
        return lines
    }
}
