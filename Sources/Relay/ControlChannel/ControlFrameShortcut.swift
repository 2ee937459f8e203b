/// The two frames of every stub call, the call and its answer, written and read by hand, in one
/// fixed form of the protocol's JSON; every other message, and any frame not in exactly that form
/// (another client's spacing or key order), goes through Foundation's coders as before.
///
/// Why: Foundation's coders took 3-7 µs per frame here, four frames per round trip, about a tenth
/// of a stub call's round trip; this takes well under one. The form written is JSON that any
/// decoder reads (`ControlFrameShortcutTests` checks Foundation's agrees on every message it
/// writes), so the protocol does not change.
///
/// ```swift
/// let body = ControlFrameShortcut.body(of: message) ?? writtenByFoundation(message)
/// let read = ControlFrameShortcut.message(in: body[...])  // nil: Foundation's decoder reads it
/// ```
enum ControlFrameShortcut {
    /// The JSON of a call or an answer, in the fixed form; `nil` for any other message.
    static func body(of message: ControlMessage) -> [UInt8]? {
        var writer = Writer()
        switch message {
        case .call(let id, let call):
            writer.raw("{\"call\":{\"id\":")
            writer.number(id)
            writer.raw(",\"call\":{\"typeKey\":")
            writer.string(call.typeKey)
            writer.raw(",\"name\":")
            writer.string(call.name)
            writer.raw(",\"argument\":")
            writer.string(call.argument)
            if let session = call.session {
                writer.raw(",\"session\":")
                writer.string(session)
            }
            if call.isSpied { writer.raw(",\"spied\":true") }
            writer.raw("}}}")
        case .answer(let id, let value):
            writer.raw("{\"answer\":{\"id\":")
            writer.number(id)
            writer.raw(",\"value\":")
            writer.string(value)
            writer.raw("}}")
        default:
            return nil
        }
        return writer.bytes
    }

    /// The call or answer `body` holds, when it is in exactly the fixed form; `nil` otherwise.
    static func message(in body: ArraySlice<UInt8>) -> ControlMessage? {
        var reader = Reader(bytes: body)
        if reader.skip("{\"answer\":{\"id\":") {
            guard let id = reader.number(), reader.skip(",\"value\":"), let value = reader.string(),
                reader.skip("}}"), reader.isAtEnd
            else { return nil }
            return .answer(id: id, value: value)
        }
        guard reader.skip("{\"call\":{\"id\":"), let id = reader.number(), reader.skip(",\"call\":{\"typeKey\":"),
            let typeKey = reader.string(), reader.skip(",\"name\":"), let name = reader.string(),
            reader.skip(",\"argument\":"), let argument = reader.string()
        else { return nil }
        var session: String?
        if reader.skip(",\"session\":") {
            guard let read = reader.string() else { return nil }
            session = read
        }
        let isSpied = reader.skip(",\"spied\":true")
        guard reader.skip("}}}"), reader.isAtEnd else { return nil }
        let call = StubCall(typeKey: typeKey, name: name, argument: argument, session: session, isSpied: isSpied)
        return .call(id: id, call: call)
    }

    // MARK: - Writing

    private struct Writer {
        var bytes: [UInt8] = []

        init() {
            bytes.reserveCapacity(256)
        }

        mutating func raw(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        mutating func number(_ value: UInt64) {
            bytes.append(contentsOf: String(value).utf8)
        }

        /// `text` as a JSON string: quotes, backslashes and control characters escaped.
        mutating func string(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
                case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: Array("\\u00".utf8))
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0xF)])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    // MARK: - Reading

    /// Reads the fixed form, strictly: anything it does not expect makes it give up (`nil`, or
    /// `false`), and the frame goes to Foundation's decoder, which says what is wrong with it.
    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var index: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        var isAtEnd: Bool { index == bytes.endIndex }

        /// Moves past `literal` if it comes next.
        mutating func skip(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.endIndex - index >= count else { return false }
            let matches = literal.withUTF8Buffer { expected in
                bytes[index..<(index + count)].elementsEqual(expected)
            }
            if matches { index += count }
            return matches
        }

        /// A number as ``Writer/number(_:)`` writes it: digits, no sign, no leading zero.
        mutating func number() -> UInt64? {
            let start = index
            var value: UInt64 = 0
            while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                let (times, overflowsTimes) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowsSum) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                guard !overflowsTimes, !overflowsSum else { return nil }
                value = sum
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            return value
        }

        /// A JSON string, its escapes undone; `nil` for anything JSON does not allow in one.
        mutating func string() -> String? {
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            var text: [UInt8] = []
            while index < bytes.endIndex {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.endIndex else { return nil }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                    case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
                    case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "u"):
                        guard let scalar = unicodeEscape() else { return nil }
                        text.append(contentsOf: String(Character(scalar)).utf8)
                    default:
                        return nil
                    }
                case 0..<0x20:
                    return nil
                default:
                    text.append(byte)
                }
            }
            return nil
        }

        /// The scalar of a `\u` escape (after the `u`), a surrogate pair taken whole.
        private mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let first = hexQuad() else { return nil }
            switch first {
            case 0xD800..<0xDC00:
                guard skip("\\u"), let second = hexQuad(), (0xDC00..<0xE000).contains(second) else { return nil }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            case 0xDC00..<0xE000:
                return nil
            default:
                return Unicode.Scalar(first)
            }
        }

        private mutating func hexQuad() -> UInt32? {
            guard bytes.endIndex - index >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
    }
}
