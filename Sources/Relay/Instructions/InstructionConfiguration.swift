import Foundation

/// The JSON form of an instruction's configuration, written once for both sides: the driver
/// encodes a value into it (``DependencyInstructionLaunchArgument``), the program decodes it for
/// a factory that takes one (``TypedDependencyFactory``). Keys sorted (the same value is the same
/// instruction), dates in ISO 8601.
enum InstructionConfiguration {
    /// `value` as JSON text.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        // JSONEncoder writes UTF-8.
        return String(decoding: data, as: UTF8.self)
    }

    /// A `Configuration` decoded from JSON text.
    static func decode<Configuration: Decodable>(_: Configuration.Type, from text: String) throws -> Configuration {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Configuration.self, from: Data(text.utf8))
    }

    /// Why a configuration did not decode, in words: where in the value, and what was wrong.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func place(_ path: [any CodingKey]) -> String {
            let components = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return components.isEmpty
                ? "the value" : "'\(components.hasPrefix(".") ? String(components.dropFirst()) : components)'"
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)) is not a \(type)"
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath)) is missing its \(type)"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath + [key])) is missing"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "it is not valid JSON" : "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}
