import Relay
import Testing

/// A `Lazy` made while a resolution runs continues that resolution: its resolves share the
/// resolution's `.graph` instances (as Swinject's `Lazy` restores its object graph). A `Provider` is
/// resolved on every use: each call is a resolution of its own, with a new graph (as Swinject's
/// `testContainerAlwaysProducesDifferentIncetanceInGraphScope` expects).
@Suite("Lazy and Provider within a .graph resolution")
struct DeferredGraphTests {
    final class Customer: Sendable {}

    final class Employer: Sendable {
        let customer: Customer
        let lazyCustomer: Lazy<Customer>
        let customerProvider: Provider<Customer>
        init(customer: Customer, lazyCustomer: Lazy<Customer>, customerProvider: Provider<Customer>) {
            self.customer = customer
            self.lazyCustomer = lazyCustomer
            self.customerProvider = customerProvider
        }
    }

    /// Employer and Customer are `.graph`; the employer's Lazy and Provider are made before (or
    /// after) it resolves its customer, so that either may make the resolution's storage.
    private func container(lazyFirst: Bool) -> DependencyContainer {
        let root = DependencyContainer()
        root.register(Customer.self, lifecycle: .graph) { _ in Customer() }
        root.register(Employer.self, lifecycle: .graph) { container in
            if lazyFirst {
                let lazy = try container.resolve(Lazy<Customer>.self)
                let provider = try container.resolve(Provider<Customer>.self)
                return Employer(
                    customer: try container.resolve(Customer.self), lazyCustomer: lazy, customerProvider: provider)
            }
            let customer = try container.resolve(Customer.self)
            return Employer(
                customer: customer, lazyCustomer: try container.resolve(Lazy<Customer>.self),
                customerProvider: try container.resolve(Provider<Customer>.self))
        }
        return root
    }

    @Test(
        "the employer's Lazy gives the customer of the resolve that made it, its Provider a new one per call",
        arguments: [true, false])
    func synchronously(lazyFirst: Bool) throws {
        let root = container(lazyFirst: lazyFirst)
        let employer = try root.resolve(Employer.self)
        #expect(try employer.lazyCustomer() === employer.customer)
        let provided = try employer.customerProvider()
        #expect(provided !== employer.customer)
        #expect(try employer.customerProvider() !== provided)
        // Another resolve is another graph.
        let other = try root.resolve(Employer.self)
        #expect(other.customer !== employer.customer)
        #expect(try other.lazyCustomer() === other.customer)
    }

    @Test("the same from async code", arguments: [true, false])
    func asynchronously(lazyFirst: Bool) async throws {
        let root = container(lazyFirst: lazyFirst)
        let employer = try await root.resolve(Employer.self)
        #expect(try await employer.lazyCustomer() === employer.customer)
        let provided = try await employer.customerProvider()
        #expect(provided !== employer.customer)
        #expect(try await employer.customerProvider() !== provided)
    }

    @Test("a Provider called inside the resolution that made it is a resolution of its own")
    func providerCalledDuringTheResolution() throws {
        let root = DependencyContainer()
        root.register(Customer.self, lifecycle: .graph) { _ in Customer() }
        root.register(Employer.self, lifecycle: .graph) { container in
            let customer = try container.resolve(Customer.self)
            let provider = try container.resolve(Provider<Customer>.self)
            // Called while the employer's resolution runs: still a customer of its own.
            #expect(try provider() !== customer)
            return Employer(
                customer: customer, lazyCustomer: try container.resolve(Lazy<Customer>.self), customerProvider: provider
            )
        }
        let employer = try root.resolve(Employer.self)
        #expect(try employer.lazyCustomer() === employer.customer)
    }

    @Test("an async factory's Lazy continues its resolution too")
    func asyncFactory() async throws {
        let root = DependencyContainer()
        root.register(Customer.self, lifecycle: .graph) { _ in Customer() }
        root.register(Employer.self, lifecycle: .graph) { container in
            await Task.yield()
            return Employer(
                customer: try await container.resolve(Customer.self),
                lazyCustomer: try await container.resolve(Lazy<Customer>.self),
                customerProvider: try await container.resolve(Provider<Customer>.self))
        }
        let employer = try await root.resolve(Employer.self)
        #expect(try await employer.lazyCustomer() === employer.customer)
        #expect(try await employer.customerProvider() !== employer.customer)
    }

    @Test("a Lazy made outside any resolution resolves in a graph of its own each time it builds")
    func outsideAResolution() throws {
        let root = DependencyContainer()
        root.register(Customer.self, lifecycle: .graph) { _ in Customer() }
        let provider = try root.resolve(Provider<Customer>.self)
        #expect(try provider() !== (try provider()))
    }
}
