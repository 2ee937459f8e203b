/// Suspends each task that arrives until `count` have arrived: proof that they ran at the same time.
///
/// ```swift
/// let bothStarted = Barrier(count: 2)
/// container.register(A.self) { _ in
///     await bothStarted.arrive()
///     return A()
/// }
/// ```
public actor Barrier {
    private let count: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A barrier that opens once `count` tasks have arrived.
    public init(count: Int) {
        self.count = count
    }

    /// Waits until `count` tasks, this one included, have arrived.
    public func arrive() async {
        arrived += 1
        if arrived >= count {
            let released = waiting
            waiting.removeAll()
            for continuation in released { continuation.resume() }
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}
