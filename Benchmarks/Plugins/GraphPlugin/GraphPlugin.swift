import PackagePlugin

/// Generates scenario 7's graph for the target it is applied to: one build command that runs
/// `GraphGenerator` into the plugin's work directory, whose four Swift files SwiftPM then
/// compiles with the target's own sources.
///
/// Nothing is written into the source tree. The command has no inputs but the tool itself, so it
/// runs on a clean build and again only when the generator changes. Applied in the manifest:
///
/// ```swift
/// .executableTarget(name: "RelayBenchmarks", ..., plugins: [.plugin(name: "GraphPlugin")])
/// ```
@main
struct GraphPlugin: BuildToolPlugin {
    /// The files `GraphGenerator` writes; they must match its `GraphGenerator.files(for:)`.
    static let outputs = ["GraphNodes.swift", "RelayGraph.swift", "SwinjectGraph.swift", "DependenciesGraph.swift"]

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let generator = try context.tool(named: "GraphGenerator")
        let directory = context.pluginWorkDirectoryURL.appending(path: "Graph", directoryHint: .isDirectory)
        return [
            .buildCommand(
                displayName: "Generating scenario 7's graph for \(target.name)",
                executable: generator.url,
                arguments: [directory.path(percentEncoded: false)],
                inputFiles: [],
                outputFiles: Self.outputs.map { directory.appending(path: $0) }
            )
        ]
    }
}
