/// Why a call a stub forwarded to the test did not get an answer the stub can use.
///
/// The ``description`` names the call and its argument, and says what to do:
///
/// ```text
/// catalogClient.entry("9780441013593") got no answer: the test gives none for catalogClient.entry
/// (of catalogClient it answers only search). Give one before the program makes the call:
/// answers.answer(.catalogClient, "entry") { … }
/// ```
///
/// An error the test's closure throws reaches the stub as a ``StubCallError`` with code
/// ``Code-swift.enum/thrownByTest``, unless the stub named its type with
/// ``StubCalls/throwing(_:)``: then it is decoded and thrown as itself.
public struct StubCallError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable, Codable {
        /// The test gives no answer for this call; ``StubCallError/detail`` says what it answers.
        case unanswered
        /// The test's closure threw; ``StubCallError/detail`` is its error, described.
        case thrownByTest
        /// The test's closure takes an argument of another type than the program sent.
        case argumentNotDecodable
        /// The test answered with a value the stub cannot decode as the answer it expects.
        case answerNotDecodable
        /// The argument could not be encoded as JSON.
        case argumentNotEncodable
        /// No answer came within the time limit the launcher gave.
        case timedOut
        /// The channel to the test is closed: the test stopped listening, or a message on it was
        /// malformed.
        case channelClosed
        /// A spy's real implementation threw, after the test let it answer;
        /// ``StubCallError/detail`` is its error, described. Only the test's journal holds it: the
        /// program's own code gets the real error.
        case thrownByReal
        /// The argument or the answer is larger than the channel carries.
        case tooLarge
    }

    /// What went wrong.
    public let code: Code

    /// The call, with its argument.
    public let call: StubCall

    /// What the code alone does not say: the test's error, why a value did not decode, the limit.
    public let detail: String

    /// The type name of the error the test's closure threw, for ``Code-swift.enum/thrownByTest``.
    public let thrownType: String?

    /// The error the test's closure threw, as JSON, when it is `Encodable`.
    public let thrownValue: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - call: The call.
    ///   - detail: What the code alone does not say.
    ///   - thrownType: The type name of the test's error, for a thrown error.
    ///   - thrownValue: The test's error as JSON, when it is `Encodable`.
    public init(_ code: Code, call: StubCall, detail: String, thrownType: String? = nil, thrownValue: String? = nil) {
        self.code = code
        self.call = call
        self.detail = detail
        self.thrownType = thrownType
        self.thrownValue = thrownValue
    }

    /// The message: the call, what happened, and what to do.
    public var description: String {
        let stub = "\(call.typeKey.echoed).\(call.name.echoed)"
        let detail = detail.echoed
        switch code {
        case .unanswered:
            return """
                \(call) got no answer: the test gives none for \(stub) (\(detail)). Give one before the \
                program makes the call: answers.answer(.\(call.typeKey.echoed), "\(call.name.echoed)") { … }
                """
        case .thrownByTest:
            return "\(call) failed: the test's answer threw \(thrownType.map { "\($0.echoed): " } ?? "")\(detail)"
        case .argumentNotDecodable:
            return "\(call): the test's answer for \(stub) takes another argument: \(detail)"
        case .answerNotDecodable:
            return "\(call): the test's answer is not what the stub expects: \(detail)"
        case .argumentNotEncodable:
            return "\(call): the argument cannot be encoded as JSON: \(detail)"
        case .timedOut:
            return """
                \(call) got no answer within \(detail): the test's closure for \(stub) did not return. \
                Return sooner, or raise the limit: StubAnswers(timeLimit:) in the test.
                """
        case .channelClosed:
            return "\(call) got no answer: the channel to the test is closed (\(detail))"
        case .thrownByReal:
            let thrown = thrownType.map { "\($0.echoed): " } ?? ""
            return "\(call) passed to the real implementation, which threw \(thrown)\(detail)"
        case .tooLarge:
            return "\(call): \(detail)"
        }
    }
}
