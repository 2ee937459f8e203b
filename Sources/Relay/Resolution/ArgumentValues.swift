/// The arguments of one `resolve(_:name:arguments:)` call, typed: a factory that takes them finds
/// out whether they fit with one conditional cast to the types it declares.
final class ArgumentValues<First: Sendable, each Rest: Sendable>: Sendable {
    let first: First
    let rest: (repeat each Rest)

    init(_ first: First, _ rest: repeat each Rest) {
        self.first = first
        self.rest = (repeat each rest)
    }
}
