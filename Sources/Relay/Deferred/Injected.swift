/// A property resolved from a container on first read, then kept.
///
/// ```swift
/// struct CheckoutHandler {
///     @Injected var payments: PaymentGateway
///     @Injected(scope: .checkout) var clock: Clock
///     @Injected(name: "google") var tracker: Tracker
/// }
/// ```
///
/// Reading the property cannot throw, so a failed resolution stops the program with the full
/// ``DependencyResolutionError`` message. Where a failure must be handled, resolve through the
/// projected value instead: `let payments = try $payments.resolve()`, or, for a registration with
/// an async factory, `try await $payments.resolve()`.
///
/// The first read is thread-safe: concurrent first reads resolve once and agree on the instance,
/// even for a `.transient` registration. A property is `Sendable` only when its service is.
@propertyWrapper
public struct Injected<Service> {
    private let box: Box

    /// Resolves from the scoped container `scope` (the global container by default) on first read.
    ///
    /// - Parameters:
    ///   - scope: The scope to resolve in; falls back to global like any scoped resolution.
    ///   - name: The registration's name; `nil` for the default.
    public init(scope: DependencyContainerScope = .global, name: String? = nil) {
        box = Box(source: .scope(scope), name: name)
    }

    /// Resolves from a given container on first read: an independent root in a test, say.
    ///
    /// - Parameters:
    ///   - container: The container to resolve from.
    ///   - name: The registration's name; `nil` for the default.
    public init(container: DependencyContainer, name: String? = nil) {
        box = Box(source: .container(container), name: name)
    }

    /// The resolved instance. Stops the program with the resolution error if resolving fails.
    public var wrappedValue: Service {
        if let kept = box.kept.keptInstance { return kept }
        do {
            // A wait inside this read is not cut short to spare the cooperative pool: the read
            // cannot throw, and a trap is worse than a stall (see BuildOnce.wait).
            let thread = ResolutionThreadState.current
            thread.readingInjectedProperty += 1
            defer { thread.readingInjectedProperty -= 1 }
            return try box.resolve()
        } catch {
            // fatalError, not preconditionFailure: optimised builds keep its message.
            fatalError("@Injected \(Service.self): \(error)")
        }
    }

    /// The wrapper itself, for its throwing ``resolve()-8r0dk``: `try $payments.resolve()`.
    public var projectedValue: Injected<Service> { self }

    /// Resolves (or returns the instance already resolved), throwing instead of stopping.
    ///
    /// - Returns: The instance.
    /// - Throws: ``DependencyResolutionError`` when the container cannot resolve it.
    public func resolve() throws -> Service {
        try box.resolve()
    }

    /// Where the instance comes from, and the instance once resolved.
    fileprivate final class Box {
        enum Source {
            case scope(DependencyContainerScope)
            case container(DependencyContainer)
        }

        let source: Source
        let name: String?
        let kept: FirstResolution<Service>

        init(source: Source, name: String?) {
            self.source = source
            self.name = name
            self.kept = FirstResolution(key: RegistrationKey(Service.self, name: name))
        }

        var container: DependencyContainer {
            switch source {
            case .scope(let scope): DependencyContainer.container(for: scope)
            case .container(let given): given
            }
        }

        func resolve() throws -> Service {
            let container = self.container
            return try kept.value(in: container) { try container.resolve(Service.self, name: name) }
        }
    }
}

// Safety: `Injected` holds only its box: a `Sendable` source and name, and the instance, guarded by
// its `FirstResolution`'s lock. The conformance holds only where the instance it shares may cross threads.
extension Injected: @unchecked Sendable where Service: Sendable {}

extension Injected where Service: Sendable {
    /// Resolves (or returns the instance already resolved), awaiting an async factory.
    ///
    /// Concurrent first reads await one resolution. A failed resolution is not kept: the next read
    /// tries again.
    ///
    /// ```swift
    /// struct TitleList {
    ///     @Injected var database: Database
    ///
    ///     func titles() async throws -> [String] {
    ///         try await $database.resolve().query("SELECT title FROM books")
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: The instance.
    /// - Throws: ``DependencyResolutionError`` when the container cannot resolve it.
    nonisolated(nonsending) public func resolve() async throws -> Service {
        let container = box.container
        let name = box.name
        return try await box.kept.value(in: container) { try await container.resolve(Service.self, name: name) }
    }
}
