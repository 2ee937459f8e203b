public import Foundation

/// Tells the time: when a book was added.
///
/// Named for what it is, a wall clock, to keep it apart from Swift's `Clock` for durations.
/// Tests inject ``FixedClock`` (`-d type=clock,factory=fixedClock`).
public protocol WallClock: Sendable {
    /// The current date.
    func now() -> Date
}

/// The system's clock, to the millisecond (what the database keeps).
public struct SystemWallClock: WallClock {
    /// Creates the clock.
    public init() {}

    /// The current date, as this clock tells it.
    public func now() -> Date {
        let milliseconds = (Date().timeIntervalSince1970 * 1000).rounded(.down)
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }
}
