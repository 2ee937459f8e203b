public import Relay

/// Something a request's unit builds after its `RequestToken`, and so tears down before it.
public final class Ledger: Sendable {
    /// The unit's token.
    public let token: RequestToken

    /// A ledger for the unit that owns `token`.
    public init(token: RequestToken) {
        self.token = token
    }
}

/// What a teardown threw.
public struct LedgerWouldNotClose: Error, CustomStringConvertible {
    /// `the ledger would not close`.
    public var description: String { "the ledger would not close" }
}

/// What a route or body threw.
public struct RouteFailed: Error {
    /// The error.
    public init() {}
}

/// A container whose `RequestToken` is one per unit, numbered, and logged when built and when
/// torn down; and whose `Ledger`, also one per unit, holds the unit's token (its teardown throws
/// when `ledgerFails`).
public func unitContainer(log: EventLog, ledgerFails: Bool = false) -> DependencyContainer {
    let container = DependencyContainer()
    let counter = Counter()
    container.register(RequestToken.self, lifecycle: .unitOfWork) { _ in
        let token = RequestToken(number: counter.next())
        log.record("built \(token.number)")
        return token
    } teardown: { token in
        log.record("ended \(token.number)")
    }
    container.register(Ledger.self, lifecycle: .unitOfWork) { container in
        let ledger = Ledger(token: try await container.resolve(RequestToken.self))
        log.record("built ledger \(ledger.token.number)")
        return ledger
    } teardown: { ledger in
        log.record("ended ledger \(ledger.token.number)")
        if ledgerFails { throw LedgerWouldNotClose() }
    }
    return container
}
