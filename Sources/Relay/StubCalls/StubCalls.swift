import Foundation

/// A stub's line to the test that answers its calls: each method of the stub forwards its call,
/// and returns what the test answers.
///
/// A stub the test answers is a few lines in the program (its debug-only stubs target), one per
/// method of the protocol it stands in for:
///
/// ```swift
/// struct AnsweredCatalog: BookCatalogClient {
///     let calls: StubCalls
///
///     func entry(isbn: String) async throws -> CatalogEntry? {
///         try await calls.call("entry", isbn)
///     }
///     func search(_ query: String, limit: Int) async throws -> [CatalogEntry] {
///         try await calls.call("search", SearchQuery(query: query, limit: limit))
///     }
///     func close() async throws {
///         try await calls.call("close")
///     }
/// }
///
/// // Its factory, in the program's factory index:
/// struct StubFactoryIndex: TypedDependencyFactoryIndexable {
///     let index: [DependencyFactoryKey: TypedDependencyFactory] = [
///         .answeredCatalog: .answeredByTest((any BookCatalogClient).self) { calls in
///             AnsweredCatalog(calls: calls.throwing(CatalogUnavailable.self))
///         },
///     ]
/// }
/// ```
///
/// The test answers with closures, and may change them while the program runs; it keeps a journal
/// of every call (RelayTesting's `StubAnswers`). Arguments and answers travel as JSON: a method
/// with several parameters sends a small `Codable` value of them. A call waits for its answer at
/// most the time limit the launcher gave (10 seconds by default), then fails with a
/// ``StubCallError`` that names it: never a hang.
public struct StubCalls: Sendable {
    /// The type key of the stubbed dependency, which names its calls to the test.
    public let typeKey: DependencyTypeKey

    /// Who answers.
    private let answerer: any StubCallAnswering

    /// The error types an answer may throw as themselves, by type name.
    private var errorTypes: [String: any (Error & Decodable).Type] = [:]

    init(typeKey: DependencyTypeKey, answerer: any StubCallAnswering) {
        self.typeKey = typeKey
        self.answerer = answerer
    }

    /// The same line, on which an error of one of `types` that the test's closure throws reaches
    /// the stub as itself (decoded from JSON), so the program handles it as it would the real
    /// dependency's: a `CatalogUnavailable` thrown by the test becomes the program's 503.
    ///
    /// The error type must be `Codable` on the test's side too, with the same type name.
    ///
    /// - Parameter types: The error types to decode.
    /// - Returns: A line that decodes them.
    public func throwing(_ types: any (Error & Decodable).Type...) -> StubCalls {
        var calls = self
        for type in types { calls.errorTypes[String(describing: type)] = type }
        return calls
    }

    /// Forwards a call with an argument and returns the test's answer.
    ///
    /// - Parameters:
    ///   - name: The call's name, usually the method's (`"entry"`).
    ///   - argument: The argument, sent as JSON.
    ///   - answer: The answer's type; usually inferred from the method's return type.
    /// - Returns: The test's answer.
    /// - Throws: ``StubCallError`` when no usable answer comes in time; an error of a type given to
    ///   ``throwing(_:)`` when the test's closure throws one; `CancellationError` when the calling
    ///   task is cancelled while it waits.
    public func call<Argument: Encodable, Answer: Decodable>(
        _ name: String,
        _ argument: Argument,
        as answer: Answer.Type = Answer.self
    ) async throws -> Answer {
        let call = try stubCall(name, argument)
        return try decode(Answer.self, from: try await answerText(call), of: call)
    }

    /// Forwards a call without an argument and returns the test's answer.
    ///
    /// - Parameters:
    ///   - name: The call's name.
    ///   - answer: The answer's type; usually inferred.
    /// - Returns: The test's answer.
    /// - Throws: As ``call(_:_:as:)``.
    public func call<Answer: Decodable>(_ name: String, as answer: Answer.Type = Answer.self) async throws -> Answer {
        try await call(name, StubCallCoding.NoArgument(), as: answer)
    }

    /// Forwards a call whose answer the stub does not need (a method that returns nothing), and
    /// waits until the test has answered it.
    ///
    /// - Parameters:
    ///   - name: The call's name.
    ///   - argument: The argument, sent as JSON.
    /// - Throws: As ``call(_:_:as:)``.
    public func call(_ name: String, _ argument: some Encodable) async throws {
        _ = try await call(name, argument, as: StubCallCoding.AnyAnswer.self)
    }

    /// Forwards a call without an argument whose answer the stub does not need.
    ///
    /// - Parameter name: The call's name.
    /// - Throws: As ``call(_:_:as:)``.
    public func call(_ name: String) async throws {
        _ = try await call(name, StubCallCoding.NoArgument(), as: StubCallCoding.AnyAnswer.self)
    }

    // MARK: - The one path every call takes

    /// The call as it travels, its argument encoded; checked against the size the channel carries.
    func stubCall(_ name: String, _ argument: some Encodable, isSpied: Bool = false) throws(StubCallError) -> StubCall {
        let text: String
        do {
            text = try StubCallCoding.encode(argument)
        } catch {
            throw StubCallError(
                .argumentNotEncodable,
                call: StubCall(typeKey: typeKey.tag, name: name, argument: "null"),
                detail: String(describing: error))
        }
        let call = StubCall(typeKey: typeKey.tag, name: name, argument: text, isSpied: isSpied)
        guard text.utf8.count <= StubCallCoding.maximumValueSize else {
            throw StubCallError(
                .tooLarge, call: call,
                detail:
                    "the argument is \(text.utf8.count) bytes; a call carries at most \(StubCallCoding.maximumValueSize)"
            )
        }
        return call
    }

    /// The answer's JSON; a thrown error of a type given to ``throwing(_:)`` rethrown as itself.
    /// The test's answer to `call`, within the time limit.
    private func answerText(_ call: StubCall) async throws -> String {
        do {
            return try await StubCallDeadline.answer(call, by: answerer)
        } catch let error as StubCallError {
            throw declared(error)
        }
    }

    /// The test's decision on a spy's `call`, within the time limit.
    func decision(on call: StubCall) async throws -> StubCallDecision {
        let answerer = answerer
        if answerer is any StubCallDeadlineKeeping {
            do {
                return try await answerer.decide(call)
            } catch let error as StubCallError {
                throw declared(error)
            }
        }
        do {
            return .answer(
                try await StubCallDeadline.answer(call, within: answerer.timeLimit) {
                    switch try await answerer.decide(call) {
                    case .answer(let text): return text
                    case .pass(let report): throw PassedToReal(report: report)
                    }
                })
        } catch let passed as PassedToReal {
            return .pass(reportingOutcome: passed.report)
        } catch let error as StubCallError {
            throw declared(error)
        }
    }

    /// A decision to pass, carried through the deadline's race, which races answers.
    private struct PassedToReal: Error {
        let report: @Sendable (Result<String, StubCallError>) -> Void
    }

    /// The test's error as itself when the stub declared its type (``throwing(_:)``), else as is.
    private func declared(_ error: StubCallError) -> any Error {
        if error.code == .thrownByTest, let name = error.thrownType, let type = errorTypes[name],
            let value = error.thrownValue, let decoded = try? StubCallCoding.decode(type, from: value)
        {
            return decoded
        }
        return error
    }

    /// The answer `text` as the stub expects it.
    func decode<Answer: Decodable>(_ answer: Answer.Type, from text: String, of call: StubCall) throws -> Answer {
        do {
            return try StubCallCoding.decode(Answer.self, from: text)
        } catch {
            throw StubCallError(
                .answerNotDecodable, call: call,
                detail: "\(InstructionConfiguration.reason(error)) (expected \(Answer.self), got \(text.echoed))")
        }
    }
}
