import BookshelfCore
import BookshelfStubs
import Foundation
import RelayTesting
import RelayTestingHTTP
import Testing

/// Each request runs in a unit of work of its own (the `UnitOfWorkMiddleware` of RelayHummingbird
/// or RelayVapor): its `RequestLog` is built once for it and closed once its response has been
/// written, also when the request fails, and only after a streamed body's last byte.
@Suite("One unit of work per request")
struct RequestUnitTests {
    static let stubs: [DependencyInstructionLaunchArgument] = [
        .init(type: .bookStore, factory: .inMemoryBookStore),
        .init(type: .clock, factory: .fixedClock),
        .init(type: .idGenerator, factory: .sequentialIDs),
    ]

    static let dune = #"{"author":"Frank Herbert","isbn":"978-0-441-01359-3","title":"Dune"}"#

    @Test(
        "each request has a unit of its own, ended when it is answered, also when it fails",
        arguments: BookshelfFront.allCases)
    func oneUnitPerRequest(front: BookshelfFront) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            try await Bookshelf.with(front, instructions: Self.stubs, directory: directory) { shelf in
                #expect(try await shelf.client.get("books").status == 200)
                #expect(try await shelf.client.get("books/no-such-book").status == 404)
                #expect(try await shelf.client.post("books", json: #"{"title":""}"#).status == 400)
                _ = try await shelf.program.waitForOutput(containing: "request r3 ended")
                let log = shelf.program.standardError
                for id in ["r1", "r2", "r3"] {
                    #expect(log.components(separatedBy: "request \(id) ended").count == 2, "\(id) ended once: \(log)")
                }
                #expect(!log.contains("request r4"))
            }
        }
    }

    @Test(
        "a streamed body still uses its request's unit; the unit ends after the last byte",
        arguments: BookshelfFront.allCases)
    func aStreamedBodyOutlivesItsHandlerNotItsUnit(front: BookshelfFront) async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            try await Bookshelf.with(front, instructions: Self.stubs, directory: directory) { shelf in
                #expect(try await shelf.client.post("books", json: Self.dune).status == 201)
                let export = try await shelf.client.get("books/export")
                #expect(export.status == 200)
                #expect(export.body.split(separator: "\n").count == 1)
                #expect(export.body.contains(#""title":"Dune""#))
                _ = try await shelf.program.waitForOutput(containing: "request r2 ended")
                let log = shelf.program.standardError
                let streamed = try #require(log.range(of: "request r2 streamed 1 books"))
                let ended = try #require(log.range(of: "request r2 ended"))
                #expect(streamed.upperBound < ended.lowerBound, "the unit ended before the body was written: \(log)")
            }
        }
    }
}
