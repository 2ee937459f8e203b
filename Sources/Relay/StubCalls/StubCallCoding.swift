import Foundation

/// The JSON of stub calls, written once for the program and the test: the configuration's form
/// (keys sorted, dates in ISO 8601), so a value reads the same in an instruction and in a call.
package enum StubCallCoding {
    /// The largest argument or answer a call carries, in bytes of JSON: a stub's data, not a file.
    package static let maximumValueSize = 512 * 1024

    package static func encode(_ value: some Encodable) throws -> String {
        try InstructionConfiguration.encode(value)
    }

    package static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        try InstructionConfiguration.decode(type, from: text)
    }

    /// Why a value did not decode, in words.
    package static func reason(_ error: any Error) -> String {
        InstructionConfiguration.reason(error)
    }

    /// The argument of a call that has none: `null`.
    struct NoArgument: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    /// An answer the stub does not read: any JSON decodes as it.
    struct AnyAnswer: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// The argument of an answer that takes none: any JSON decodes as it.
    package struct AnyArgument: Decodable, Sendable {
        package init(from decoder: any Decoder) throws {}
    }
}
