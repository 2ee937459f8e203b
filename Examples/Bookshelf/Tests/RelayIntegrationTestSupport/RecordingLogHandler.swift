public import Logging

/// A swift-log handler that keeps what it is given, for tests that check what was logged, at which
/// level, with which logger's metadata.
///
/// ```swift
/// let records = LogRecords()
/// let logger = Logger(label: "test") { _ in RecordingLogHandler(records: records) }
/// logger.error("boom")
/// #expect(records.all.map(\.message) == ["boom"])
/// ```
public struct RecordingLogHandler: LogHandler {
    /// Where the records go; shared by every copy of the handler.
    public let records: LogRecords

    /// The logger's metadata.
    public var metadata: Logger.Metadata = [:]

    /// Every level, unless a test sets one.
    public var logLevel: Logger.Level = .trace

    /// A handler that records into `records`.
    public init(records: LogRecords) {
        self.records = records
    }

    /// One item of the logger's metadata.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Records the line, with the logger's metadata and its own.
    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        records.append(LogRecord(level: event.level, message: "\(event.message)", metadata: merged))
    }
}

/// One logged line.
public struct LogRecord: Sendable {
    /// Its level.
    public let level: Logger.Level
    /// Its message.
    public let message: String
    /// The logger's metadata and the line's own.
    public let metadata: Logger.Metadata
}

/// The lines a ``RecordingLogHandler`` was given, in order.
public final class LogRecords: Sendable {
    private let records = Recording<LogRecord>()

    /// No records yet.
    public init() {}

    func append(_ record: LogRecord) {
        records.append(record)
    }

    /// Every record so far.
    public var all: [LogRecord] { records.all }

    /// Waits until a line at `level` is recorded; returns at once if one is. Bound it with
    /// ``withDeadline(_:_:)``.
    ///
    /// ```swift
    /// try await withDeadline(.seconds(10)) { await records.wait(forLevel: .error) }
    /// ```
    public func wait(forLevel level: Logger.Level) async {
        await records.wait { $0.level == level }
    }

    /// A logger whose lines are recorded here.
    public func logger(label: String = "test") -> Logger {
        Logger(label: label) { _ in RecordingLogHandler(records: self) }
    }
}
