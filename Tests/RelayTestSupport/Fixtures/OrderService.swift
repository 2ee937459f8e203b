// A chain of three services, each built from the next: OrderService -> PaymentGateway -> HTTPClient.

/// The end of the chain: needs nothing.
public protocol HTTPClient: Sendable {}

/// The only ``HTTPClient``.
public final class URLSessionClient: HTTPClient {
    /// A new client.
    public init() {}
}

/// The middle of the chain: needs an ``HTTPClient``.
public protocol PaymentGateway: Sendable {}

/// The only ``PaymentGateway``.
public final class StripeGateway: PaymentGateway {
    /// The client it was built with.
    public let client: any HTTPClient

    /// A gateway that uses `client`.
    public init(client: any HTTPClient) { self.client = client }
}

/// The head of the chain: needs a ``PaymentGateway``.
public protocol OrderService: Sendable {}

/// The only ``OrderService``.
public final class DefaultOrderService: OrderService {
    /// The gateway it was built with.
    public let payments: any PaymentGateway

    /// A service that pays through `payments`.
    public init(payments: any PaymentGateway) { self.payments = payments }
}
