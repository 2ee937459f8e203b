/// What the upstream catalog knows about an edition.
///
/// ```json
/// {"authors":["Ursula K. Le Guin"],"coverURL":"https://covers.openlibrary.org/b/id/8245962-L.jpg","isbn":"9780441478125","pageCount":304,"publishDate":"1987","title":"The Left Hand of Darkness"}
/// ```
public struct CatalogEntry: Codable, Sendable, Hashable {
    /// The ISBN asked about.
    public var isbn: String
    /// The edition's title.
    public var title: String
    /// The authors' names; may be empty when the catalog lists none.
    public var authors: [String]
    /// The number of pages, when known.
    public var pageCount: Int?
    /// The publication date as the catalog writes it ("1987", "March 15, 1987").
    public var publishDate: String?
    /// A large cover image, when there is one.
    public var coverURL: String?

    /// Creates an entry.
    public init(
        isbn: String, title: String, authors: [String], pageCount: Int? = nil, publishDate: String? = nil,
        coverURL: String? = nil
    ) {
        self.isbn = isbn
        self.title = title
        self.authors = authors
        self.pageCount = pageCount
        self.publishDate = publishDate
        self.coverURL = coverURL
    }
}
