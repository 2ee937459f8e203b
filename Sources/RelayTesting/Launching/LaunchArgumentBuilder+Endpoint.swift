public import Relay

extension LaunchArgumentBuilder {
    /// The environment that starts a program with these instructions, connected to `endpoint`:
    /// for a launcher that passes an environment and nothing else (XCUITest's
    /// `launchEnvironment`, a container's `--env`, a script).
    ///
    /// ```swift
    /// let endpoint = try ProgramEndpoint(stubAnswers: answers)
    /// let builder = LaunchArgumentBuilder(arguments: [
    ///     DependencyInstructionLaunchArgument(type: .catalogClient, factory: .answeredCatalog)
    /// ])
    /// let environment = try builder.environment(connectingTo: endpoint)
    /// // RELAY_DEPENDENCIES, RELAY_CONTROL_ENDPOINT and RELAY_LINE_BUFFERED_OUTPUT
    /// ```
    ///
    /// - Parameter endpoint: Where the program connects to its test.
    /// - Returns: The instructions (`environment()`), the endpoint, and line-buffered output (so
    ///   that what the program writes reaches the test as it writes it).
    /// - Throws: `DependencyInjectionInstructionError` for a value the grammar cannot carry.
    public func environment(connectingTo endpoint: ProgramEndpoint) throws -> [String: String] {
        try environment().merging(endpoint.environment) { $1 }.merging([
            LaunchedOutputBuffering.environmentVariable: "1"
        ]) { $1 }
    }
}
