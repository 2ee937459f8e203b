/// Where the shelf keeps its books.
///
/// The program's default is ``SQLiteBookStore``, a SQLite file; tests inject an in-memory store
/// instead (`-d type=bookStore,factory=inMemoryBookStore`).
public protocol BookStore: Sendable {
    /// Stores a new book.
    func insert(_ book: Book) async throws
    /// Every book, oldest first (ties broken by identifier).
    func allBooks() async throws -> [Book]
    /// The book with this identifier, if any.
    func book(id: String) async throws -> Book?
    /// Removes the book with this identifier; whether there was one.
    func removeBook(id: String) async throws -> Bool
    /// Closes the store at shutdown, after the last request; later calls fail.
    func close() async throws
}
