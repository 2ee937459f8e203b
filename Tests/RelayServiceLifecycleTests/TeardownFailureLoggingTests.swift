// Built with the LoggingSupport trait only.
#if LoggingSupport && ServiceLifecycleSupport
import Foundation
import Logging
import Relay
import RelayLogging
import RelayServiceLifecycle
import Synchronization
import Testing

/// Keeps what it is given.
private struct CapturingHandler: LogHandler {
    final class Store: Sendable {
        private let entries = Mutex<[(level: Logger.Level, message: String)]>([])
        func append(_ entry: (level: Logger.Level, message: String)) { entries.withLock { $0.append(entry) } }
        var all: [(level: Logger.Level, message: String)] { entries.withLock { $0 } }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        store.append((event.level, "\(event.message)"))
    }
}

private final class Held: Sendable {}

private struct Refused: Error, CustomStringConvertible {
    var description: String { "refused" }
}

/// A container whose `.unitOfWork` `Held` refuses to be torn down.
private func refusingContainer() -> DependencyContainer {
    let container = DependencyContainer()
    container.register(Held.self, lifecycle: .unitOfWork) { _ in
        Held()
    } teardown: { _ in
        throw Refused()
    }
    return container
}

/// Resolves `Held` in a unit of work that is then dropped without being ended.
private func dropUnit(of container: DependencyContainer) async throws {
    let unit = container.openUnitOfWork()
    _ = try await unit.resolve(Held.self)
}

/// Whether `message` is the failure of a dropped unit whose `Held` refused.
private func isDroppedUnitFailure(_ message: String) -> Bool {
    message.wholeMatch(
        of:
            /Ending unit of work #(\d+) \(dropped without being closed\) failed: 1 teardown threw\.\n- 'Held' in global, unit of work #\1: refused/
    ) != nil
}

/// Teardown failures that no caller receives (a dropped unit's), logged through swift-log: by
/// RelayLogging's `logTeardownFailures(to:level:)`, and by `DependencyContainerService`.
@Suite("Teardown failures nobody receives, logged")
struct TeardownFailureLoggingTests {
    @Test("logTeardownFailures logs a dropped unit's failed teardown once, at error, as it happens")
    func logTeardownFailures() async throws {
        let store = CapturingHandler.Store()
        let container = refusingContainer()
        container.logTeardownFailures(to: Logger(label: "relay-test") { _ in CapturingHandler(store: store) })
        try await dropUnit(of: container)
        // The shutdown awaits the dropped unit's ending (and reports the failure again, to its caller).
        await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
        try #require(store.all.count == 1, "\(store.all)")
        #expect(store.all[0].level == .error)
        #expect(isDroppedUnitFailure(store.all[0].message), "\(store.all[0].message)")
    }

    @Test("the level can be chosen, and observeTeardownFailures(nil) stops it")
    func levelAndStop() async throws {
        let store = CapturingHandler.Store()
        let container = refusingContainer()
        container.logTeardownFailures(
            to: Logger(label: "relay-test") { _ in CapturingHandler(store: store) }, level: .warning)
        try await dropUnit(of: container)
        await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }  // awaits the ending
        #expect(store.all.map(\.level) == [.warning])
        container.observeTeardownFailures(nil)
        try await dropUnit(of: container)
        await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
        #expect(store.all.count == 1)
    }

    @Test("DependencyContainerService logs them with its logger, before it even runs")
    func theServiceLogsThem() async throws {
        let store = CapturingHandler.Store()
        let container = refusingContainer()
        _ = DependencyContainerService(
            container: container, logger: Logger(label: "relay-test") { _ in CapturingHandler(store: store) })
        try await dropUnit(of: container)
        await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
        try #require(store.all.count == 1, "\(store.all)")
        #expect(store.all[0].level == .error)
        #expect(isDroppedUnitFailure(store.all[0].message), "\(store.all[0].message)")
    }
}
#endif
