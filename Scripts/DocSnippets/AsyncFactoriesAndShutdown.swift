// What the snippets of "Async Factories and Shutdown" assume (Scripts/check-doc-snippets.py compiles
// each beside this file): the server's types. Values are never read: the snippets are compiled,
// not run.
// snippets import: Foundation, Relay
import Foundation

struct Config: Sendable {
    var databaseURL: URL
    static func load() throws -> Config { fatalError() }
}

final class Database: Sendable {
    static func connect(to url: URL) async throws -> Database { fatalError() }
    func close() async throws {}
}

protocol BookStore: Sendable {}

struct SQLBookStore: BookStore {
    init(database: Database) {}
}
