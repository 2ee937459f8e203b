/// Polls `condition` until it holds, or fails once `timeout` has passed: for state that changes in
/// a task nobody can await (a unit that ends in the background once its response is dropped).
///
/// ```swift
/// try await waitUntil { log.recorded.contains("ended 1") }
/// ```
///
/// - Parameters:
///   - timeout: How long to wait at most; 10 seconds by default.
///   - what: What the condition says, for the error.
///   - condition: What to wait for.
/// - Throws: ``ConditionTimedOut`` when `condition` still does not hold after `timeout`.
public func waitUntil(
    timeout: Duration = .seconds(10),
    _ what: String = "the condition",
    _ condition: () -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { throw ConditionTimedOut(condition: what, timeout: timeout) }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// A condition that ``waitUntil(timeout:_:_:)`` waited for did not come to hold in time.
public struct ConditionTimedOut: Error, CustomStringConvertible {
    /// What was waited for.
    public let condition: String
    /// How long.
    public let timeout: Duration

    /// What took too long.
    public var description: String { "\(condition) did not hold within \(timeout)" }
}
