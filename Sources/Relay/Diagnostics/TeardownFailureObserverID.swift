import Synchronization

/// Identifies one observer added with ``DependencyContainer/addTeardownFailureObserver(_:)``, so
/// that ``DependencyContainer/removeTeardownFailureObserver(_:)`` removes that one and no other.
///
/// ```swift
/// let observer = container.addTeardownFailureObserver { failure in
///     logger.error("\(failure)")
/// }
/// container.removeTeardownFailureObserver(observer)
/// ```
///
/// Unique in the process: removing it from a container of another root removes nothing.
public struct TeardownFailureObserverID: Hashable, Sendable {
    private static let counter = Atomic<Int>(0)

    private let number: Int

    /// A new identifier, never handed out before in this process.
    static func next() -> TeardownFailureObserverID {
        TeardownFailureObserverID(number: counter.wrappingAdd(1, ordering: .relaxed).newValue)
    }
}
