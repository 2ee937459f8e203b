public import Relay

/// What a unit of work holds in the tests of teardown failures that nobody receives: its
/// teardown refuses (``TeardownRefused``).
public final class HeldByUnit: Sendable {
    /// A held instance.
    public init() {}
}

/// What ``HeldByUnit``'s teardown throws: `refused`.
public struct TeardownRefused: Error, CustomStringConvertible {
    /// The error.
    public init() {}

    /// `refused`.
    public var description: String { "refused" }
}

/// A container whose `.unitOfWork` ``HeldByUnit`` refuses to be torn down.
public func refusingUnitContainer() -> DependencyContainer {
    let container = DependencyContainer()
    container.register(HeldByUnit.self, lifecycle: .unitOfWork) { _ in
        HeldByUnit()
    } teardown: { _ in
        throw TeardownRefused()
    }
    return container
}

/// Resolves ``HeldByUnit`` in a unit of work of `container` that is then dropped without being
/// ended: its teardown throws in the background, where no caller receives the failure; the
/// container's teardown-failure observers and its next `shutdown()` do.
///
/// - Parameter container: A container from ``refusingUnitContainer()``.
/// - Returns: The unit's number.
@discardableResult
public func dropUnitThatRefuses(of container: DependencyContainer) async throws -> Int {
    let unit = container.openUnitOfWork()
    _ = try await unit.resolve(HeldByUnit.self)
    return unit.number
}

/// How the failure of a unit from ``dropUnitThatRefuses(of:)`` is described: what an observer is
/// told and the integrations log.
///
/// - Parameter number: The unit's number.
public func droppedUnitRefusal(_ number: Int) -> String {
    "Ending unit of work #\(number) (dropped without being closed) failed: 1 teardown threw.\n"
        + "- 'HeldByUnit' in global, unit of work #\(number): refused"
}
