import BookshelfCore
import Foundation
import RelayTesting
import RelayTestingHTTP
import Testing

/// With its real default, the shelf keeps its books in a SQLite file.
@Suite("A shelf on its real SQLite store")
struct PersistenceTests {
    @Test("books survive a restart of the process", arguments: BookshelfFront.allCases)
    func survivesRestart(front: BookshelfFront) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            let added = try await Bookshelf.with(front, directory: directory) { shelf in
                let answer = try await shelf.client.post(
                    "books",
                    json: #"{"title":"The Left Hand of Darkness","author":"Ursula K. Le Guin","isbn":"9780441478125"}"#)
                #expect(answer.status == 201)
                #expect(FileManager.default.fileExists(atPath: shelf.database.path))

                // A polite stop: the server shuts down gracefully and exits 0.
                let exit = await shelf.program.stop()
                #expect(exit == .exited(status: 0))
                #expect(exit.standardError.contains("info bookshelf: [\(front.module)] bookshelf stopped"), "\(exit)")
                return answer.body
            }
            let book = try BookshelfJSON.decoder.decode(Book.self, from: Data(added.utf8))
            #expect(UUID(uuidString: book.id) != nil)

            try await Bookshelf.with(front, directory: directory) { shelf async throws in
                #expect(try await shelf.client.get("books") == HTTPAnswer(status: 200, body: "[\(added)]"))
                #expect(try await shelf.client.get("books/\(book.id)") == HTTPAnswer(status: 200, body: added))
            }
        }
    }

    @Test("the database file is created on first run, in the working directory by default")
    func defaultDatabaseFile() async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            let launcher = ProgramLauncher(
                executable: try ProgramExecutable.product("bookshelf"),
                arguments: ["--port", "0"],
                readiness: .outputLine(containing: Bookshelf.readyLine),
                workingDirectory: directory.url
            )
            try await withLaunchedProgram(launcher) { _ in
                #expect(FileManager.default.fileExists(atPath: directory.file(named: "books.sqlite").path))
            }
        }
    }
}
