import Synchronization

/// Elements recorded in order, which a test can wait on: each wait is woken by the record that
/// satisfies it, not by looking again and again.
///
/// ```swift
/// let lines = Recording<String>()
/// lines.append("ended 1")                  // elsewhere, in a task nobody awaits
/// await lines.wait { $0 == "ended 1" }
/// ```
public final class Recording<Element: Sendable>: Sendable {
    private struct State {
        var elements: [Element] = []
        var waiters: [(matches: @Sendable (Element) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// Nothing recorded yet.
    public init() {}

    /// Records `element`, and wakes the waits it satisfies.
    public func append(_ element: Element) {
        let satisfied = state.withLock { state in
            state.elements.append(element)
            let satisfied = state.waiters.filter { $0.matches(element) }
            state.waiters.removeAll { $0.matches(element) }
            return satisfied.map(\.continuation)
        }
        for continuation in satisfied { continuation.resume() }
    }

    /// Everything recorded so far.
    public var all: [Element] { state.withLock { $0.elements } }

    /// Waits until an element that `matches` is recorded; returns at once if one is. It waits for
    /// as long as it takes: bound it with ``withDeadline(_:_:)``.
    ///
    /// - Parameter matches: Whether an element is the one waited for.
    public func wait(until matches: @escaping @Sendable (Element) -> Bool) async {
        await withCheckedContinuation { continuation in
            let isRecorded = state.withLock { state in
                if state.elements.contains(where: matches) { return true }
                state.waiters.append((matches, continuation))
                return false
            }
            if isRecorded { continuation.resume() }
        }
    }
}
