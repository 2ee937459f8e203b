import Foundation

/// One keep-alive HTTP/1.1 connection to the loopback server, as a program's client for a faked
/// dependency would hold it: each ``post(_:to:)`` writes a request in one write and reads the
/// whole response, blocking.
struct HTTPClientConnection {
    /// The server answered something other than 200.
    struct UnexpectedResponse: Error, CustomStringConvertible {
        let description: String
    }

    private let socket: LoopbackSocket
    private var reader: HTTPMessageReader
    private let port: UInt16
    private let encoder: JSONEncoder
    private let decoder = JSONDecoder()

    init(port: UInt16) throws {
        socket = try LoopbackSocket.connected(to: port)
        reader = HTTPMessageReader(socket: socket)
        self.port = port
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    /// Posts `value` as JSON to `path` and decodes the response's JSON body as the same type.
    mutating func post<Value: Codable>(_ value: Value, to path: String) throws -> Value {
        let body = try encoder.encode(value)
        let head =
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\n\r\n"
        try socket.writeAll(Array(head.utf8) + body)
        guard let response = try reader.next() else {
            throw UnexpectedResponse(description: "the server closed the connection")
        }
        guard response.startLine.hasPrefix("HTTP/1.1 200") else {
            throw UnexpectedResponse(description: "the server answered \(response.startLine)")
        }
        return try decoder.decode(Value.self, from: Data(response.body))
    }

    func close() {
        socket.close()
    }
}
