public import Logging
import Relay
import Synchronization

/// What one request logs with: a logger that carries the request's ID. One per request (it is
/// registered `.unitOfWork`), closed when the request's response has been written.
public final class RequestLog: Sendable {
    /// The request's ID: `r1`, `r2`, … in the order requests first log.
    public let id: String

    /// Logs with `request-id` set, and `relay.session` when a driver test's session runs the
    /// request (so the test is shown its own lines).
    public let logger: Logger

    /// A log for the next request, numbered by `counter`.
    public init(logger: Logger, counter: RequestCounter) {
        id = "r\(counter.next())"
        var logger = logger
        logger[metadataKey: "request-id"] = .string(id)
        if let session = DependencySession.current {
            logger[metadataKey: DependencySession.logMetadataKey] = .string(session.name)
        }
        self.logger = logger
    }
}

/// Numbers requests.
public final class RequestCounter: Sendable {
    private let count = Atomic(0)

    /// A counter that starts at 1.
    public init() {}

    /// The next number, from 1.
    public func next() -> Int {
        count.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
