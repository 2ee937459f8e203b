import Foundation
import RelayTesting
import Testing

@Suite("Temporary directories")
struct TemporaryDirectoryTests {
    @Test("each test gets a new, empty directory, removed afterwards")
    func removedAfterwards() async throws {
        let (first, second) = try await withTemporaryDirectory(prefix: "bookshelf") { first in
            try await withTemporaryDirectory(prefix: "bookshelf") { second in
                #expect(first != second)
                #expect(try FileManager.default.contentsOfDirectory(atPath: first.url.path).isEmpty)
                try Data("books".utf8).write(to: first.file(named: "books.sqlite"))
                #expect(first.url.lastPathComponent.hasPrefix("bookshelf-"))
                return (first, second)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: first.url.path))
        #expect(!FileManager.default.fileExists(atPath: second.url.path))
    }

    @Test("the directory is removed when the work throws")
    func removedOnThrow() async throws {
        struct Failure: Error {}
        var made: TemporaryDirectory?
        await #expect(throws: Failure.self) {
            try await withTemporaryDirectory { directory in
                made = directory
                throw Failure()
            }
        }
        let directory = try #require(made)
        #expect(!FileManager.default.fileExists(atPath: directory.url.path))
    }
}
