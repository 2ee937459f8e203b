import BookshelfCore
import BookshelfStubs
import Foundation
import RelayTesting
import RelayTestingHTTP
import Testing

/// The program's own account of its wiring, read with `LaunchedProgram.wiring()`: what the test
/// injected and what each request really resolved, rather than what the answers suggest.
@Suite("What the program says it wired")
struct WiringAccountTests {
    static let hobbit = #"{"title":"The Hobbit","author":"J. R. R. Tolkien","isbn":"9780547928227"}"#

    @Test(
        "the book store in scope global is the in-memory stub; the rest is the program's own",
        arguments: BookshelfFront.allCases)
    func bookStoreIsTheStub(front: BookshelfFront) async throws {
        try await Bookshelf.with(front, .init(type: .bookStore, factory: .inMemoryBookStore)) { shelf in
            #expect(try await shelf.client.get("books") == HTTPAnswer(status: 200, body: "[]"))

            let wiring = try await shelf.program.wiring()
            let injected = try #require(wiring.injection(for: .bookStore))
            #expect(injected.factoryKey == .inMemoryBookStore)
            #expect(injected.type == "BookStore")
            #expect(injected.lifecycle == .singleton)
            #expect(injected.instanceTypes == ["InMemoryBookStore"])

            let store = try #require(wiring.resolved(.bookStore), "\(wiring)")
            #expect(store.returned(InMemoryBookStore.self))
            #expect(store.injectedBy == "type=bookStore,factory=inMemoryBookStore")
            #expect(store.wasRequested(by: Shelf.self))

            #expect(wiring.resolved(.clock)?.returned(SystemWallClock.self) == true)
            #expect(wiring.resolved(.idGenerator)?.returned(UUIDGenerator.self) == true)
            #expect(wiring.resolved(.clock)?.injectedBy == nil)
        }
    }

    @Test("scope=bulkImport clock injection applies only to bulkImport", arguments: BookshelfFront.allCases)
    func scopedClockAppliesToImportsOnly(front: BookshelfFront) async throws {
        try await Bookshelf.with(
            front, .init(type: .bookStore, factory: .inMemoryBookStore),
            .init(type: .catalogClient, factory: .stubCatalog),
            .init(type: .clock, factory: .fixedClock, scope: .bulkImport)
        ) { shelf in
            #expect(try await shelf.client.post("books/import", json: #"{"isbns":["9780441013593"]}"#).status == 201)
            #expect(try await shelf.client.post("books", json: Self.hobbit).status == 201)

            let wiring = try await shelf.program.wiring()
            #expect(wiring.injection(for: .clock, scope: .bulkImport)?.factoryKey == .fixedClock)
            #expect(wiring.injection(for: .clock) == nil)

            // The import's shelf took the scope's fixed clock...
            let importClock = try #require(wiring.resolved(.clock, in: .bulkImport), "\(wiring)")
            #expect(importClock.returned(FixedClock.self))
            #expect(importClock.registeredIn == .bulkImport)
            #expect(importClock.wasRequested(by: Shelf.self, in: .bulkImport))
            // ...and everything outside the scope the system clock.
            let globalClocks = wiring.resolutions(of: .clock, in: .global)
            #expect(!globalClocks.isEmpty)
            #expect(globalClocks.allSatisfy { $0.returned(SystemWallClock.self) }, "\(globalClocks)")

            // Where the scope has no registration of its own, it fell back to global's.
            let importStore = try #require(wiring.resolved(.bookStore, in: .bulkImport))
            #expect(importStore.registeredIn == .global)
            #expect(importStore.returned(InMemoryBookStore.self))
            #expect(wiring.resolved(.catalogClient, in: .bulkImport)?.returned(CachingCatalogClient.self) == true)
            #expect(wiring.graph.edges.contains(.init(from: "bulkImport/Shelf", to: "bulkImport/WallClock")))
        }
    }
}
