import Foundation
import GRDB

/// The shelf's default store: a SQLite database file in WAL mode, created with its table on first
/// use, and closed cleanly at shutdown.
///
/// ```swift
/// let store = try await SQLiteBookStore.open(path: "books.sqlite")
/// try await store.insert(book)
/// try await store.close()   // checkpoints the write-ahead log into the file
/// ```
public final class SQLiteBookStore: BookStore {
    private let database: DatabasePool

    private init(database: DatabasePool) {
        self.database = database
    }

    /// Opens (or creates) the database file at `path` and brings its schema up to date.
    ///
    /// The migration runs on GRDB's writer queue, so opening does not hold a thread of the
    /// program's cooperative pool while the schema changes.
    ///
    /// - Parameter path: The database file's path; its directory must exist.
    /// - Throws: GRDB's `DatabaseError` when the file cannot be opened or migrated.
    public static func open(path: String) async throws -> SQLiteBookStore {
        let database = try DatabasePool(path: path)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            migrator.asyncMigrate(database) { result in
                continuation.resume(with: result.map { _ in () })
            }
        }
        return SQLiteBookStore(database: database)
    }

    /// Copies the write-ahead log into the database file and closes every connection.
    ///
    /// After it, the file alone holds every book and the `-wal` and `-shm` files are gone, so the
    /// next open has nothing to recover. Calls made after it fail.
    ///
    /// - Throws: GRDB's `DatabaseError` when the log cannot be checkpointed or a connection
    ///   cannot be closed.
    public func close() async throws {
        try await database.writeWithoutTransaction { db in
            _ = try db.checkpoint(.truncate)
        }
        // Closing waits for the database's queues, so it runs on a Dispatch thread rather than
        // holding one of the cooperative pool's few threads.
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async { [database] in
                continuation.resume(
                    with: Result {
                        // GRDB's `close()` closes the writer before the readers (GRDB issue 739).
                        // The last connection to close then is a read-only one, which cannot
                        // remove the log, and the `-wal` and `-shm` files stay. Closing the
                        // readers first (`releaseMemory()` does) leaves the writer last.
                        database.releaseMemory()
                        try database.close()
                    })
            }
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createBook") { db in
            try db.create(table: "book") { table in
                table.primaryKey("id", .text)
                table.column("title", .text).notNull()
                table.column("author", .text).notNull()
                table.column("isbn", .text).notNull()
                table.column("addedAt", .datetime).notNull()
            }
        }
        return migrator
    }

    /// Stores a new book.
    public func insert(_ book: Book) async throws {
        try await database.write { db in try BookRow(book).insert(db) }
    }

    /// Every book, oldest first (ties broken by identifier).
    public func allBooks() async throws -> [Book] {
        try await database.read { db in
            try BookRow.order(Column("addedAt"), Column("id")).fetchAll(db).map(\.book)
        }
    }

    /// The book with this identifier, if any.
    public func book(id: String) async throws -> Book? {
        try await database.read { db in try BookRow.fetchOne(db, key: id)?.book }
    }

    /// Removes the book with this identifier; whether there was one.
    public func removeBook(id: String) async throws -> Bool {
        try await database.write { db in try BookRow.deleteOne(db, key: id) }
    }
}

/// A book as a row of the `book` table.
private struct BookRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "book"

    var id: String
    var title: String
    var author: String
    var isbn: String
    var addedAt: Date

    init(_ book: Book) {
        (id, title, author, isbn, addedAt) = (book.id, book.title, book.author, book.isbn, book.addedAt)
    }

    var book: Book { Book(id: id, title: title, author: author, isbn: isbn, addedAt: addedAt) }
}
