import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Talks HTTP to a bookshelf under test, the way any client would.
struct ShelfClient: Sendable {
    let baseURL: URL

    init(port: Int) {
        var components = URLComponents()
        (components.scheme, components.host, components.port) = ("http", "127.0.0.1", port)
        // swift-format-ignore: NeverForceUnwrap
        // Scheme, host and port always make a URL.
        baseURL = components.url!
    }

    func get(_ path: String) async throws -> HTTPAnswer {
        try await send("GET", path)
    }

    func post(_ path: String, json: String) async throws -> HTTPAnswer {
        try await send("POST", path, body: json)
    }

    func delete(_ path: String) async throws -> HTTPAnswer {
        try await send("DELETE", path)
    }

    private func send(_ method: String, _ path: String, body: String? = nil) async throws -> HTTPAnswer {
        var request = URLRequest(url: baseURL.appendingPathComponent(path), timeoutInterval: 30)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return HTTPAnswer(status: status, body: String(decoding: data, as: UTF8.self))
    }
}
