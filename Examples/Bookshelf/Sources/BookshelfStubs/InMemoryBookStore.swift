// Debug builds only: a release build compiles this target empty, so no stub ships.
#if DEBUG
public import BookshelfCore
import Synchronization

/// A store that keeps books in memory only: every launch starts with an empty shelf, and no file
/// is touched.
public final class InMemoryBookStore: BookStore {
    private let books: Mutex<[Book]>

    /// Creates a store holding `books`.
    public init(books: [Book] = []) {
        self.books = Mutex(books)
    }

    /// Stores a new book.
    public func insert(_ book: Book) async throws {
        books.withLock { $0.append(book) }
    }

    /// Every book, oldest first (ties broken by identifier).
    public func allBooks() async throws -> [Book] {
        books.withLock { $0 }.sorted { ($0.addedAt, $0.id) < ($1.addedAt, $1.id) }
    }

    /// The book with this identifier, if any.
    public func book(id: String) async throws -> Book? {
        books.withLock { books in books.first { $0.id == id } }
    }

    /// Removes the book with this identifier; whether there was one.
    public func removeBook(id: String) async throws -> Bool {
        books.withLock { books in
            guard let index = books.firstIndex(where: { $0.id == id }) else { return false }
            books.remove(at: index)
            return true
        }
    }

    /// Nothing to close: the books go with the process.
    public func close() async throws {}
}
#endif
