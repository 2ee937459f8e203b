import Synchronization

/// A thread-safe count, typically of how often a factory ran.
///
/// ```swift
/// let built = Counter()
/// container.register(Store.self) { _ in
///     built.increment()
///     return Store()
/// }
/// ```
public final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    /// A count of zero.
    public init() {}

    /// Adds one.
    public func increment() {
        count.add(1, ordering: .relaxed)
    }

    /// The count so far.
    public var value: Int {
        count.load(ordering: .relaxed)
    }
}
