#if HTTPClientSupport
/// What a program under test answered to one HTTP request: the status, the body as text, and the
/// headers (names in lower case).
public struct HTTPAnswer: Sendable, Equatable, CustomStringConvertible {
    /// The status code: `200`, `404`.
    public var status: Int

    /// The body, decoded as UTF-8.
    public var body: String

    /// The headers, by lower-case name; a repeated header's values joined with `, `.
    public var headers: [String: String]

    /// An answer; tests compare what a program sent with one they write.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - body: The body.
    ///   - headers: The headers, by lower-case name.
    public init(status: Int, body: String, headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    /// Whether two answers have the same status and body: what an expectation compares. Headers
    /// (a date, a request ID) vary from run to run; check the ones that matter through ``headers``.
    public static func == (lhs: HTTPAnswer, rhs: HTTPAnswer) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
    }

    /// `200 []`: the status and the body.
    public var description: String { "\(status) \(body)" }
}
#endif
