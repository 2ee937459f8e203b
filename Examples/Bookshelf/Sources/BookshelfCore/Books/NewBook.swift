/// What a client sends to put a book on the shelf: `POST /books`.
///
/// ```json
/// {"title": "The Left Hand of Darkness", "author": "Ursula K. Le Guin", "isbn": "9780441478125"}
/// ```
public struct NewBook: Codable, Sendable, Hashable {
    /// The title; not blank.
    public var title: String
    /// The author; not blank.
    public var author: String
    /// The ISBN: 10 or 13 characters, digits (an ISBN-10 may end in X). Hyphens and spaces are dropped.
    public var isbn: String

    /// Creates the request body.
    public init(title: String, author: String, isbn: String) {
        self.title = title
        self.author = author
        self.isbn = isbn
    }
}
