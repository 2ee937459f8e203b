// What the snippets of "Getting Started" assume (Scripts/check-doc-snippets.py compiles each beside
// this file): the types and the registry the article declares, for the snippets that use them, and
// the implementations the text leaves out. Values are never read: the snippets are compiled, not run.
// snippets import: Foundation, Relay
import Foundation
import Relay

struct Book: Sendable {
    var title: String
}

// Declared by the second snippet.
#if !SNIPPET_2
protocol BookStore: Sendable {
    func books() throws -> [Book]
}

protocol Clock: Sendable {
    func now() -> Date
}

struct Shelf {
    let store: any BookStore
    let clock: any Clock
}
#endif

// Declared by the third snippet.
#if !SNIPPET_3
struct DefaultModule: DependencyModule {
    func register(in container: DependencyContainer) throws {}
}
#endif

struct SystemClock: Clock {
    func now() -> Date { Date() }
}

struct SQLiteBookStore: BookStore {
    init(path: String) throws {}
    func books() throws -> [Book] { [] }
}

struct InMemoryBookStore: BookStore {
    init(books: [Book]) {}
    func books() throws -> [Book] { [] }
}

protocol Tracker: Sendable {
    func track(_ event: String)
}

struct AuditTracker: Tracker {
    func track(_ event: String) {}
}

struct MetricsTracker: Tracker {
    func track(_ event: String) {}
}

var container: DependencyContainer { fatalError() }
