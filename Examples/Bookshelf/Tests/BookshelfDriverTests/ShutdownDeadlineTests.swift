import BookshelfCore
import BookshelfStubs
import Foundation
import RelayTesting
import RelayTestingHTTP
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stalled client cannot keep the shelf from stopping: graceful shutdown has a deadline, past
/// which the requests in flight are cut off and the teardowns still run; a second signal stops it
/// at once. Both are logged.
@Suite("Stopping the shelf within a deadline")
struct ShutdownDeadlineTests {
    /// Opens a connection to the shelf and sends half a request: headers that promise a body that
    /// never comes. Returns the socket, which the caller closes.
    static func stallingClient(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(socket >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(connected == 0)
        let half =
            "POST /books HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        _ = half.withCString { send(socket, $0, strlen($0), 0) }
        return socket
    }

    @Test(
        "past the deadline, a stalled request is cut off, the teardowns run, and the program exits",
        arguments: BookshelfFront.allCases)
    func aStalledClientDoesNotHoldTheShutdown(front: BookshelfFront) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf-deadline") { directory in
            try await Bookshelf.with(front, settings: [.shutdownDeadline(seconds: 1)], directory: directory) { shelf in
                #expect(try await shelf.client.get("books").status == 200)
                let socket = try Self.stallingClient(port: shelf.port)
                defer { close(socket) }
                // The server has read the headers and opened the request's unit: it is in flight.
                _ = try await shelf.program.waitForOutput(containing: "request r2 opened")
                let clock = ContinuousClock()
                let start = clock.now
                kill(shelf.program.processIdentifier, SIGTERM)
                let exit = try await shelf.program.waitForExit(timeout: .seconds(20))
                let took = clock.now - start
                #expect(took < .seconds(8), "stopping took \(took)")
                switch front {
                case .hummingbird:
                    #expect(
                        exit.standardError.contains("SIGTERM: shutting down gracefully, within 1.0 seconds"), "\(exit)")
                    #expect(exit.standardError.contains("the requests still in flight were cut off"), "\(exit)")
                case .vapor:
                    // Vapor's server gives up waiting at its shutdown timeout, and says so.
                    #expect(exit.standardError.contains("Server stop took too long"), "\(exit)")
                }
                #expect(exit.standardError.contains("Closed the book store"), "\(exit)")
            }
        }
    }

    @Test("a second signal stops the program at once, and says so (Hummingbird: Vapor takes its own signals)")
    func aSecondSignalEscalates() async throws {
        try await withTemporaryDirectory(prefix: "bookshelf-deadline") { directory in
            try await Bookshelf.with(.hummingbird, settings: [.shutdownDeadline(seconds: 60)], directory: directory) {
                shelf in
                let socket = try Self.stallingClient(port: shelf.port)
                defer { close(socket) }
                // The request is in flight: its unit is open.
                _ = try await shelf.program.waitForOutput(containing: "request r1 opened")
                kill(shelf.program.processIdentifier, SIGTERM)
                _ = try await shelf.program.waitForOutput(containing: "shutting down gracefully")
                let clock = ContinuousClock()
                let start = clock.now
                kill(shelf.program.processIdentifier, SIGINT)
                let exit = try await shelf.program.waitForExit(timeout: .seconds(20))
                #expect(clock.now - start < .seconds(8))
                #expect(exit.standardError.contains("SIGINT again: stopping at once"), "\(exit)")
                #expect(exit.standardError.contains("Closed the book store"), "\(exit)")
            }
        }
    }
}
