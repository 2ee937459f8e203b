#if VaporSupport
import Relay
import Vapor

/// A request's unit of work as the request's storage keeps it: Relay's request unit
/// (``Relay/RequestUnitOfWork``, which decides when the unit ends, and whether a streamed body took
/// it over, in which case the body ends it rather than ``UnitOfWorkMiddleware``).
final class StoredRequestUnit: Sendable {
    /// The request-storage key.
    struct Key: StorageKey {
        typealias Value = StoredRequestUnit
    }

    /// The request's unit, and its policy.
    let requestUnit: RequestUnitOfWork

    init(_ requestUnit: RequestUnitOfWork) {
        self.requestUnit = requestUnit
    }

    /// Hands the unit to a streamed body, which ends it after its last byte.
    ///
    /// - Returns: The request's unit; `nil` when a body already has it (a route made two streams).
    func handToStream() -> RequestUnitOfWork? {
        requestUnit.handToBody() ? requestUnit : nil
    }
}
#endif
