import Synchronization

/// A unit-of-work instance with a number, to tell instances apart.
public final class RequestToken: Sendable {
    /// Its number, from 1 in the order tokens are built.
    public let number: Int

    /// A token numbered `number`.
    public init(number: Int) {
        self.number = number
    }
}

/// Numbers tokens.
public final class Counter: Sendable {
    private let count = Atomic(0)

    /// A counter that starts at 1.
    public init() {}

    /// The next number, from 1.
    public func next() -> Int {
        count.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
