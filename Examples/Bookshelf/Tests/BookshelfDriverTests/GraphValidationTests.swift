import BookshelfCore
import BookshelfStubs
import Foundation
import Logging
import RelayTesting
import Testing

/// The wiring checked in-process, without launching anything: every registration builds, with the
/// defaults and with each stub a driver can inject.
@Suite("The wiring's dependency graph")
struct GraphValidationTests {
    /// A root wired as the program wires the global one, with its database in `directory`.
    static func wiredRoot(in directory: TemporaryDirectory) throws -> DependencyContainer {
        let root = DependencyContainer()
        let configuration = BookshelfConfiguration(databasePath: directory.file(named: "books.sqlite").path)
        try root.apply(BookshelfModule(configuration: configuration, logger: Logger(label: "bookshelf-tests")))
        return root
    }

    // The store's factory awaits, so the graph is checked with the async `validate()`.
    @Test func theDefaultGraphIsComplete() async throws {
        let directory = try TemporaryDirectory(prefix: "bookshelf-graph")
        defer { directory.remove() }
        let root = try Self.wiredRoot(in: directory)
        try await root.validate()
        try await root.shutdown()
    }

    @Test(arguments: [
        "type=bookStore,factory=inMemoryBookStore",
        "type=clock,factory=fixedClock,scope=bulkImport",
        "type=idGenerator,factory=sequentialIDs,lifecycle=transient",
        "type=catalogClient,factory=stubCatalog,scope=bulkImport",
        #"type=catalogClient,factory=stubCatalog,configuration={"failingFromCall":1}"#,
    ])
    func theGraphWithAStubInjectedIsComplete(instruction: String) async throws {
        let directory = try TemporaryDirectory(prefix: "bookshelf-graph")
        defer { directory.remove() }
        let root = try Self.wiredRoot(in: directory)
        let index = DynamicDependencyIndex()
        try index.add(BookshelfTypeIndex())
        try index.add(BookshelfStubFactoryIndex())
        try InjectDependenciesArgumentParser(index: index, container: root, readsEnvironment: false, report: .silent)
            .parse(arguments: ["bookshelf", "-d", instruction])
        try await root.validate()
        try await root.shutdown()
    }

    @Test func theGraphShowsWhatEachFactoryUses() async throws {
        let directory = try TemporaryDirectory(prefix: "bookshelf-graph")
        defer { directory.remove() }
        let root = try Self.wiredRoot(in: directory)
        let graph = await root.dependencyGraph()
        try await root.shutdown()
        #expect(graph.failures.isEmpty)
        // The module declares what each factory resolves, and the build saw it resolve just that.
        for dependency in ["BookStore", "WallClock", "IDGenerator"] {
            #expect(graph.edges.contains(.init(from: "global/Shelf", to: "global/\(dependency)", isDeclared: true)))
        }
        // The import scope's shelf falls back to the global store.
        #expect(graph.edges.contains(.init(from: "bulkImport/Shelf", to: "global/BookStore", isDeclared: true)))
        #expect(
            graph.edges.contains(
                .init(from: "bulkImport/BookImporter", to: "bulkImport/BookCatalogClient", isDeclared: true)))
        // The import's caching client resolves the root's client, past its own scope: undeclared.
        #expect(graph.edges.contains(.init(from: "bulkImport/BookCatalogClient", to: "global/BookCatalogClient")))
        #expect(graph.edges.allSatisfy { $0.isObserved }, "every declared dependency was resolved")
    }
}
