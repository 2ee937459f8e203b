public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default catalog: Open Library's ISBN API (`GET /isbn/<isbn>.json`, then `GET /authors/<id>.json`
/// for the first author's name), over `URLSession`.
///
/// ```swift
/// let catalog = OpenLibraryCatalogClient(baseURL: URL(string: "https://openlibrary.org")!)
/// let entry = try await catalog.entry(isbn: "9780441478125")
/// catalog.close()
/// ```
public struct OpenLibraryCatalogClient: BookCatalogClient {
    /// Where the catalog lives: `https://openlibrary.org`, or a stand-in with the same API.
    public let baseURL: URL

    /// How long one request may take.
    public let timeout: TimeInterval

    /// The client's own session, so that closing it cancels only its requests.
    private let session: URLSession

    /// Creates a client for the catalog at `baseURL`.
    public init(baseURL: URL, timeout: TimeInterval = 10) {
        self.baseURL = baseURL
        self.timeout = timeout
        session = URLSession(configuration: .ephemeral)
    }

    /// Lets requests already sent finish, then releases the session; later requests fail.
    public func close() {
        session.finishTasksAndInvalidate()
    }

    /// The catalog's entry for an ISBN, or `nil` when the catalog has none.
    public func entry(isbn: String) async throws -> CatalogEntry? {
        guard let edition = try await get(Edition.self, path: "isbn/\(isbn).json") else { return nil }
        var authors: [String] = []
        if let key = edition.authors?.first?.key,
            let author = try await get(Author.self, path: key.trimmingCharacters(in: ["/"]) + ".json")
        {
            authors = [author.name]
        }
        return CatalogEntry(
            isbn: isbn,
            title: edition.title,
            authors: authors,
            pageCount: edition.numberOfPages,
            publishDate: edition.publishDate,
            coverURL: edition.covers?.first.map { "https://covers.openlibrary.org/b/id/\($0)-L.jpg" }
        )
    }

    /// Decodes the JSON at `path`; `nil` for 404.
    private func get<Body: Decodable>(_ type: Body.Type, path: String) async throws -> Body? {
        let url = baseURL.appendingPathComponent(path)
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw CatalogUnavailable(reason: "GET \(url.absoluteString) failed: \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status == 404 { return nil }
        guard (200..<300).contains(status) else {
            throw CatalogUnavailable(reason: "GET \(url.absoluteString) answered \(status)")
        }
        do {
            return try JSONDecoder().decode(Body.self, from: data)
        } catch {
            throw CatalogUnavailable(reason: "GET \(url.absoluteString) sent JSON this client cannot read: \(error)")
        }
    }

    /// An edition as Open Library writes it.
    private struct Edition: Decodable {
        struct AuthorReference: Decodable { var key: String }
        var title: String
        var authors: [AuthorReference]?
        var numberOfPages: Int?
        var publishDate: String?
        var covers: [Int]?

        enum CodingKeys: String, CodingKey {
            case title, authors, covers
            case numberOfPages = "number_of_pages"
            case publishDate = "publish_date"
        }
    }

    private struct Author: Decodable {
        var name: String
    }
}
