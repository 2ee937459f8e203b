/// What happened, in order: builds and teardowns, as lines.
public final class EventLog: Sendable {
    private let lines = Recording<String>()

    /// An empty log.
    public init() {}

    /// Adds a line.
    public func record(_ line: String) {
        lines.append(line)
    }

    /// Every line so far.
    public var recorded: [String] { lines.all }

    /// Waits until `line` is recorded; returns at once if it is. Bound it with
    /// ``withDeadline(_:_:)``.
    ///
    /// ```swift
    /// try await withDeadline(.seconds(10)) { await log.wait(for: "ended 1") }
    /// ```
    public func wait(for line: String) async {
        await lines.wait { $0 == line }
    }
}
