// Compiled only where XCTest has UI testing (Apple platforms but watchOS): this repository's CI,
// on Linux, never compiles it. It is kept to a few lines over `ProgramEndpoint` and
// `LaunchArgumentBuilder.environment(connectingTo:)`, which are built and tested here.
#if canImport(XCTest) && (os(iOS) || os(macOS) || os(tvOS) || os(visionOS))
public import Relay
public import RelayTesting
public import XCTest

extension XCUIApplication {
    /// Launches the app with `builder`'s instructions, connected to `endpoint`, and waits for the
    /// app to connect: its answered stubs' calls are then the endpoint's answers' to answer, and the
    /// connection re-wires it and opens sessions in it.
    ///
    /// <!-- snippet: fragment: XCUIApplication exists only in Apple's UI-testing XCTest -->
    /// ```swift
    /// let endpoint = try ProgramEndpoint(stubAnswers: answers)
    /// let app = XCUIApplication()
    /// let connection = try await app.launch(with: builder, connectingTo: endpoint)
    /// ```
    ///
    /// - Parameters:
    ///   - builder: The app's instructions, passed in its environment.
    ///   - endpoint: Where the app connects to the test.
    ///   - timeout: How long the app may take to connect.
    /// - Returns: The app's connection.
    /// - Throws: ``DependencyInjectionInstructionError`` for an instruction the grammar cannot
    ///   carry; ``ProgramEndpointError`` when the app did not connect in time.
    @MainActor
    public func launch(
        with builder: LaunchArgumentBuilder, connectingTo endpoint: ProgramEndpoint,
        timeout: Duration = .seconds(30)
    ) async throws -> ProgramConnection {
        launchEnvironment.merge(try builder.environment(connectingTo: endpoint)) { $1 }
        launch()
        return try await endpoint.connection(timeout: timeout)
    }
}
#endif
