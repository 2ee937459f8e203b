import BookshelfCore
import BookshelfStubs
import Foundation
import GRDB
import RelayTesting
import RelayTestingHTTP
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGTERM (or Ctrl-C) stops the shelf in order: the server stops taking connections and answers
/// the requests in flight, then the teardowns close what the program opened, newest first.
@Suite("Stopping the shelf")
struct ShutdownTests {
    /// What the program writes on standard error as it stops, in this order.
    static let shutdownSequence = [
        "Stopping the HTTP server: no new connections, finishing the requests in flight",
        "HTTP server stopped",
        "Shutting down the dependency container",
        // Made by the first import, after the store: closed before it.
        "Closed the catalog client",
        "Closed the book store",
        "Dependency container shut down",
        "bookshelf stopped",
    ]

    static let importDune = #"{"isbns":["9780441013593"]}"#

    @Test(
        "requests in flight are answered, the teardowns run in order, the database is closed clean, and the exit status is 0",
        arguments: BookshelfFront.allCases, [SIGTERM, SIGINT]
    )
    func orderedShutdown(front: BookshelfFront, signal: Int32) async throws {
        let upstream = FakeOpenLibrary(holdingAnswers: true)
        try await upstream.serve { upstreamPort in
            try await withTemporaryDirectory(prefix: "bookshelf-stop") { directory in
                try await Bookshelf.with(
                    front, settings: [.catalogURL("http://127.0.0.1:\(upstreamPort)")], directory: directory
                ) { shelf in
                    // A read first, so the store has reader connections to close as well as its writer.
                    #expect(try await shelf.client.get("books").status == 200)
                    // Three imports, each waiting on the catalog: received, and not yet answered.
                    let imports = (0..<3).map { _ in
                        Task { try await shelf.client.post("books/import", json: Self.importDune) }
                    }
                    try await upstream.waitUntilHolding(3)

                    kill(shelf.program.processIdentifier, signal)
                    _ = try await shelf.program.waitForOutput(containing: "Stopping the HTTP server")
                    upstream.releaseAnswers()

                    for request in imports {
                        let answer = try await request.value
                        #expect(answer.status == 201, "\(answer)")
                        #expect(answer.body.contains(#""title":"Dune""#))
                    }
                    let exit = try await shelf.program.waitForExit(timeout: .seconds(20))
                    #expect(exit == .exited(status: 0), "\(exit)")
                    let positions = Self.shutdownSequence.map { exit.standardError.range(of: $0)?.lowerBound }
                    #expect(!positions.contains(nil), "\(exit.standardError)")
                    #expect(
                        positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(exit.standardError)")
                }

                // The write-ahead log was copied into the file and removed, with its shared-memory
                // index: nothing to recover.
                for leftover in ["books.sqlite-wal", "books.sqlite-shm"] {
                    #expect(
                        !FileManager.default.fileExists(atPath: directory.file(named: leftover).path), "\(leftover)")
                }
                let database = try DatabaseQueue(path: directory.file(named: "books.sqlite").path)
                let (integrity, books) = try await database.read { db in
                    try (
                        String.fetchOne(db, sql: "PRAGMA integrity_check"),
                        Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book")
                    )
                }
                try database.close()
                #expect(integrity == "ok")
                #expect(books == 3)
            }
        }
    }

    @Test(
        "a teardown that fails is on standard error, the later ones still run, and the exit status is 70",
        arguments: BookshelfFront.allCases)
    func failingTeardown(front: BookshelfFront) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf-stop") { directory in
            try await Bookshelf.with(
                front, instructions: [.init(type: .catalogClient, factory: .catalogFailingToClose)],
                directory: directory
            ) { shelf in
                // An import makes the catalog client, so that there is something to close.
                let answer = try await shelf.client.post("books/import", json: Self.importDune)
                #expect(answer.status == 201)
                #expect(try await shelf.client.get("books").status == 200)

                let exit = await shelf.program.stop()
                #expect(exit == .exited(status: 70), "\(exit)")
                let lines = exit.standardError.split(separator: "\n")
                let failure = lines.first { $0.contains("Teardown failed: 'BookCatalogClient' in global: ") }
                #expect(failure?.contains(" error bookshelf: ") == true, "\(exit.standardError)")
                #expect(failure?.hasSuffix("the stub catalog refuses to close") == true)
                // The catalog (made last) was torn down first; its failure did not stop the store's teardown.
                let refused = lines.firstIndex { $0.contains("bookshelf stub: the catalog refuses to close") }
                let storeClosed = lines.firstIndex { $0.contains("Closed the book store") }
                #expect(refused != nil && storeClosed != nil, "\(exit.standardError)")
                if let refused, let storeClosed { #expect(refused < storeClosed) }
            }
            // The failed teardown did not keep the store from closing clean.
            #expect(!FileManager.default.fileExists(atPath: directory.file(named: "books.sqlite-wal").path))
        }
    }
}
