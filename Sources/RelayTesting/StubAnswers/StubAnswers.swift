public import Relay

/// The test's answers to the calls of stubs it answers, and the journal of those calls.
///
/// A stub in the program forwards its calls (see Relay's `StubCalls`); the test answers them here,
/// with typed closures, and may change an answer at any time, while the program runs:
///
/// ```swift
/// let answers = StubAnswers()
/// answers.answer(.catalogClient, "entry") { (isbn: String) -> CatalogEntry? in
///     isbn == dune.isbn ? dune : nil
/// }
/// var launcher = ProgramLauncher.bookshelf()
/// launcher.stubAnswers = answers
/// try launcher.inject(DependencyInstructionLaunchArgument(type: .catalogClient, factory: .answeredCatalog))
///
/// try await withLaunchedProgram(launcher) { program in
///     // … requests that make the program look books up …
///     let isbns = try answers.journal.arguments(of: .catalogClient, "entry", as: String.self)
///     #expect(isbns == [dune.isbn])
/// }
/// ```
///
/// The same answers serve a test that injects in process: pass them to the parser
/// (`InjectDependenciesArgumentParser(…, answering: answers)`), and no channel is needed.
///
/// A call the test gives no answer for fails in the program at once, with a `StubCallError` that
/// names the call, and is listed in ``unansweredCalls``; ``withLaunchedProgram(_:isolation:_:)``
/// then fails the test after the program stops, so a forgotten answer never passes silently. A
/// closure that throws fails the call in the program with the error's description (and as the
/// error itself, for an `Encodable` error type the stub decodes: `StubCalls.throwing(_:)`). A
/// closure that does not return within ``timeLimit`` fails the call in the program.
public final class StubAnswers: StubCallAnswering {
    /// How long a call in the program waits for an answer before it fails; 10 seconds by default.
    public let timeLimit: Duration

    private struct Key: Hashable {
        let typeKey: String
        let name: String
    }

    private typealias Handler = @Sendable (StubCall) async throws -> String

    private struct State {
        var handlers: [Key: Handler] = [:]
        var entries: [StubJournal.Entry] = []
    }

    private let state = LockedValue(State())

    /// Creates answers with none given yet.
    ///
    /// - Parameter timeLimit: How long a call in the program waits for an answer before it fails.
    public init(timeLimit: Duration = .seconds(10)) {
        self.timeLimit = timeLimit
    }

    // MARK: - Giving answers

    /// Answers every call `name` of the stub of `typeKey` with `body`, from now on (replacing an
    /// answer given before).
    ///
    /// ```swift
    /// answers.answer(.catalogClient, "entry") { (isbn: String) in catalog[isbn] }
    /// ```
    ///
    /// - Parameters:
    ///   - typeKey: The stubbed dependency's type key, as its instruction names it.
    ///   - name: The call's name, as the stub sends it.
    ///   - body: Answers the call's argument, decoded from JSON as `Argument`; what it throws fails
    ///     the call in the program.
    public func answer<Argument: Decodable & Sendable, Answer: Encodable & Sendable>(
        _ typeKey: DependencyTypeKey,
        _ name: String,
        with body: @escaping @Sendable (Argument) async throws -> Answer
    ) {
        let handler: Handler = { call in
            let argument: Argument
            do {
                argument = try StubCallCoding.decode(Argument.self, from: call.argument)
            } catch {
                throw StubCallError(
                    .argumentNotDecodable, call: call,
                    detail: "it takes a \(Argument.self), and the program sent \(call.argument.prefix(200)): "
                        + StubCallCoding.reason(error))
            }
            let answer: Answer
            do {
                answer = try await body(argument)
            } catch {
                throw StubCallError(
                    .thrownByTest, call: call, detail: String(describing: error),
                    thrownType: String(describing: type(of: error)),
                    thrownValue: (error as? any Encodable).flatMap { try? StubCallCoding.encode($0) })
            }
            let text: String
            do {
                text = try StubCallCoding.encode(answer)
            } catch {
                throw StubCallError(
                    .answerNotDecodable, call: call, detail: "the test's answer does not encode: \(error)")
            }
            guard text.utf8.count <= StubCallCoding.maximumValueSize else {
                throw StubCallError(
                    .tooLarge, call: call,
                    detail: "the test's answer is \(text.utf8.count) bytes; a call carries at most "
                        + "\(StubCallCoding.maximumValueSize)")
            }
            return text
        }
        state.withLockedValue { $0.handlers[Key(typeKey: typeKey.tag, name: name)] = handler }
    }

    /// Answers every call `name` of the stub of `typeKey`, which has no argument, with `body`.
    ///
    /// - Parameters:
    ///   - typeKey: The stubbed dependency's type key.
    ///   - name: The call's name.
    ///   - body: Makes the answer; what it throws fails the call in the program.
    public func answer<Answer: Encodable & Sendable>(
        _ typeKey: DependencyTypeKey,
        _ name: String,
        with body: @escaping @Sendable () async throws -> Answer
    ) {
        answer(typeKey, name) { (_: StubCallCoding.AnyArgument) in try await body() }
    }

    /// Stops answering call `name` of the stub of `typeKey`: from now on the call fails in the
    /// program as unanswered.
    ///
    /// - Parameters:
    ///   - typeKey: The stubbed dependency's type key.
    ///   - name: The call's name.
    public func removeAnswer(_ typeKey: DependencyTypeKey, _ name: String) {
        _ = state.withLockedValue { $0.handlers.removeValue(forKey: Key(typeKey: typeKey.tag, name: name)) }
    }

    // MARK: - What was asked

    /// Every call so far, in the order the calls came, with how each was answered.
    public var journal: StubJournal {
        StubJournal(entries: state.withLockedValue { $0.entries })
    }

    /// The answers given that no call has asked for yet: `typeKey.name`, sorted.
    public var unaskedAnswers: [String] {
        state.withLockedValue { state in
            let asked = Set(state.entries.map { Key(typeKey: $0.call.typeKey, name: $0.call.name) })
            return state.handlers.keys.filter { !asked.contains($0) }.map { "\($0.typeKey).\($0.name)" }.sorted()
        }
    }

    /// The calls the test gave no answer for, in order.
    public var unansweredCalls: [StubCall] {
        journal.entries.filter { $0.outcome == .unanswered }.map(\.call)
    }

    // MARK: - Answering

    /// Answers `call` with the closure given for it; records it in the journal.
    ///
    /// - Throws: `StubCallError`: ``unansweredCalls`` when no closure is given; the closure's
    ///   error, or an argument it cannot decode, otherwise.
    public func answer(_ call: StubCall) async throws -> String {
        let (handler, position) = state.withLockedValue { state in
            state.entries.append(StubJournal.Entry(call: call, outcome: .pending))
            return (state.handlers[Key(typeKey: call.typeKey, name: call.name)], state.entries.count - 1)
        }
        guard let handler else {
            record(.unanswered, at: position)
            throw StubCallError(.unanswered, call: call, detail: "no answer given")
        }
        do {
            let answer = try await handler(call)
            record(.answered(answer), at: position)
            return answer
        } catch let error as StubCallError {
            record(.failed(error), at: position)
            throw error
        }
    }

    private func record(_ outcome: StubJournal.Outcome, at position: Int) {
        state.withLockedValue { $0.entries[position].outcome = outcome }
    }
}
