public import Foundation

/// The shelf's JSON, the same from either front end: sorted keys, ISO 8601 dates, slashes
/// unescaped, so answers compare byte for byte.
public enum BookshelfJSON {
    /// A new encoder in the shelf's form.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A new decoder that reads what ``encoder`` writes.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
