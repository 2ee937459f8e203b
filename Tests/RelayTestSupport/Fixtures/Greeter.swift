// Small services the container tests register and resolve.

protocol Greeter: AnyObject, Sendable {
    var greeting: String { get }
}

final class EnglishGreeter: Greeter {
    let greeting = "hello"
}

final class FrenchGreeter: Greeter {
    let greeting = "bonjour"
}

final class NamedGreeter: Greeter {
    let greeting: String
    init(_ greeting: String) { self.greeting = greeting }
}

struct Point: Equatable, Sendable {
    var x: Int
}

protocol HTTPClient: Sendable {}
final class URLSessionClient: HTTPClient {}

protocol PaymentGateway: Sendable {}
final class StripeGateway: PaymentGateway {
    let client: any HTTPClient
    init(client: any HTTPClient) { self.client = client }
}

protocol OrderService: Sendable {}
final class DefaultOrderService: OrderService {
    let payments: any PaymentGateway
    init(payments: any PaymentGateway) { self.payments = payments }
}

/// An error a factory throws in the tests.
struct Unavailable: Error, CustomStringConvertible {
    var description: String { "the database is unavailable" }
}
