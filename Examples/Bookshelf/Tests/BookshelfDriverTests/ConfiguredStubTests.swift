import BookshelfCore
import BookshelfStubs
import Foundation
import RelayTesting
import RelayTestingHTTP
import RelayTestingSupport
import Testing

/// Stubs shaped by the test: the clock's date and the catalog's books and failures come with the
/// instruction (a configuration the stub's factory decodes), not from a factory key per scenario.
/// The shaped stubs are a session's, in a program the suite shares; the test about a bad
/// configuration at start-up launches its own.
@Suite("Stubs shaped by the test", .sharedProgram(SharedShelf.hummingbird), .sharedProgram(SharedShelf.vapor))
struct ConfiguredStubTests {
    /// A book the stub catalog does not know unless a test gives it.
    static let fourthBook = CatalogEntry(
        isbn: "9780765326355", title: "The Way of Kings", authors: ["Brandon Sanderson"], pageCount: 1007,
        publishDate: "2010", coverURL: nil)

    /// 2031-07-04T12:00:00Z.
    static let independenceDay = Date(timeIntervalSince1970: 1_941_019_200)

    @Test("the clock's date and the catalog's books come from the test", arguments: BookshelfFront.allCases)
    func dataFromTheTest(front: BookshelfFront) async throws {
        let stubs: [DependencyInstructionLaunchArgument] = [
            .init(type: .bookStore, factory: .inMemoryBookStore),
            try .init(
                type: .clock, factory: .fixedClock, configuration: FixedClock.Configuration(date: Self.independenceDay)),
            .init(type: .idGenerator, factory: .sequentialIDs),
            try .init(
                type: .catalogClient, factory: .stubCatalog,
                configuration: StubCatalogClient.Configuration(entries: [Self.fourthBook])),
        ]
        try await SharedShelf.program(front).withSession(stubs) { session, shelf in
            let answer = try await shelf.client.in(session).post(
                "books/import", json: #"{"isbns":["9780765326355","9780441013593"]}"#)
            #expect(answer.status == 201)
            let result = try BookshelfJSON.decoder.decode(BookImporter.Result.self, from: Data(answer.body.utf8))
            #expect(result.imported.map(\.title) == ["The Way of Kings"])
            #expect(result.imported.map(\.addedAt) == [Self.independenceDay])
            // Dune is one of the default three, which this test's catalog does not know.
            #expect(result.unknown == ["9780441013593"])
        }
    }

    @Test("a catalog that goes down on its second call", arguments: BookshelfFront.allCases)
    func aCatalogThatFailsOnItsSecondCall(front: BookshelfFront) async throws {
        let stubs: [DependencyInstructionLaunchArgument] = [
            .init(type: .bookStore, factory: .inMemoryBookStore), .init(type: .clock, factory: .fixedClock),
            .init(type: .idGenerator, factory: .sequentialIDs),
            try .init(
                type: .catalogClient, factory: .stubCatalog,
                configuration: StubCatalogClient.Configuration(failingFromCall: 2)),
        ]
        try await SharedShelf.program(front).withSession(stubs) { session, shelf in
            let client = shelf.client.in(session)
            let first = try await client.post("books/import", json: #"{"isbns":["9780441013593"]}"#)
            #expect(first.status == 201)
            let second = try await client.post("books/import", json: #"{"isbns":["9780547928227"]}"#)
            #expect(second.status == 502)
            #expect(second.body.contains("the stub catalog is down (call 2)"), "\(second.body)")
        }
    }

    @Test("a configuration that does not decode stops the program, quoting the instruction")
    func aConfigurationThatDoesNotDecode() async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            var launcher = try Bookshelf.launcher(.hummingbird, directory: directory)
            launcher.dependencyInstructions = [#"type=clock,factory=fixedClock,configuration={"date":"soon"}"#]
            let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }
            #expect(error.exit == .exited(status: 64))
            #expect(
                error.standardError.contains(
                    #"Instruction 'type=clock,factory=fixedClock,configuration={"date":"soon"}' carries a "#
                        + "configuration that is not a 'FixedClock.Configuration', which factory 'fixedClock' takes:"),
                "\(error.standardError)")
        }
    }
}
