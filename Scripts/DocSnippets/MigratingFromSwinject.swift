// What the snippets of "Migrating from Swinject" assume (Scripts/check-doc-snippets.py compiles
// each beside this file): the bookshelf's types. Values are never read: the snippets are compiled,
// not run.
// snippets import: Foundation, Relay
import Foundation
import Relay

var container: DependencyContainer { fatalError() }

protocol BookStore: Sendable {}
protocol BookSearch: Sendable {}

final class SQLiteBookStore: BookStore, BookSearch {
    init(path: String) throws {}
}

protocol Clock: Sendable {
    func now() -> Date
}

struct FixedClock: Clock {
    func now() -> Date { Date(timeIntervalSince1970: 0) }
}

struct Shelf: Sendable {
    let store: any BookStore
    let clock: any Clock
}

struct ClockModule: DependencyModule {
    func register(in container: DependencyContainer) throws {}
}

/// The other side of the cycle the `Lazy` breaks: it holds the catalog it is built with (the
/// snippet's own class).
final class Library: Sendable {
    init(catalog: Any) {}
}

struct ReviewForm {
    init(isbn: String, rating: Int, store: any BookStore) {}
}

final class Database: Sendable {
    static func connect() async throws -> Database { fatalError() }
    func close() async throws {}
}
