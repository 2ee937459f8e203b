/// `SwinjectGraph.swift`: Swinject's wiring of the graph, every node in the `.container` scope,
/// and `SwinjectGraph.accessAll(_:)`, which resolves each node once.
///
/// Node 2, depending on nodes 0 and 1, is registered as:
///
/// ```swift
/// container.register(Node2.self) { resolver in
///     Node2(resolver.resolve(Node0.self)!, resolver.resolve(Node1.self)!)
/// }.inObjectScope(.container)
/// ```
struct SwinjectGraphFile: GeneratedFile {
    let graph: RandomGraph
    let fileName = "SwinjectGraph.swift"
    let summary = "Swinject's wiring of the graph: every node in the `.container` scope."
    let imports = ["Benchmark", "Swinject"]

    func body() -> [String] {
        var lines = [
            "enum SwinjectGraph {",
            "    static func register(in container: Container) {",
        ]
        for (node, dependencies) in graph.dependencies.enumerated() {
            if dependencies.isEmpty {
                let registration = "container.register(Node\(node).self) { _ in Node\(node)() }"
                lines.append("        \(registration).inObjectScope(.container)")
                continue
            }
            let arguments = dependencies.map { "resolver.resolve(Node\($0).self)!" }.joined(separator: ", ")
            lines.append("        container.register(Node\(node).self) { resolver in")
            lines.append("            Node\(node)(\(arguments))")
            lines.append("        }.inObjectScope(.container)")
        }
        lines.append("    }")
        lines.append("")
        lines.append("    /// Resolves every node once.")
        lines.append("    static func accessAll(_ container: Container) {")
        lines += (0..<graph.nodeCount).map { "        blackHole(container.resolve(Node\($0).self)!)" }
        lines.append("    }")
        lines.append("}")
        return lines
    }
}
