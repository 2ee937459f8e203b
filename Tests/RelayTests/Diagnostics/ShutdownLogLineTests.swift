import Relay
import RelayTestSupport
import Testing

/// The words the integrations log for a shutdown that failed, written once in the core
/// (`DependencyShutdownError.logLines(reporting:)`): RelayServiceLifecycle and RelayVapor log them.
@Suite("Shutdown failures, as log lines")
struct ShutdownLogLineTests {
    final class Cache: Sendable {}
    final class Database: Sendable {}

    struct Refused: Error, CustomStringConvertible {
        let what: String
        var description: String { "\(what) refused to close" }
    }

    @Test("one line per failed teardown, newest first, with its type and scope as metadata")
    func oneLinePerFailedTeardown() async throws {
        let container = DependencyContainer()
        container.register(Database.self) { _ in
            Database()
        } teardown: { _ in
            throw Refused(what: "the database")
        }
        let checkout = container.container(for: .checkout)
        checkout.register(Cache.self, name: "carts") { _ in
            Cache()
        } teardown: { _ in
            throw Refused(what: "the cache")
        }
        _ = try await container.resolve(Database.self)
        _ = try await checkout.resolve(Cache.self, name: "carts")
        let error = await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
        let lines = DependencyShutdownError.logLines(reporting: try #require(error))
        #expect(
            lines.map(\.message) == [
                "Teardown failed: 'Cache[\"carts\"]' in scope 'checkout': the cache refused to close",
                "Teardown failed: 'Database' in global: the database refused to close",
            ])
        #expect(
            lines.map(\.metadata) == [
                ["relay.type": "Cache[\"carts\"]", "relay.scope": "checkout"],
                ["relay.type": "Database", "relay.scope": "global"],
            ])
    }

    @Test("a unit's work that threw first is a line of its own, after the teardowns'")
    func workErrorIsALine() async throws {
        let container = DependencyContainer()
        container.register(Cache.self, lifecycle: .unitOfWork) { _ in
            Cache()
        } teardown: { _ in
            throw Refused(what: "the cache")
        }
        let error = await #expect(throws: DependencyShutdownError.self) {
            try await container.withUnitOfWork { unit in
                _ = try await unit.resolve(Cache.self)
                throw Refused(what: "the work")
            }
        }
        let lines = DependencyShutdownError.logLines(reporting: try #require(error))
        #expect(lines.count == 2)
        #expect(lines.first?.message.hasPrefix("Teardown failed: 'Cache' in global, unit of work #") == true)
        #expect(lines.first?.message.hasSuffix(": the cache refused to close") == true)
        #expect(lines.last?.message == "The unit's work had thrown first: the work refused to close")
        #expect(lines.map(\.metadata.isEmpty) == [false, true])
    }

    @Test("an error of another kind is one line, without metadata")
    func otherErrorIsOneLine() {
        let lines = DependencyShutdownError.logLines(reporting: Refused(what: "the pool"))
        #expect(
            lines.map(\.message) == ["Shutting down the dependency container failed: the pool refused to close"])
        #expect(lines.map(\.metadata) == [[:]])
    }
}
