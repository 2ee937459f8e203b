import Relay
import Vapor

/// Runs `body` with a fresh application in Vapor's testing environment, wired to `container`, and
/// shuts the application down however `body` ends.
func withRelayApp<Result>(
    container: DependencyContainer,
    _ body: (Application) async throws -> Result
) async throws -> Result {
    let app = try await Application.make(.testing)
    let result: Result
    do {
        result = try await body(app)
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
    try await app.asyncShutdown()
    return result
}
