import Foundation

extension DependencyGraph {
    /// The graph in Graphviz DOT: one cluster per scope, dynamic injections drawn dashed.
    ///
    /// An edge both declared and seen is a plain arrow; one declared but not seen built is dashed
    /// (everything in ``DependencyContainer/declaredDependencyGraph()``, which builds nothing); one
    /// seen but not declared, which ``DependencyContainer/check()`` cannot follow, is grey.
    ///
    /// ```sh
    /// dot -Tsvg graph.dot > graph.svg
    /// ```
    public var dot: String {
        var lines = ["digraph Relay {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
        for (index, scope) in scopes.enumerated() {
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\(quoted(scope));")
            for node in nodes where node.scope == scope {
                let style = node.injectedBy == nil ? "" : ", style=dashed"
                lines.append("    \(quoted(node.id)) [label=\(quoted(label(node)))\(style)];")
            }
            lines.append("  }")
        }
        for edge in edges {
            let style =
                switch (edge.isDeclared, edge.isObserved) {
                case (true, false): " [style=dashed]"
                case (false, _): " [color=gray50]"
                case (true, true): ""
                }
            lines.append("  \(quoted(edge.from)) -> \(quoted(edge.to))\(style);")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// The graph as a Mermaid flowchart, which GitHub renders in Markdown.
    ///
    /// An edge both declared and seen is `-->`; one declared but not seen built is dotted, `-.->`;
    /// one seen but not declared is labelled `undeclared`.
    public var mermaid: String {
        let ids = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, "n\($0)") })
        var lines = ["flowchart LR"]
        for scope in scopes {
            lines.append("  subgraph \(mermaidID(scope))[\"\(scope)\"]")
            for node in nodes where node.scope == scope {
                let text = label(node).replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(
                    of: "\n", with: "<br/>")
                lines.append("    \(ids[node.id] ?? node.id)[\"\(text)\"]")
            }
            lines.append("  end")
        }
        for edge in edges {
            // An edge may reach a node that is not registered (a failure); show it by its id.
            let arrow =
                switch (edge.isDeclared, edge.isObserved) {
                case (true, false): "-.->"
                case (false, _): "-->|undeclared|"
                case (true, true): "-->"
                }
            lines.append("  \(ids[edge.from] ?? mermaidID(edge.from)) \(arrow) \(ids[edge.to] ?? mermaidID(edge.to))")
        }
        return lines.joined(separator: "\n")
    }

    /// The graph as pretty-printed JSON with sorted keys: `nodes`, `edges` and `failures`.
    ///
    /// - Returns: UTF-8 JSON text.
    /// - Throws: What `JSONEncoder` throws (nothing, for this graph's plain values).
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The scopes in order of first appearance (global first).
    private var scopes: [String] {
        var seen: [String] = []
        for node in nodes where !seen.contains(node.scope) {
            seen.append(node.scope)
        }
        return seen
    }

    private func label(_ node: Node) -> String {
        let name = node.name.map { " \"\($0)\"" } ?? ""
        let injected = node.injectedBy.map { "\ninjected: \($0)" } ?? ""
        let arguments = node.arguments.map { "\narguments: \($0)" } ?? ""
        let alias = node.aliasOf.map { "\nalias of \($0)" } ?? ""
        return "\(node.type)\(name)\n\(node.lifecycle)\(arguments)\(alias)\(injected)"
    }

    private func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    private func mermaidID(_ text: String) -> String {
        "s_" + String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
