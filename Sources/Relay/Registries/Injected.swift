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
/// projected value instead: `let payments = try $payments.resolve()`.
///
/// The first read is thread-safe: concurrent first reads resolve once and agree on the instance.
@propertyWrapper
public struct Injected<Service>: @unchecked Sendable {
    // Safety: the only stored state is `box`, whose mutable part sits in a Mutex; what it hands
    // out is the instance the container itself shares between threads.

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
        do {
            return try box.resolve()
        } catch {
            // fatalError, not preconditionFailure: optimised builds keep its message.
            fatalError("@Injected \(Service.self): \(error)")
        }
    }

    /// The wrapper itself, for its throwing ``resolve()``: `try $payments.resolve()`.
    public var projectedValue: Injected<Service> { self }

    /// Resolves (or returns the instance already resolved), throwing instead of stopping.
    ///
    /// - Returns: The instance.
    /// - Throws: ``DependencyResolutionError`` when the container cannot resolve it.
    public func resolve() throws -> Service {
        try box.resolve()
    }

    private final class Box: @unchecked Sendable {
        // Safety: `instance` is read and written only inside `lock`.
        enum Source {
            case scope(DependencyContainerScope)
            case container(DependencyContainer)
        }

        let source: Source
        let name: String?
        let lock = PthreadMutex()
        var instance: Service?

        init(source: Source, name: String?) {
            self.source = source
            self.name = name
        }

        func resolve() throws -> Service {
            if let instance = lock.withLock({ instance }) { return instance }
            let container: DependencyContainer
            switch source {
            case .scope(let scope): container = DependencyContainer.container(for: scope)
            case .container(let given): container = given
            }
            // Resolved outside the lock: the container keeps singletons single by itself, and a
            // factory that reads another @Injected must not find this lock held.
            let resolved = try container.resolve(Service.self, name: name)
            return lock.withLock {
                if let instance { return instance }
                instance = resolved
                return resolved
            }
        }
    }
}
