// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
public import BookshelfCore
import Synchronization

/// Identifiers in order: `book-1`, `book-2`, …, or with another prefix.
public final class SequentialIDGenerator: IDGenerator {
    private let prefix: String
    private let counter = Atomic<Int>(0)

    /// Creates a generator whose identifiers start with `prefix` and a hyphen.
    public init(prefix: String = "book") {
        self.prefix = prefix
    }

    /// A new identifier.
    public func nextID() -> String {
        let next = counter.add(1, ordering: .relaxed).newValue
        return "\(prefix)-\(next)"
    }
}
#endif
