import BookshelfCore
import BookshelfStubs
import Foundation
import RelayTesting
import Testing

/// The program's own account of its wiring, read with `LaunchedProgram.wiring()`: what the test
/// injected and what each request really resolved, rather than what the answers suggest.
@Suite("What the program says it wired")
struct WiringAccountTests {
    static let hobbit = #"{"title":"The Hobbit","author":"J. R. R. Tolkien","isbn":"9780547928227"}"#

    @Test("the book store in scope global is the in-memory stub; the rest is the program's own")
    func bookStoreIsTheStub() async throws {
        try await Bookshelf.with(.init(type: .bookStore, factory: .inMemoryBookStore)) { shelf in
            #expect(try await shelf.client.get("books") == HTTPAnswer(status: 200, body: "[]"))

            let wiring = try await shelf.program.wiring()
            let injected = try #require(wiring.injection(for: .bookStore))
            #expect(injected.factoryKey == .inMemoryBookStore)
            #expect(injected.type == "BookStore")
            #expect(injected.lifecycle == .singleton)
            #expect(injected.instanceTypes == ["InMemoryBookStore"])

            let store = try #require(wiring.resolved(.bookStore), "\(wiring)")
            #expect(store.instanceType == "InMemoryBookStore")
            #expect(store.injectedBy == "type=bookStore,factory=inMemoryBookStore")
            #expect(store.requestedBy == "global/Shelf")

            #expect(wiring.resolved(.clock)?.instanceType == "SystemWallClock")
            #expect(wiring.resolved(.idGenerator)?.instanceType == "UUIDGenerator")
            #expect(wiring.resolved(.clock)?.injectedBy == nil)
        }
    }

    @Test("scope=bulkImport clock injection applies only to bulkImport")
    func scopedClockAppliesToImportsOnly() async throws {
        try await Bookshelf.with(
            .init(type: .bookStore, factory: .inMemoryBookStore),
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
            #expect(importClock.instanceType == "FixedClock")
            #expect(importClock.registeredIn == .bulkImport)
            #expect(importClock.requestedBy == "bulkImport/Shelf")
            // ...and everything outside the scope the system clock.
            let globalClocks = wiring.resolutions(of: .clock, in: .global)
            #expect(!globalClocks.isEmpty)
            #expect(globalClocks.allSatisfy { $0.instanceType == "SystemWallClock" }, "\(globalClocks)")

            // Where the scope has no registration of its own, it fell back to global's.
            let importStore = try #require(wiring.resolved(.bookStore, in: .bulkImport))
            #expect(importStore.registeredIn == .global)
            #expect(importStore.instanceType == "InMemoryBookStore")
            #expect(wiring.resolved(.catalogClient, in: .bulkImport)?.instanceType == "CachingCatalogClient")
            #expect(wiring.graph.edges.contains(.init(from: "bulkImport/Shelf", to: "bulkImport/WallClock")))
        }
    }
}
