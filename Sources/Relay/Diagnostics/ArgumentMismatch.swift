/// How the arguments of a resolve and those of the registration it found differ: the details of
/// a ``DependencyResolutionError/Code/argumentMismatch``.
enum ArgumentMismatch: Sendable {
    /// The registrations of the type take arguments (of these types); the resolve passed none.
    case missing(registered: [ArgumentSignature])
    /// The only registration of the type takes the container alone; the resolve passed arguments.
    case unexpected(resolved: ArgumentSignature)
    /// No registration of the type takes arguments of the types passed: those that take
    /// arguments take these, and `withoutArguments` says whether one takes none.
    case differing(registered: [ArgumentSignature], withoutArguments: Bool, resolved: ArgumentSignature)

    /// `(String)`, `(String) or (String, Bool)`.
    private static func list(_ signatures: [ArgumentSignature]) -> String {
        signatures.map(\.description).joined(separator: " or ")
    }

    /// The first line of the message, for `'\(requested)' in \(place)`.
    func summary(requested: String, place: String) -> String {
        let (registration, resolve) =
            switch self {
            case .missing(let registered): ("with arguments \(Self.list(registered))", "without arguments")
            case .unexpected(let resolved): ("without arguments", "with \(resolved)")
            case .differing(let registered, let withoutArguments, let resolved):
                (
                    (withoutArguments ? "without arguments and " : "") + "with arguments \(Self.list(registered))",
                    "with \(resolved)"
                )
            }
        return "'\(requested)' in \(place) is registered \(registration) but was resolved \(resolve)."
    }

    /// How to fix it, for a type named `typeName` (without its registration name).
    func fix(typeName: String) -> String {
        switch self {
        case .missing(let registered):
            return "pass them: try container.resolve(\(typeName).self, arguments: ...), of the types "
                + Self.list(registered)
        case .unexpected(let resolved):
            let names = resolved.typeNames
            let parameters = names.indices.map { index in
                names.count == 1 ? "argument: \(names[index])" : "argument\(index + 1): \(names[index])"
            }
            return "resolve it without arguments, or register a factory that takes them: "
                + "container.register(\(typeName).self) { (container, \(parameters.joined(separator: ", "))) in ... }"
        case .differing(let registered, _, let resolved):
            return "pass arguments of the types \(Self.list(registered)), in that order, or register a factory "
                + "that takes \(resolved)"
        }
    }
}
