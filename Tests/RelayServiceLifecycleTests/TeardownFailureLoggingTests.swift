// Built with the LoggingSupport trait only.
#if LoggingSupport && ServiceLifecycleSupport
import Foundation
import Logging
import Relay
import RelayLogging
import RelayServiceLifecycle
import RelayTestSupport
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

/// Whether `message` is the failure of a dropped unit whose `HeldByUnit` refused.
private func isDroppedUnitFailure(_ message: String) -> Bool {
    message.wholeMatch(
        of:
            /Ending unit of work #(\d+) \(dropped without being closed\) failed: 1 teardown threw\.\n- 'HeldByUnit' in global, unit of work #\1: refused/
    ) != nil
}

/// Teardown failures that no caller receives (a dropped unit's), logged through swift-log: by
/// RelayLogging's `logTeardownFailures(to:level:)`, and by `DependencyContainerService`.
@Suite("Teardown failures nobody receives, logged")
struct TeardownFailureLoggingTests {
    @Test("logTeardownFailures logs a dropped unit's failed teardown once, at error, as it happens")
    func logTeardownFailures() async throws {
        let store = CapturingHandler.Store()
        let container = refusingUnitContainer()
        container.logTeardownFailures(to: Logger(label: "relay-test") { _ in CapturingHandler(store: store) })
        try await dropUnitThatRefuses(of: container)
        // The shutdown awaits the dropped unit's ending (and reports the failure again, to its caller).
        await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
        try #require(store.all.count == 1, "\(store.all)")
        #expect(store.all[0].level == .error)
        #expect(isDroppedUnitFailure(store.all[0].message), "\(store.all[0].message)")
    }

    @Test("the level can be chosen, and removing the observer logTeardownFailures added stops it")
    func levelAndStop() async throws {
        let store = CapturingHandler.Store()
        let container = refusingUnitContainer()
        let logging = container.logTeardownFailures(
            to: Logger(label: "relay-test") { _ in CapturingHandler(store: store) }, level: .warning)
        try await dropUnitThatRefuses(of: container)
        await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }  // awaits the ending
        #expect(store.all.map(\.level) == [.warning])
        container.removeTeardownFailureObserver(logging)
        try await dropUnitThatRefuses(of: container)
        await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
        #expect(store.all.count == 1)
    }

    @Test("DependencyContainerService logs them with its logger, before it even runs")
    func theServiceLogsThem() async throws {
        let store = CapturingHandler.Store()
        let container = refusingUnitContainer()
        _ = DependencyContainerService(
            container: container, logger: Logger(label: "relay-test") { _ in CapturingHandler(store: store) })
        try await dropUnitThatRefuses(of: container)
        await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
        try #require(store.all.count == 1, "\(store.all)")
        #expect(store.all[0].level == .error)
        #expect(isDroppedUnitFailure(store.all[0].message), "\(store.all[0].message)")
    }

    @Test("the service stops logging them once it has run: the program's other observers stay")
    func theServiceRemovesItsObserver() async throws {
        let serviceLogged = CapturingHandler.Store()
        let logged = CapturingHandler.Store()
        let container = refusingUnitContainer()
        let service = DependencyContainerService(
            container: container, logger: Logger(label: "relay-test") { _ in CapturingHandler(store: serviceLogged) })
        container.logTeardownFailures(to: Logger(label: "relay-test") { _ in CapturingHandler(store: logged) })
        // Cancelled as it starts: the service starts the container, shuts it down, and returns.
        let running = Task { try await service.run() }
        running.cancel()
        try await running.value
        try await dropUnitThatRefuses(of: container)
        await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
        #expect(serviceLogged.all.filter { $0.level == .error }.isEmpty, "\(serviceLogged.all)")
        #expect(logged.all.count == 1, "\(logged.all)")
    }

    @Test("RelayLogging's logger and the service's both log each failure: the one made last silences neither")
    func bothIntegrationsLogThem() async throws {
        let logged = CapturingHandler.Store()
        let serviceLogged = CapturingHandler.Store()
        let container = refusingUnitContainer()
        container.logTeardownFailures(to: Logger(label: "relay-test") { _ in CapturingHandler(store: logged) })
        _ = DependencyContainerService(
            container: container, logger: Logger(label: "relay-test") { _ in CapturingHandler(store: serviceLogged) })
        try await dropUnitThatRefuses(of: container)
        await #expect(throws: DependencyShutdownError.self) { try await container.shutdown() }
        for store in [logged, serviceLogged] {
            try #require(store.all.count == 1, "\(store.all)")
            #expect(isDroppedUnitFailure(store.all[0].message), "\(store.all[0].message)")
        }
    }
}
#endif
