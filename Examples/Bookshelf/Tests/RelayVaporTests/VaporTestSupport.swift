import Relay
import Synchronization
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

/// What happened, in order: builds and teardowns, as lines.
final class EventLog: Sendable {
    private let lines = Mutex<[String]>([])

    func record(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var recorded: [String] { lines.withLock { $0 } }
}

/// A unit-of-work instance with a number, to tell instances apart.
final class RequestToken: Sendable {
    let number: Int

    init(number: Int) {
        self.number = number
    }
}

/// Numbers tokens.
final class Counter: Sendable {
    private let count = Atomic(0)

    func next() -> Int {
        count.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
