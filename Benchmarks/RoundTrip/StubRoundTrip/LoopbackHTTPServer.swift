import Foundation

/// A minimal HTTP/1.1 server on a loopback port, on threads of its own: it answers every `POST`
/// with the JSON value of its body, decoded and encoded again, as the test's answering closure does
/// for a stub call; anything else gets a 404. Connections are kept alive (one thread each) until
/// the client closes them.
///
/// It stands for the cheapest HTTP service a test could fake a dependency with: no framework, no
/// routing, no event loop, so the comparison is with HTTP itself rather than with a server's
/// overhead.
final class LoopbackHTTPServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    let port: UInt16

    private let listener: LoopbackSocket

    /// Binds a port the system chooses and starts accepting.
    init() throws {
        listener = try LoopbackSocket.listening()
        port = try listener.port()
        let thread = Thread { [listener] in Self.accept(on: listener) }
        thread.name = "HTTP accept"
        thread.start()
    }

    private static func accept(on listener: LoopbackSocket) {
        while let connection = try? listener.accepted() {
            let thread = Thread { serve(connection) }
            thread.name = "HTTP connection"
            thread.start()
        }
    }

    private static func serve(_ connection: LoopbackSocket) {
        defer { connection.close() }
        var reader = HTTPMessageReader(socket: connection)
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        // The form stub calls use, so both carry the same bytes.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            while let request = try reader.next() {
                let response: [UInt8]
                if request.startLine.hasPrefix("POST ") {
                    let entry = try decoder.decode(CatalogEntry.self, from: Data(request.body))
                    response = Self.response(status: "200 OK", body: Array(try encoder.encode(entry)))
                } else {
                    response = Self.response(status: "404 Not Found", body: [])
                }
                try connection.writeAll(response)
            }
        } catch {
            FileHandle.standardError.write(Data("HTTP server: \(error)\n".utf8))
        }
    }

    /// A whole response, head and body, for one write.
    private static func response(status: String, body: [UInt8]) -> [UInt8] {
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
            + "Connection: keep-alive\r\n\r\n"
        return Array(head.utf8) + body
    }
}
