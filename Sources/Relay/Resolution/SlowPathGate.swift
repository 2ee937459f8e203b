import Synchronization

/// Whether any resolution in the process must take the slow path: an override runs somewhere, or
/// an observer traces resolutions.
///
/// While the gate is closed (the count is zero), `resolve` checks neither the task-local override
/// nor the observer: both features cost one relaxed atomic load on the hot path when unused.
package enum SlowPathGate {
    private static let reasons = Atomic<Int>(0)

    /// Whether at least one override or observer is active.
    /// Package access: a driver test's fixture program checks that the test layer left it shut.
    @inline(__always)
    package static var isOpen: Bool {
        reasons.load(ordering: .relaxed) != 0
    }

    /// Counts a reason to take the slow path (an override that starts, an observer that is set).
    static func open() {
        reasons.add(1, ordering: .relaxed)
    }

    /// Counts a reason that has ended.
    static func close() {
        reasons.subtract(1, ordering: .relaxed)
    }
}
