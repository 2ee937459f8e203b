public import Relay

/// The calls a program's stubs made to the test, in order, with how each was answered.
///
/// ```swift
/// let isbns = try answers.journal.arguments(of: .catalogClient, "entry", as: String.self)
/// #expect(isbns == ["9780441013593", "9780441478125"])
/// ```
///
/// Its ``description`` lists the calls one per line, for a failure message:
///
/// ```text
/// 1. catalogClient.entry("9780441013593") → answered {"isbn":"9780441013593",…}
/// 2. catalogClient.entry("0000000000") → unanswered
/// 3. catalogClient.search({"limit":5,"query":"Dune"}) → timed out
/// ```
///
/// ``wait(for:_:count:timeout:)`` waits until the program has made a number of calls, so a test
/// that must see them need not poll.
public struct StubJournal: Sendable, CustomStringConvertible {
    /// How a call was answered.
    public enum Outcome: Sendable, Equatable {
        /// Not yet: the test's closure is still running.
        case pending
        /// With this answer, as JSON.
        case answered(String)
        /// The test gave no answer for the call.
        case unanswered
        /// The test's closure did not return within ``StubAnswers/timeLimit``: the call failed in
        /// the program with `StubCallError` code `timedOut` at that moment, and the closure was
        /// cancelled (whatever it does later is dropped).
        case timedOut
        /// The test's closure threw, or could not take the argument.
        case failed(StubCallError)
        /// A spy's call the test let the real implementation answer: what it returned (as JSON)
        /// or threw (code `thrownByReal`); `nil` until the program says.
        case passedThrough(Result<String, StubCallError>?)
    }

    /// One call and how it was answered.
    public struct Entry: Sendable {
        /// The call.
        public let call: StubCall
        /// How it was answered.
        public var outcome: Outcome
    }

    /// Every call, in the order the calls came.
    public let entries: [Entry]

    /// The answers whose journal this is, for ``wait(for:_:count:timeout:)``; `nil` for a journal
    /// made otherwise.
    let answers: StubAnswers?

    /// A journal of `entries`, read from `answers`.
    init(entries: [Entry], answers: StubAnswers? = nil) {
        self.entries = entries
        self.answers = answers
    }

    /// The calls to the stub of `typeKey` (only those named `name`, when given), in order.
    ///
    /// - Parameters:
    ///   - typeKey: The stubbed dependency's type key.
    ///   - name: The call's name; `nil` for every call of the stub.
    public func calls(to typeKey: DependencyTypeKey, _ name: String? = nil) -> [StubCall] {
        entries.map(\.call).filter { $0.typeKey == typeKey.tag && (name == nil || $0.name == name) }
    }

    /// The arguments of the calls `name` to the stub of `typeKey`, decoded, in order.
    ///
    /// - Parameters:
    ///   - typeKey: The stubbed dependency's type key.
    ///   - name: The call's name.
    ///   - argument: The arguments' type.
    /// - Throws: `StubCallError` with code `argumentNotDecodable` when one does not decode.
    public func arguments<Argument: Decodable>(
        of typeKey: DependencyTypeKey,
        _ name: String,
        as argument: Argument.Type = Argument.self
    ) throws -> [Argument] {
        try calls(to: typeKey, name).map { call in
            do {
                return try StubCallCoding.decode(Argument.self, from: call.argument)
            } catch {
                throw StubCallError(
                    .argumentNotDecodable, call: call,
                    detail: "the journal was read as \(Argument.self): \(StubCallCoding.reason(error))")
            }
        }
    }

    /// `text` on one line and at most 80 characters: control characters (a newline, a terminal
    /// escape) from the test's own error never reach a failure message raw.
    private static func oneLine(_ text: String) -> String {
        let cut = text.unicodeScalars.prefix(80).map { scalar in
            scalar.properties.generalCategory == .control ? "?" : String(scalar)
        }.joined()
        return text.unicodeScalars.count > 80 ? cut + "…" : cut
    }

    /// The calls, one per line, numbered, with their outcomes.
    public var description: String {
        guard !entries.isEmpty else { return "no calls" }
        return entries.enumerated().map { position, entry in
            let outcome: String
            switch entry.outcome {
            case .pending: outcome = "pending"
            case .answered(let answer): outcome = "answered \(answer.count > 80 ? answer.prefix(80) + "…" : answer)"
            case .unanswered: outcome = "unanswered"
            case .timedOut: outcome = "timed out"
            case .failed(let error): outcome = "failed: \(error.code.rawValue) \(Self.oneLine(error.detail))"
            case .passedThrough(nil): outcome = "passed to the real implementation"
            case .passedThrough(.success(let answer)):
                outcome = "passed; the real implementation answered \(Self.oneLine(answer))"
            case .passedThrough(.failure(let error)):
                outcome = "passed; the real implementation threw \(Self.oneLine(error.detail))"
            }
            return "\(position + 1). \(entry.call) → \(outcome)"
        }.joined(separator: "\n")
    }
}
