/// A dynamic injection that names something the index does not know, or pairs things that do not
/// fit: an unknown type or factory key, a key added twice with different meanings, a factory for
/// another type, or a type the program does not allow to be injected.
///
/// The ``description`` names the key, suggests a near miss, and lists the known keys:
///
/// ```
/// Unknown factory key 'sunnny' for type 'forecastService'. Did you mean 'sunny'? Known factories: rainy, sunny
/// ```
public struct DynamicDependencyIndexError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// No type index has the instruction's type key.
        public static let unknownTypeKey = Code("unknownTypeKey")
        /// No factory index has the instruction's factory key.
        public static let unknownFactoryKey = Code("unknownFactoryKey")
        /// Two type indices map one key to different types.
        public static let conflictingTypeKey = Code("conflictingTypeKey")
        /// Two factory indices define one key.
        public static let conflictingFactoryKey = Code("conflictingFactoryKey")
        /// The factory produces another type than the instruction's type key names.
        public static let typeMismatch = Code("typeMismatch")
        /// The program's allow-list does not include the instruction's type key.
        public static let typeNotAllowed = Code("typeNotAllowed")

        /// The code's name.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code

    /// The offending key's tag.
    public let key: String

    /// The full message.
    public let description: String

    init(code: Code, key: String, message: String) {
        self.code = code
        self.key = key
        self.description = message
    }

    static func unknown<Role>(
        _ key: DynamicDependencyKey<Role>,
        known: [DynamicDependencyKey<Role>],
        context: String = ""
    ) -> Self {
        let tags = known.sorted().map(\.tag)
        let listing = tags.isEmpty ? "none (add an index to the DynamicDependencyIndex)" : tags.joined(separator: ", ")
        let noun = Role.noun
        let plural = noun == "factory" ? "factories" : "types"
        return Self(
            code: noun == "factory" ? .unknownFactoryKey : .unknownTypeKey, key: key.tag,
            message: "Unknown \(noun) key '\(key.tag)'\(context).\(NearMiss.didYouMean(key.tag, among: tags))"
                + " Known \(plural): \(listing)")
    }

    static func factoryProducedWrongType(
        factory: DependencyFactoryKey,
        produced: Any.Type,
        expected: Any.Type
    ) -> Self {
        Self(
            code: .typeMismatch, key: factory.tag,
            message: "Factory '\(factory.tag)' produced '\(produced)', which is not a '\(expected)'.")
    }
}
