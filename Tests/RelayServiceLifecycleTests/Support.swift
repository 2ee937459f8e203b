#if ServiceLifecycleSupport
import Logging
import RelayTestSupport
import ServiceLifecycle

/// What the services and factories of a test did, in the order they did it.
final class Journal: Sendable {
    private struct State {
        var entries: [String] = []
        var waiters: [(entry: String, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    func record(_ entry: String) {
        let ready = state.withLock { state in
            state.entries.append(entry)
            let ready = state.waiters.filter { $0.entry == entry }
            state.waiters.removeAll { $0.entry == entry }
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    var recorded: [String] { state.withLock { $0.entries } }

    /// Suspends until `entry` is recorded; returns at once if it already is.
    func waitFor(_ entry: String) async {
        await withCheckedContinuation { continuation in
            let isRecorded = state.withLock { state in
                if state.entries.contains(entry) { return true }
                state.waiters.append((entry, continuation))
                return false
            }
            if isRecorded { continuation.resume() }
        }
    }
}

/// A stand-in for an HTTP server: runs until graceful shutdown, then finishes its in-flight work
/// (a short await) before it returns, saying so in the journal.
struct StandInServer: Service {
    let journal: Journal
    let started: Gate

    func run() async throws {
        journal.record("server started")
        await started.open()
        try? await gracefulShutdown()
        // Time is the subject: finishing in-flight requests takes a while, so that a teardown the
        // container started on the group's signal rather than once the server stopped comes first
        // in the journal (nothing signals "the container would have started by now"). A handler
        // need not stop when its task is cancelled, hence a task that does not inherit it.
        await Task.detached { try? await Task.sleep(for: .milliseconds(50)) }.value
        journal.record("server stopped")
    }
}

/// A log handler that keeps every message, to check what the service logged.
struct CapturingLogHandler: LogHandler {
    let messages: Locked<[(level: Logger.Level, message: String)]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        messages.withLock { $0.append((event.level, "\(event.message)")) }
    }
}

/// A logger whose messages a test can read afterwards.
func capturingLogger() -> (Logger, Locked<[(level: Logger.Level, message: String)]>) {
    let messages = Locked<[(level: Logger.Level, message: String)]>([])
    return (Logger(label: "relay.tests") { _ in CapturingLogHandler(messages: messages) }, messages)
}
#endif
