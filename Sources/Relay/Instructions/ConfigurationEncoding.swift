/// How an instruction's configuration (JSON text) travels inside the grammar: percent-encoded, so
/// that it never holds a separator (`,` `=` `;`), white space, a line break or anything but
/// printable ASCII. JSON stays readable: `{"date":"2024-03-01"}` is `%7B%22date%22:%222024-03-01%22%7D`
/// only where it must be (`{` `}` and `"` are kept as they are; see ``escapes(_:)``).
enum ConfigurationEncoding {
    /// Percent-encodes `json` for an instruction.
    static func encoded(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for byte in json.utf8 {
            if escapes(byte) {
                result += "%"
                result += String(hexDigits[Int(byte >> 4)])
                result += String(hexDigits[Int(byte & 0xF)])
            } else {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return result
    }

    /// Decodes an instruction's `configuration` value; `nil` when it holds a malformed escape
    /// (`%` not followed by two hexadecimal digits), a byte that encoding always escapes, or bytes
    /// that are not UTF-8.
    static func decoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                guard !escapes(byte) else { return nil }
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Whether a byte is written as `%XX`: the grammar's separators, `%` itself, and everything but
    /// printable ASCII (so no white space, line break or non-ASCII byte).
    static func escapes(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "%"), UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: ";"): true
        case 0x21...0x7E: false
        default: true
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF")

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
