public import Foundation

/// A book on the shelf, as stored and as served.
///
/// ```json
/// {"addedAt":"2024-03-01T09:30:00Z","author":"Ursula K. Le Guin","id":"book-1","isbn":"9780441478125","title":"The Left Hand of Darkness"}
/// ```
public struct Book: Codable, Sendable, Hashable {
    /// The book's identifier, made by the ``IDGenerator`` when the book was added.
    public var id: String
    /// The title.
    public var title: String
    /// The author, as printed on the cover.
    public var author: String
    /// The ISBN, digits only (ISBN-10 or ISBN-13).
    public var isbn: String
    /// When the book was put on the shelf, by the ``WallClock``.
    public var addedAt: Date

    /// Creates a book.
    public init(id: String, title: String, author: String, isbn: String, addedAt: Date) {
        self.id = id
        self.title = title
        self.author = author
        self.isbn = isbn
        self.addedAt = addedAt
    }
}
