/// Reads HTTP/1.1 messages (a request or a response) off one keep-alive connection: the head up to
/// its blank line, then as many bytes of body as its `Content-Length` says. Enough HTTP for a
/// benchmark that writes both ends: no chunked bodies, no pipelining beyond what the buffer holds.
struct HTTPMessageReader {
    /// One message: its start line and headers as text, and its body.
    struct Message {
        let head: String
        let body: [UInt8]

        /// The head's first line: `POST /echo HTTP/1.1`, or `HTTP/1.1 200 OK`.
        var startLine: Substring { head.prefix { $0 != "\r" } }
    }

    /// Why the bytes on the connection are not a message this reader takes.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    private let socket: LoopbackSocket
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 16 * 1024)

    init(socket: LoopbackSocket) {
        self.socket = socket
    }

    /// The next message, or `nil` when the peer closed the connection between messages.
    mutating func next() throws -> Message? {
        var headEnd = Self.blankLine(in: buffer)
        while headEnd == nil {
            guard try fill() else {
                if buffer.isEmpty { return nil }
                throw Malformed(description: "the connection closed in the middle of a message's head")
            }
            headEnd = Self.blankLine(in: buffer)
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        let length = try Self.contentLength(in: head)
        let bodyStart = headEnd + 4
        while buffer.count < bodyStart + length {
            guard try fill() else {
                throw Malformed(description: "the connection closed in the middle of a message's body")
            }
        }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return Message(head: head, body: body)
    }

    /// Reads more bytes; `false` when the peer closed the connection.
    private mutating func fill() throws -> Bool {
        let count = try socket.read(into: &chunk)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    /// Where the head's closing `\r\n\r\n` starts.
    private static func blankLine(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for start in 0...(bytes.count - 4)
        where bytes[start] == 13 && bytes[start + 1] == 10 && bytes[start + 2] == 13 && bytes[start + 3] == 10 {
            return start
        }
        return nil
    }

    private static func contentLength(in head: String) throws -> Int {
        for line in head.split(separator: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            guard let length = Int(parts[1].trimmingPrefix(" ")), length >= 0 else {
                throw Malformed(description: "a Content-Length that is not a length: \(line)")
            }
            return length
        }
        return 0
    }
}
