/// A gate that suspends every task that waits at it until it opens.
///
/// ```swift
/// let gate = Gate()
/// container.register(Database.self) { _ in
///     await gate.wait()
///     return Database()
/// }
/// // ...
/// await gate.open()
/// ```
public actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A closed gate.
    public init() {}

    /// Waits until the gate opens; returns at once when it is open.
    public func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Opens the gate for good, releasing every waiting task.
    public func open() {
        isOpen = true
        let released = waiting
        waiting.removeAll()
        for continuation in released { continuation.resume() }
    }
}
