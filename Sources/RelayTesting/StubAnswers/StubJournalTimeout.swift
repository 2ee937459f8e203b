/// The calls a test waited for did not all come in time (``StubJournal/wait(for:_:count:timeout:)``).
///
/// The message says what was waited for, how many came, and lists every call the journal holds:
///
/// ```text
/// Waited 2 seconds for 3 calls to greeter.greeting; 1 came. The calls so far:
///   1. greeter.greeting("Ann") → answered "Hello, Ann"
/// ```
public struct StubJournalTimeout: Error, Sendable, CustomStringConvertible {
    /// The stubbed dependency's type key.
    public let typeKey: String
    /// The call's name; `nil` for any call of the stub.
    public let name: String?
    /// How many calls the test waited for.
    public let count: Int
    /// How long it waited.
    public let timeout: Duration
    /// Every call when the time was up.
    public let journal: StubJournal

    /// How many of the calls waited for came.
    public var found: Int { journal.calls(to: .init(typeKey), name).count }

    /// What was waited for, how many came, and the calls so far.
    public var description: String {
        let stub = name.map { "\(typeKey).\($0)" } ?? "\(typeKey) (any call)"
        let calls = journal.description.split(separator: "\n").map { "\n  " + $0 }.joined()
        return "Waited \(timeout) for \(count) call\(count == 1 ? "" : "s") to \(stub); \(found) came. "
            + "The calls so far:\(calls)"
    }
}
