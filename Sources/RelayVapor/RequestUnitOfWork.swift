#if VaporSupport
import Relay
import Synchronization
import Vapor

/// A request's unit of work, kept in the request's storage, and who ends it: the middleware when
/// the responder returns, or the streamed body that took the unit over.
final class RequestUnitOfWork: Sendable {
    /// The request-storage key.
    struct Key: StorageKey {
        typealias Value = RequestUnitOfWork
    }

    let unit: UnitOfWork

    /// Set once a streamed body has taken the unit over; then the body ends it.
    private let handedToStream = Atomic(false)

    /// Set once the unit's end has begun.
    private let isEnding = Atomic(false)

    /// The request's logger, for a unit ended by `deinit`.
    private let logger: Logger

    init(unit: UnitOfWork, logger: Logger) {
        self.unit = unit
        self.logger = logger
    }

    // The safety net for a streamed body that Vapor never wrote (the connection went away before
    // the response): when the request and its body are gone and the unit is still open, it ends
    // now, in a task of its own (a deinit cannot wait), so its teardowns still run.
    deinit {
        guard !isEnding.load(ordering: .acquiring) else { return }
        let (unit, logger) = (unit, logger)
        Task {
            do {
                try await unit.close()
            } catch {
                logger.error("Ending the request's unit of work failed: \(error)")
            }
        }
    }

    /// Hands the unit to a streamed body, which must end it.
    ///
    /// - Returns: `false` when a body already has it (a route made two streams).
    func handToStream() -> Bool {
        handedToStream.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    /// Ends the unit, unless a streamed body took it over.
    func endUnlessStreaming() async {
        guard !handedToStream.load(ordering: .acquiring) else { return }
        await end()
    }

    /// Ends the unit, logging a failed teardown.
    func end() async {
        isEnding.store(true, ordering: .releasing)
        do {
            try await unit.close()
        } catch {
            logger.error("Ending the request's unit of work failed: \(error)")
        }
    }
}
#endif
