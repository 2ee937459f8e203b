import Foundation

/// The channel's framing: each message is four bytes of length (big-endian), then that many bytes
/// of JSON. A length past ``maximumLength`` or a body that is not a message ends the channel: the
/// side that reads it stops trusting the stream.
@_spi(ControlChannel)
public enum ControlFrame {
    /// The longest body a frame may have: room for a call's largest value, escaped.
    public static let maximumLength = 4 * 1024 * 1024

    /// A message as one frame's bytes.
    ///
    /// - Throws: `EncodingError` should a value not encode (a call's value is JSON text already).
    public static func bytes(of message: ControlMessage) throws -> [UInt8] {
        // A call or an answer is written by hand, the rest by Foundation (ControlFrameShortcut).
        let body = try ControlFrameShortcut.body(of: message) ?? Array(JSONEncoder().encode(message))
        let length = UInt32(body.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + body
    }

    /// Why the stream could not be read as frames.
    public struct Malformed: Error, CustomStringConvertible, Equatable {
        /// What was wrong: a length over the limit, or a body that is not a message.
        public let description: String
    }

    /// Cuts a stream of bytes into messages, however the reads split it.
    public struct Reader: Sendable {
        private var buffer: [UInt8] = []
        /// Where the unread bytes start; the buffer is compacted once most of it is read.
        private var start = 0

        /// The longest body this reader takes: ``maximumLength``, or less before a peer is known.
        private let limit: Int

        /// Creates a reader with nothing read.
        ///
        /// - Parameter maximumLength: The longest body it takes; ``ControlFrame/maximumLength`` by
        ///   default, less for a peer that has not proved who it is.
        public init(maximumLength: Int = ControlFrame.maximumLength) {
            limit = maximumLength
        }

        /// Adds bytes that were read.
        public mutating func append(_ bytes: some Sequence<UInt8>) {
            if start > 0 && start >= buffer.count / 2 {
                buffer.removeFirst(start)
                start = 0
            }
            buffer.append(contentsOf: bytes)
        }

        /// The next whole message, or `nil` when more bytes are needed.
        ///
        /// - Throws: ``Malformed`` for a length over ``maximumLength`` or a body that is not a
        ///   message; the reader is not usable after.
        public mutating func next() throws(Malformed) -> ControlMessage? {
            guard buffer.count - start >= 4 else { return nil }
            let length =
                Int(buffer[start]) << 24 | Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8
                | Int(buffer[start + 3])
            guard length <= limit else {
                throw Malformed(description: "a frame of \(length) bytes; at most \(limit)")
            }
            guard buffer.count - start - 4 >= length else { return nil }
            let slice = buffer[(start + 4)..<(start + 4 + length)]
            start += 4 + length
            if let message = ControlFrameShortcut.message(in: slice) { return message }
            let body = Data(slice)
            do {
                return try JSONDecoder().decode(ControlMessage.self, from: body)
            } catch {
                throw Malformed(description: "a frame that is not a message: \(InstructionConfiguration.reason(error))")
            }
        }
    }
}
