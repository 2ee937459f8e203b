/// One Swift source file drawn from a ``RandomGraph``: a header that says where it came from,
/// its imports, and a body that declares or wires the graph's nodes.
///
/// A conforming type supplies the parts; ``contents`` assembles them:
///
/// ```swift
/// let file = RelayGraphFile(graph: .scenario7)
/// print(file.fileName)   // RelayGraph.swift
/// print(file.contents)   // the header, `import Benchmark`, `import Relay`, `enum RelayGraph`
/// ```
protocol GeneratedFile {
    /// The graph the file is drawn from.
    var graph: RandomGraph { get }
    /// The file's name in the output directory, such as `RelayGraph.swift`.
    var fileName: String { get }
    /// One line, under the header, that says what the file holds.
    var summary: String { get }
    /// The modules the file imports, in order.
    var imports: [String] { get }
    /// The file's lines after its imports, without line terminators.
    func body() -> [String]
}

extension GeneratedFile {
    /// The file's whole text: header, summary, imports and body, each line ending in a newline.
    var contents: String {
        var lines = [
            "// Generated at build time by Tools/GraphGenerator (seed \(graph.seed), \(graph.nodeCount) nodes, "
                + "up to \(graph.maxDependencies) dependencies each): do not edit.",
            "// \(summary)",
            "",
        ]
        lines += imports.map { "import \($0)" }
        lines.append("")
        lines += body()
        return lines.joined(separator: "\n") + "\n"
    }
}
