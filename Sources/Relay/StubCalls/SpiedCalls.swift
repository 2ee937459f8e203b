/// The line a spy's calls go through: each call asks the test first, which answers it, or lets the
/// real implementation answer; either way the test's journal keeps the call and its outcome.
///
/// A spy wraps the implementation its instruction replaces (the program's own wiring for that
/// type and scope), made by ``TypedDependencyFactory/spiedByTest(_:_:)``:
///
/// ```swift
/// struct SpiedCatalog: BookCatalogClient {
///     let calls: SpiedCalls
///     let real: any BookCatalogClient
///
///     func entry(isbn: String) async throws -> CatalogEntry? {
///         try await calls.call("entry", isbn) { try await real.entry(isbn: $0) }
///     }
///
///     func search(_ query: String, limit: Int) async throws -> [CatalogEntry] {
///         try await real.search(query, limit: limit)  // not spied: the test never sees it
///     }
///
///     func close() async throws { try await real.close() }
/// }
/// ```
///
/// What the real implementation returns or throws reaches the program as itself; the test sees it,
/// encoded, in its journal. A test's answer or error reaches the program as a ``StubCalls`` answer
/// does.
public struct SpiedCalls: Sendable {
    /// The line the calls travel, shared with stubs.
    private let calls: StubCalls

    init(typeKey: DependencyTypeKey, answerer: any StubCallAnswering) {
        calls = StubCalls(typeKey: typeKey, answerer: answerer)
    }

    private init(calls: StubCalls) {
        self.calls = calls
    }

    /// The type key the calls carry.
    public var typeKey: DependencyTypeKey { calls.typeKey }

    /// The same line, on which a test's error of one of `types` is thrown as itself (as
    /// ``StubCalls/throwing(_:)``).
    ///
    /// - Parameter types: The error types the test may throw for the program to handle.
    /// - Returns: The line.
    public func throwing(_ types: any (Error & Decodable).Type...) -> SpiedCalls {
        var line = calls
        for type in types { line = line.throwing(type) }
        return SpiedCalls(calls: line)
    }

    /// Asks the test about a call: returns its answer, or what `real` returns when the test lets
    /// the real implementation answer.
    ///
    /// - Parameters:
    ///   - name: The call's name, usually the method's (`"entry"`).
    ///   - argument: The argument, sent as JSON, and given to `real`.
    ///   - answer: The answer's type; usually inferred.
    ///   - real: The real implementation's call.
    /// - Returns: The test's answer, or the real implementation's.
    /// - Throws: What `real` throws; otherwise as ``StubCalls/call(_:_:as:)``.
    public func call<Argument: Encodable, Answer: Codable>(
        _ name: String,
        _ argument: Argument,
        as answer: Answer.Type = Answer.self,
        real: (Argument) async throws -> Answer
    ) async throws -> Answer {
        let call = try calls.stubCall(name, argument, isSpied: true)
        switch try await calls.decision(on: call) {
        case .answer(let text):
            return try calls.decode(Answer.self, from: text, of: call)
        case .pass(let report):
            let answer: Answer
            do {
                answer = try await real(argument)
            } catch {
                report(
                    .failure(
                        StubCallError(
                            .thrownByReal, call: call, detail: String(describing: error),
                            thrownType: String(describing: type(of: error)),
                            thrownValue: (error as? any Encodable).flatMap { try? StubCallCoding.encode($0) })))
                throw error
            }
            report(.success((try? StubCallCoding.encode(answer)) ?? "null"))
            return answer
        }
    }

    /// Asks the test about a call without an argument; as ``call(_:_:as:real:)``.
    ///
    /// - Parameters:
    ///   - name: The call's name.
    ///   - answer: The answer's type; usually inferred.
    ///   - real: The real implementation's call.
    /// - Returns: The test's answer, or the real implementation's.
    /// - Throws: As ``call(_:_:as:real:)``.
    public func call<Answer: Codable>(
        _ name: String,
        as answer: Answer.Type = Answer.self,
        real: () async throws -> Answer
    ) async throws -> Answer {
        try await call(name, StubCallCoding.NoArgument(), as: answer) { _ in try await real() }
    }
}
