import Foundation

/// The shelf's rules: checks what is added, stamps it with an identifier and a date, stores it.
///
/// A shelf is cheap and built per request from the container it is resolved in, so a scope that
/// registers its own clock or ID generator gets a shelf that uses them.
///
/// ```swift
/// let shelf = try container.resolve(Shelf.self)
/// let book = try await shelf.add(NewBook(title: "Dune", author: "Frank Herbert", isbn: "9780441013593"))
/// ```
public struct Shelf: Sendable {
    let store: any BookStore
    let clock: any WallClock
    let ids: any IDGenerator

    /// Creates a shelf over a store, with a clock and an ID generator for new books.
    public init(store: any BookStore, clock: any WallClock, ids: any IDGenerator) {
        self.store = store
        self.clock = clock
        self.ids = ids
    }

    /// Puts a book on the shelf.
    ///
    /// - Returns: The stored book, with its identifier and the time it was added.
    /// - Throws: ``InvalidBook`` when a field is blank or the ISBN is malformed; the store's errors.
    public func add(_ new: NewBook) async throws -> Book {
        let title = new.title.trimmingCharacters(in: .whitespacesAndNewlines)
        let author = new.author.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw InvalidBook(reason: "title must not be blank") }
        guard !author.isEmpty else { throw InvalidBook(reason: "author must not be blank") }
        let isbn = try Self.normalizedISBN(new.isbn)
        let book = Book(id: ids.nextID(), title: title, author: author, isbn: isbn, addedAt: clock.now())
        try await store.insert(book)
        return book
    }

    /// Every book, oldest first.
    public func books() async throws -> [Book] {
        try await store.allBooks()
    }

    /// The book with this identifier, if any.
    public func book(id: String) async throws -> Book? {
        try await store.book(id: id)
    }

    /// Takes a book off the shelf; whether there was one.
    public func remove(id: String) async throws -> Bool {
        try await store.removeBook(id: id)
    }

    /// The ISBN without hyphens or spaces, checked for length and characters.
    ///
    /// - Throws: ``InvalidBook`` naming the ISBN when it is malformed.
    public static func normalizedISBN(_ raw: String) throws -> String {
        let isbn = raw.filter { $0 != "-" && $0 != " " }.uppercased()
        let digits = isbn.dropLast().allSatisfy(\.isASCIIDigit)
        let last = isbn.last.map { $0.isASCIIDigit || (isbn.count == 10 && $0 == "X") } ?? false
        guard (isbn.count == 10 || isbn.count == 13) && digits && last else {
            throw InvalidBook(reason: "isbn '\(raw)' must have 10 or 13 digits")
        }
        return isbn
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
