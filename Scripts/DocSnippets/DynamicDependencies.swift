// What the snippets of "Dynamic Dependencies" assume (Scripts/check-doc-snippets.py compiles each
// beside this file): the bookshelf's types, and the keys and indexes the article declares, for the
// snippets that use them. Values are never read: the snippets are compiled, not run.
// snippets import: Foundation, Relay, Testing
import Foundation
import Logging
import Relay

var index: DynamicDependencyIndex { fatalError() }
var root: DependencyContainer { fatalError() }
var logger: Logger { fatalError() }

/// The program's server, which the command runs.
func serve(port: Int) throws {}

struct DefaultModule: DependencyModule {
    func register(in container: DependencyContainer) throws {}
}

struct Book: Sendable {
    static let dune = Book()
    static let solaris = Book()
}

protocol BookStore: Sendable {}

struct InMemoryBookStore: BookStore {
    init(books: [Book]) {}
}

protocol Clock: Sendable {
    func now() -> Date
}

struct FixedClock: Clock {
    let date: Date
    init(now: Date) { date = now }
    func now() -> Date { date }
}

// Declared by the first snippet.
#if !SNIPPET_1
extension DependencyTypeKey {
    static let bookStore: DependencyTypeKey = "bookStore"
    static let clock: DependencyTypeKey = "clock"
}

extension DependencyFactoryKey {
    static let inMemoryStore: DependencyFactoryKey = "inMemoryStore"
    static let fixedClock: DependencyFactoryKey = "fixedClock"
}
#endif

// Declared by the second snippet.
#if !SNIPPET_2
struct BookshelfTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [:]
}
#endif

// Declared by the third and the fifth snippet.
#if !(SNIPPET_3 || SNIPPET_5)
struct StubFactoryIndex: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [:]
}
#endif
