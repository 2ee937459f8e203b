import BookshelfCore
import BookshelfStubs
import Foundation
import RelayIntegrationTestSupport
import RelayTesting
import RelayTestingHTTP
import Testing

/// Clients that go away abruptly, resetting their connections (`SO_LINGER` 0, then `close`): no
/// client can stop the program, and every request unit the program opens ends while it runs, not
/// only when it stops.
///
/// A request whose client has gone is answered into a closed connection: its response is never
/// written. Its unit must end all the same (Relay's `RequestUnitOfWork` ends a unit whose response
/// is dropped unwritten), and a streamed body cut off by the reset must end the stream as Vapor
/// requires (`unitOfWorkStream` ends it with `.error`), or Vapor stops the program on an assertion.
@Suite("Clients that reset their connections")
struct ClientResetTests {
    static let importDune = #"{"isbns":["9780441013593"]}"#

    @Test(
        "clients that reset right after sending: the program keeps answering, and every unit it opened ends while it runs",
        arguments: BookshelfFront.allCases)
    func resetsAfterSending(front: BookshelfFront) async throws {
        let upstream = FakeOpenLibrary(holdingAnswers: true)
        try await upstream.serve { upstreamPort in
            try await withTemporaryDirectory(prefix: "bookshelf-reset") { directory in
                try await Bookshelf.with(
                    front, instructions: RequestUnitTests.stubs,
                    settings: [.catalogURL("http://127.0.0.1:\(upstreamPort)")], directory: directory
                ) { shelf in
                    let client = ResettingClient(port: shelf.port)

                    // Imports held in their handlers (each waits on the catalog) while their
                    // clients reset: each is then answered into a closed connection.
                    let held = 5
                    let connections = try await onThread {
                        try (0..<held).map { _ in
                            try client.connection(sending: .post("/books/import", json: Self.importDune))
                        }
                    }
                    do {
                        try await upstream.waitUntilHolding(held)
                    } catch {
                        for connection in connections { connection.reset() }
                        throw error
                    }
                    for connection in connections { connection.reset() }
                    upstream.releaseAnswers()

                    // Many more that reset as soon as they have sent: the program reads each
                    // request before, or after, the reset.
                    try await withDeadline(.seconds(60)) {
                        try await ResettingClient.run(clients: 100) { _ in
                            try client.sendThenReset(.get("/books"))
                        }
                    }

                    #expect(shelf.program.isRunning, "\(shelf.program.standardError)")
                    let answer = try await shelf.client.get("books")
                    #expect(answer.status == 200)
                    let units = await RequestUnits.waitUntilBalanced(in: shelf.program)
                    #expect(units.isBalanced, "\(units)")
                    // At least the held imports and the last request were read and given a unit.
                    #expect(units.opened.count >= held + 1, "\(units)")
                    #expect(shelf.program.isRunning, "the units ended only as the program stopped")
                }
            }
        }
    }

    @Test(
        "clients that read a few bytes of a streamed export and reset: the program survives, and every unit ends",
        arguments: BookshelfFront.allCases)
    func resetsMidStream(front: BookshelfFront) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf-reset") { directory in
            try await Bookshelf.with(front, instructions: RequestUnitTests.stubs, directory: directory) { shelf in
                // About 1.2 MB of export: far more than a small receive buffer and the program's
                // send buffer hold, so each export is cut off in the middle by its reset.
                let books = 100
                let title = String(repeating: "Dune ", count: 2_400)
                for number in 0..<books {
                    let book = #"{"title":"\#(title)\#(number)","author":"Frank Herbert","isbn":"9780441013593"}"#
                    let added = try await shelf.client.post("books", json: book)
                    try #require(added.status == 201, "\(added)")
                }

                let client = ResettingClient(port: shelf.port, receiveBufferSize: 4_096)
                do {
                    try await withDeadline(.seconds(60)) {
                        try await ResettingClient.run(clients: 30, concurrently: 3) { _ in
                            try client.sendThenReset(.get("/books/export"), readingAtLeast: 1)
                        }
                    }
                } catch {
                    // A client that got no answer: the program stopped answering, or died (a dying
                    // program can take seconds to go, writing its core).
                    let exit = try? await shelf.program.waitForExit(timeout: .seconds(15))
                    let program = exit.map { "ended: \($0)" } ?? "still runs"
                    let log = String(shelf.program.standardError.suffix(3_000))
                    Issue.record("a client failed (\(error)); the program \(program): \(log)")
                    throw error
                }
                #expect(shelf.program.isRunning, "\(String(shelf.program.standardError.suffix(3_000)))")

                // Still answering, the whole export included.
                let export = try await shelf.client.get("books/export")
                #expect(export.status == 200)
                #expect(export.body.split(separator: "\n").count == books)
                let units = await RequestUnits.waitUntilBalanced(in: shelf.program)
                #expect(units.isBalanced, "\(units)")
                #expect(units.opened.count >= books + 1, "\(units)")
                #expect(shelf.program.isRunning, "the units ended only as the program stopped")
            }
        }
    }
}
