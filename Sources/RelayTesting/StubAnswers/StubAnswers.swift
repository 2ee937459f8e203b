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
/// closure that does not return within ``timeLimit`` fails the call in the program, and the journal
/// says ``StubJournal/Outcome/timedOut`` from that moment, whatever the closure does after.
/// ``StubJournal/wait(for:_:count:timeout:)`` waits for the program's calls instead of polling.
public final class StubAnswers: StubCallAnswering, StubCallDeadlineKeeping {
    /// How long a call in the program waits for an answer before it fails; 10 seconds by default.
    public let timeLimit: Duration

    private struct Key: Hashable {
        let typeKey: String
        let name: String
    }

    private typealias Handler = @Sendable (StubCall) async throws -> String

    /// A task waiting until the journal satisfies its condition (``StubJournal/wait(for:_:count:timeout:)``).
    private struct Waiter {
        let isSatisfied: @Sendable ([StubJournal.Entry]) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
        /// Set just after the waiter is registered; cancelled when the condition holds first.
        var timer: Task<Void, Never>?
    }

    /// Which of a spy's calls the test answers, and how.
    private struct SpyRule {
        let answers: @Sendable (StubCall) -> Bool
        let handler: Handler
    }

    private struct State {
        var handlers: [Key: Handler] = [:]
        var spyRules: [Key: SpyRule] = [:]
        var entries: [StubJournal.Entry] = []
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
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
        let handler = Self.handler(body)
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

    /// Answers the calls `name` of the spy of `typeKey` for which `isAnswered` holds with `body`,
    /// from now on; the spy's other calls reach its real implementation, and the journal keeps
    /// each with what the real one returned or threw (``StubJournal/Outcome/passedThrough(_:)``).
    ///
    /// ```swift
    /// answers.spy(.catalogClient, "entry", when: { (isbn: String) in isbn == dune.isbn }) { _ in dune }
    /// ```
    ///
    /// A spy's call with no spy rule for it is answered by an `answer(_:_:with:)`
    /// closure when one is given, and passes otherwise: a spy whose calls the test never answers
    /// passes every call, and none of them is unanswered.
    ///
    /// - Parameters:
    ///   - typeKey: The spied dependency's type key, as its instruction names it.
    ///   - name: The call's name, as the spy sends it.
    ///   - isAnswered: Which calls the test answers, by their argument.
    ///   - body: Answers those calls; what it throws fails the call in the program.
    public func spy<Argument: Decodable & Sendable, Answer: Encodable & Sendable>(
        _ typeKey: DependencyTypeKey,
        _ name: String,
        when isAnswered: @escaping @Sendable (Argument) -> Bool = { (_: Argument) in true },
        with body: @escaping @Sendable (Argument) async throws -> Answer
    ) {
        let rule = SpyRule(
            answers: { call in
                guard let argument = try? StubCallCoding.decode(Argument.self, from: call.argument) else {
                    // Answered by the handler, which says the argument does not decode.
                    return true
                }
                return isAnswered(argument)
            }, handler: Self.handler(body))
        state.withLockedValue { $0.spyRules[Key(typeKey: typeKey.tag, name: name)] = rule }
    }

    /// The closure that answers a call with `body`: decodes the argument, runs `body`, encodes its
    /// answer; each failure a `StubCallError` that names the call.
    private static func handler<Argument: Decodable & Sendable, Answer: Encodable & Sendable>(
        _ body: @escaping @Sendable (Argument) async throws -> Answer
    ) -> Handler {
        return { call in
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
    }

    // MARK: - What was asked

    /// Every call so far, in the order the calls came, with how each was answered.
    public var journal: StubJournal {
        StubJournal(entries: state.withLockedValue { $0.entries }, answers: self)
    }

    /// Every answer given so far: `typeKey.name`, sorted.
    var answerKeys: [String] {
        state.withLockedValue { $0.handlers.keys.map { "\($0.typeKey).\($0.name)" }.sorted() }
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

    /// Answers `call` with the closure given for it, within ``timeLimit``; records it in the
    /// journal as it comes, and how it ended as soon as it has: answered, failed, or timed out at
    /// the limit, whether or not the closure ever returns.
    ///
    /// - Throws: `StubCallError`: ``unansweredCalls`` when no closure is given; `timedOut` when
    ///   the closure has not returned by ``timeLimit`` (it is cancelled); the closure's error, or
    ///   an argument it cannot decode, otherwise. `CancellationError` when the calling task is
    ///   cancelled first (the closure is cancelled, and the journal still records how it ends).
    public func answer(_ call: StubCall) async throws -> String {
        let (handler, position) = journaled(call)
        guard let handler else { throw unanswered(call, at: position) }
        return try await StubCallDeadline.answer(
            call, within: timeLimit, by: { try await handler(call) }, settled: recorder(of: call, at: position))
    }

    /// Answers `call` as ``answer(_:)`` does, with no task waiting for the answer: `reply` is told
    /// how the call ended, once, from the task that settles it (at once, for a call with no
    /// closure). For the channel's reading thread, which hands each answer on to the program.
    ///
    /// - Parameters:
    ///   - call: The call.
    ///   - executor: Where the closure's task prefers to run.
    ///   - reply: Told how the call ended.
    func answer(
        _ call: StubCall, on executor: (any TaskExecutor)?,
        replying reply: @escaping @Sendable (Result<String, any Error>) -> Void
    ) {
        let (handler, position) = journaled(call)
        guard let handler else {
            reply(.failure(unanswered(call, at: position)))
            return
        }
        let record = recorder(of: call, at: position)
        StubCallDeadline.start(
            call, within: timeLimit, by: { try await handler(call) }, on: executor,
            settled: { result in
                record(result)
                reply(result)
            })
    }

    /// Enters `call` in the journal, as pending.
    ///
    /// - Returns: The closure that answers it, if the test gave one; and its place in the journal.
    private func journaled(_ call: StubCall) -> (Handler?, Int) {
        let entry = state.withLockedValue { state in
            state.entries.append(StubJournal.Entry(call: call, outcome: .pending))
            return (state.handlers[Key(typeKey: call.typeKey, name: call.name)], state.entries.count - 1)
        }
        journalChanged()
        return entry
    }

    /// Records that the test gives no answer for `call`, and says so.
    private func unanswered(_ call: StubCall, at position: Int) -> StubCallError {
        let error = StubCallError(.unanswered, call: call, detail: answersDescription(for: call))
        record(.unanswered, at: position)
        return error
    }

    /// Answers a spy's `call` as ``spy(_:_:when:with:)`` said (or, with no spy rule for it, as
    /// ``answer(_:)`` would), or passes it to the real implementation; the journal records either,
    /// and for a pass, what the real one did once the program says.
    ///
    /// - Returns: The answer, or a pass whose outcome the journal records.
    /// - Throws: As ``answer(_:)``, for a call the test answers.
    public func decide(_ call: StubCall) async throws -> StubCallDecision {
        let (handler, position) = state.withLockedValue { state in
            state.entries.append(StubJournal.Entry(call: call, outcome: .pending))
            let key = Key(typeKey: call.typeKey, name: call.name)
            let handler = state.spyRules[key].map { $0.answers(call) ? $0.handler : nil } ?? state.handlers[key]
            return (handler, state.entries.count - 1)
        }
        journalChanged()
        guard let handler else {
            record(.passedThrough(nil), at: position)
            return .pass { [self] outcome in record(.passedThrough(outcome), at: position) }
        }
        return .answer(try await run(handler, on: call, at: position))
    }

    /// Runs `handler` on `call` within ``timeLimit``, and records how it ended at `position`.
    private func run(_ handler: @escaping Handler, on call: StubCall, at position: Int) async throws -> String {
        try await StubCallDeadline.answer(
            call, within: timeLimit, by: { try await handler(call) }, settled: recorder(of: call, at: position))
    }

    /// Records how `call`, at `position` in the journal, ended: told once the call is settled, by
    /// the time limit at the latest, whatever the closure does.
    private func recorder(of call: StubCall, at position: Int) -> @Sendable (Result<String, any Error>) -> Void {
        { [self] result in
            switch result {
            case .success(let answer): record(.answered(answer), at: position)
            case .failure(let error as StubCallError) where error.code == .timedOut: record(.timedOut, at: position)
            case .failure(let error as StubCallError): record(.failed(error), at: position)
            case .failure(let error):
                record(.failed(StubCallError(.thrownByTest, call: call, detail: "\(error)")), at: position)
            }
        }
    }

    private func record(_ outcome: StubJournal.Outcome, at position: Int) {
        state.withLockedValue { $0.entries[position].outcome = outcome }
        journalChanged()
    }

    /// What the test answers, for the message of a call it does not: the other calls of the same
    /// stub, or else every stub's.
    private func answersDescription(for call: StubCall) -> String {
        let keys = state.withLockedValue { Array($0.handlers.keys) }
        let sameStub = keys.filter { $0.typeKey == call.typeKey }.map(\.name).sorted()
        if !sameStub.isEmpty { return "of \(call.typeKey) it answers only \(sameStub.joined(separator: ", "))" }
        let all = keys.map { "\($0.typeKey).\($0.name)" }.sorted()
        guard !all.isEmpty else { return "it gives no answers at all" }
        return "it answers no call of \(call.typeKey), only \(all.prefix(10).joined(separator: ", "))"
            + (all.count > 10 ? ", …" : "")
    }

    // MARK: - Waiting for calls

    /// Waits until `isSatisfied` holds for the journal's entries, or `timeout` passes, or the
    /// calling task is cancelled.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait at most.
    ///   - isSatisfied: Checked now and after every change of the journal, under its lock: cheap,
    ///     and no user code.
    /// - Returns: Whether it held.
    func waitForJournal(
        timeout: Duration,
        until isSatisfied: @escaping @Sendable ([StubJournal.Entry]) -> Bool
    ) async -> Bool {
        let id = state.withLockedValue { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let outcome = state.withLockedValue { state -> Bool? in
                    if isSatisfied(state.entries) { return true }
                    if Task.isCancelled { return false }
                    state.waiters[id] = Waiter(isSatisfied: isSatisfied, continuation: continuation)
                    return nil
                }
                if let outcome {
                    continuation.resume(returning: outcome)
                    return
                }
                // The time limit is the subject here: the wait ends at once when a call comes.
                let timer = Task { [self] in
                    guard (try? await Task.sleep(for: timeout)) != nil else { return }
                    expireWaiter(id)
                }
                let waiting = state.withLockedValue { state -> Bool in
                    state.waiters[id]?.timer = timer
                    return state.waiters[id] != nil
                }
                if !waiting { timer.cancel() }
            }
        } onCancel: {
            expireWaiter(id)
        }
    }

    /// Resumes the waiters whose condition now holds.
    private func journalChanged() {
        let satisfied = state.withLockedValue { state -> [Waiter] in
            guard !state.waiters.isEmpty else { return [] }
            var ready: [Waiter] = []
            for (id, waiter) in state.waiters where waiter.isSatisfied(state.entries) {
                state.waiters.removeValue(forKey: id)
                ready.append(waiter)
            }
            return ready
        }
        for waiter in satisfied {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    /// Ends a wait that timed out or was cancelled; one already ended is left alone.
    private func expireWaiter(_ id: Int) {
        let waiter = state.withLockedValue { $0.waiters.removeValue(forKey: id) }
        guard let waiter else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(returning: false)
    }
}
