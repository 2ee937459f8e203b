/// How the arguments of a resolve and those of the registration it found differ: the details of
/// a ``DependencyResolutionError/Code/argumentMismatch``.
enum ArgumentMismatch: Sendable {
    /// The registration takes arguments; the resolve passed none.
    case missing(registered: ArgumentSignature)
    /// The registration takes only the container; the resolve passed arguments.
    case unexpected(resolved: ArgumentSignature)
    /// Both have arguments, of different types.
    case differing(registered: ArgumentSignature, resolved: ArgumentSignature)

    /// The first line of the message, for `'\(requested)' in \(place)`.
    func summary(requested: String, place: String) -> String {
        let (registration, resolve) =
            switch self {
            case .missing(let registered): ("with arguments \(registered)", "without arguments")
            case .unexpected(let resolved): ("without arguments", "with \(resolved)")
            case .differing(let registered, let resolved): ("with arguments \(registered)", "with \(resolved)")
            }
        return "'\(requested)' in \(place) is registered \(registration) but was resolved \(resolve)."
    }

    /// How to fix it, for a type named `typeName` (without its registration name).
    func fix(typeName: String) -> String {
        switch self {
        case .missing(let registered):
            return "pass them: try container.resolve(\(typeName).self, arguments: ...), of the types \(registered)"
        case .unexpected(let resolved):
            let names = resolved.typeNames
            let parameters = names.indices.map { index in
                names.count == 1 ? "argument: \(names[index])" : "argument\(index + 1): \(names[index])"
            }
            return "resolve it without arguments, or register a factory that takes them: "
                + "container.register(\(typeName).self) { (container, \(parameters.joined(separator: ", "))) in ... }"
        case .differing(let registered, let resolved):
            return
                "pass arguments of the types \(registered), in that order, or register a factory that takes \(resolved)"
        }
    }
}
