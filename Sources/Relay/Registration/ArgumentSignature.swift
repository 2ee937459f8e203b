/// The types of the arguments a registration takes, or a resolve passes, in order: what an
/// argument mismatch quotes, `(String, Int)`.
struct ArgumentSignature: Sendable, CustomStringConvertible {
    /// Each argument's type as a user wrote it.
    let typeNames: [String]

    init<First, each Rest>(_ first: First.Type, _ rest: repeat (each Rest).Type) {
        var typeNames = [String(describing: first)]
        for type in repeat each rest {
            typeNames.append(String(describing: type))
        }
        self.typeNames = typeNames
    }

    /// `(String)`, `(String, Int)`: always in parentheses, so one argument reads as a list too.
    var description: String {
        "(\(typeNames.joined(separator: ", ")))"
    }
}
