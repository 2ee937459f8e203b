// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
public import BookshelfCore
public import Foundation

/// A clock that always says the same time: 2024-03-01T09:30:00Z unless told otherwise.
public struct FixedClock: WallClock {
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
