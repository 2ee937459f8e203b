// What the snippet of Relay's landing page assumes (Scripts/check-doc-snippets.py compiles it
// beside this file): the bookshelf's types.
// snippets import: Foundation, Relay
import Foundation

protocol BookStore: Sendable {}

struct SQLiteBookStore: BookStore {
    init(path: String) throws {}
}

protocol Clock: Sendable {
    func now() -> Date
}

struct SystemClock: Clock {
    func now() -> Date { Date() }
}

struct Shelf {
    let store: any BookStore
    let clock: any Clock
}
