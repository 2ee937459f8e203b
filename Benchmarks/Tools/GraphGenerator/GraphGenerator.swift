import Foundation

/// Writes scenario 7's graph as Swift: the node types with their hand-written wiring, and the
/// wiring of Relay, Swinject and swift-dependencies.
///
/// The `GraphPlugin` build-tool plugin runs it on every build of `RelayBenchmarks`, with the
/// plugin's work directory as the output, so the generated files never enter the source tree:
///
/// ```sh
/// GraphGenerator <output-directory>   # writes GraphNodes.swift, RelayGraph.swift,
///                                     # SwinjectGraph.swift and DependenciesGraph.swift
/// ```
///
/// The graph is ``RandomGraph/scenario7``, a deterministic function of its seed, so every build
/// measures the same graph. Exits with status 64 on a bad command line and 1 when a file cannot
/// be written, after a message on standard error.
@main
struct GraphGenerator {
    /// The files written for `graph`, in the order they are written.
    static func files(for graph: RandomGraph) -> [any GeneratedFile] {
        [
            GraphNodesFile(graph: graph),
            RelayGraphFile(graph: graph),
            SwinjectGraphFile(graph: graph),
            DependenciesGraphFile(graph: graph),
        ]
    }

    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 1, let output = arguments.first, !output.hasPrefix("-") else {
            fail("usage: GraphGenerator <output-directory> (got \(arguments.count) arguments)", status: 64)
        }
        let directory = URL(fileURLWithPath: output, isDirectory: true)
        for file in files(for: .scenario7) {
            let url = directory.appendingPathComponent(file.fileName)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .atomic)
            } catch {
                fail("GraphGenerator: cannot write '\(url.path)': \(error.localizedDescription)", status: 1)
            }
        }
    }

    /// Prints `message` on standard error and exits with `status`.
    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
