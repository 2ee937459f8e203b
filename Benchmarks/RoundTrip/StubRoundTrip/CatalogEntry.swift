/// The value every round trip carries both ways: a book's catalog entry, a typical small JSON
/// answer of the kind a test fakes (about 200 bytes).
struct CatalogEntry: Codable, Sendable, Equatable {
    let isbn: String
    let title: String
    let authors: [String]
    let publisher: String
    let year: Int
    let pages: Int
    let subjects: [String]

    static let sample = CatalogEntry(
        isbn: "9780441013593",
        title: "Dune",
        authors: ["Frank Herbert"],
        publisher: "Ace Books",
        year: 1965,
        pages: 604,
        subjects: ["Science fiction", "Desert planets", "Ecology", "Politics"]
    )
}
