#if LoggingSupport
import Foundation
import Logging
import Relay
import RelayLogging
import Testing

/// A log handler that keeps what it is given.
private struct CapturingHandler: LogHandler {
    final class Store: @unchecked Sendable {
        // Safety: `entries` is read and written only while `lock` is held.
        private let lock = NSLock()
        private var entries: [(Logger.Level, String, Logger.Metadata)] = []

        func append(_ entry: (Logger.Level, String, Logger.Metadata)) {
            lock.withLock { entries.append(entry) }
        }

        var all: [(Logger.Level, String, Logger.Metadata)] { lock.withLock { entries } }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        store.append((event.level, "\(event.message)", event.metadata ?? [:]))
    }
}

private struct LoggedService: Sendable {}

@Suite("Resolution logging through swift-log", .serialized)  // one process-wide observer
struct ResolutionLoggingTests {
    @Test("resolutions are logged with metadata, and failures as warnings")
    func resolutionsAreLoggedWithMetadataAndFailuresAsWarnings() throws {
        let store = CapturingHandler.Store()
        let logger = Logger(label: "relay-test") { _ in CapturingHandler(store: store) }
        let container = DependencyContainer()
        container.register(LoggedService.self) { _ in LoggedService() }
        ResolutionLogging.start(logger: logger)
        defer { ResolutionLogging.stop() }
        _ = try container.resolve(LoggedService.self)
        _ = try container.resolve(LoggedService.self)
        _ = try? container.resolve(LoggedService.self, name: "missing")
        let entries = store.all.filter { $0.2["relay.type"]?.description.hasPrefix("LoggedService") == true }
        #expect(entries.map(\.0) == [.debug, .debug, .warning])
        #expect(entries.map { $0.2["relay.outcome"]?.description } == ["built", "cached", "failed (notRegistered)"])
        #expect(entries[0].1.hasPrefix("LoggedService in global: built in "))
    }

    @Test("a cancelled resolution is logged at the level of successful ones, not as a failure")
    func cancelledResolutionsAreNotWarnings() throws {
        let store = CapturingHandler.Store()
        let logger = Logger(label: "relay-test") { _ in CapturingHandler(store: store) }
        let container = DependencyContainer()
        container.register(LoggedService.self, name: "cancelled") { _ -> LoggedService in throw CancellationError() }
        ResolutionLogging.start(logger: logger)
        defer { ResolutionLogging.stop() }
        _ = try? container.resolve(LoggedService.self, name: "cancelled")
        let entries = store.all.filter { $0.2["relay.type"]?.description.hasPrefix("LoggedService") == true }
        #expect(entries.map(\.0) == [.debug])
        #expect(entries.map { $0.2["relay.outcome"]?.description } == ["cancelled"])
    }
}
#endif
