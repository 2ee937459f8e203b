import Synchronization

/// A thread-safe count of how often a factory ran.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() {
        count.add(1, ordering: .relaxed)
    }

    var value: Int {
        count.load(ordering: .relaxed)
    }
}
