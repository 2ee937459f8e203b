// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
public import BookshelfCore
public import Foundation

/// A clock that always says the same time: 2024-03-01T09:30:00Z unless the test tells it another
/// (`-d type=clock,factory=fixedClock` with a ``Configuration``).
public struct FixedClock: WallClock {
    /// What a test may tell the clock: the time it says.
    public struct Configuration: Codable, Sendable {
        /// The time the clock says.
        public var date: Date

        /// A clock stopped at `date`.
        public init(date: Date) {
            self.date = date
        }
    }

    /// The time it always says.
    public let date: Date

    /// 2024-03-01T09:30:00Z.
    public static let defaultDate = Date(timeIntervalSince1970: 1_709_285_400)

    /// Creates a clock stopped at `date`.
    public init(date: Date = FixedClock.defaultDate) {
        self.date = date
    }

    /// The current date, as this clock tells it.
    public func now() -> Date { date }
}
#endif
