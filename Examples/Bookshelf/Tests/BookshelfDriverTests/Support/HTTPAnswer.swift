/// What the server answered: the status and the body as text.
struct HTTPAnswer: Sendable, Equatable, CustomStringConvertible {
    var status: Int
    var body: String

    var description: String { "\(status) \(body)" }
}
