import Synchronization

/// What happened, in order: builds and teardowns, as lines.
public final class EventLog: Sendable {
    private let lines = Mutex<[String]>([])

    /// An empty log.
    public init() {}

    /// Adds a line.
    public func record(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// Every line so far.
    public var recorded: [String] { lines.withLock { $0 } }
}
