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

extension SlowPathGate {
    /// Runs `body` with the gate open, for as long as it runs: the one way a scope opens it (an
    /// override's layer entered, an observer scoped to a task, a first build that reports).
    @inline(__always)
    static func whileOpen<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        open()
        defer { close() }
        return try body()
    }

    /// Runs async `body` with the gate open, for as long as it runs; see ``whileOpen(_:)``.
    @inline(__always)
    nonisolated(nonsending) static func whileOpen<Result>(
        _ body: nonisolated(nonsending) () async throws -> Result
    ) async rethrows -> Result {
        open()
        defer { close() }
        return try await body()
    }
}
