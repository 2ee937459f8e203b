public import Relay

/// The program's wiring: every dependency the shelf uses, registered with Relay.
///
/// | type | default | lifecycle |
/// |---|---|---|
/// | ``BookStore`` | ``SQLiteBookStore`` on `--database` | eager singleton (opened at start-up) |
/// | ``WallClock`` | ``SystemWallClock`` | singleton |
/// | ``IDGenerator`` | ``UUIDGenerator`` | singleton |
/// | ``BookCatalogClient`` | ``OpenLibraryCatalogClient`` on `--catalog-url` | singleton |
/// | ``Shelf`` | built from the three above | transient |
///
/// In the ``DependencyContainerScope/bulkImport`` scope: a ``Shelf`` built from the scope (so a
/// clock or ID generator injected there applies to imports only), a ``CachingCatalogClient`` per
/// import, and the ``BookImporter``.
///
/// ```swift
/// try DependencyContainer.global.apply(BookshelfDependencyRegistry(options: options))
/// try DependencyContainer.global.start()   // opens the database
/// ```
public struct BookshelfDependencyRegistry: DependencyRegistryType {
    let options: BookshelfOptions
    let container: DependencyContainer

    /// Creates the registry for a command line, registering into `container`.
    public init(options: BookshelfOptions, container: DependencyContainer = .global) {
        self.options = options
        self.container = container
    }

    /// Registers the defaults, then the `bulkImport` scope.
    public func registerDependencies() throws {
        let options = self.options
        container.register((any BookStore).self, lifecycle: .eagerSingleton) { _ in
            try SQLiteBookStore(path: options.databasePath)
        }
        container.register((any WallClock).self) { _ in SystemWallClock() }
        container.register((any IDGenerator).self) { _ in UUIDGenerator() }
        container.register((any BookCatalogClient).self) { _ in
            OpenLibraryCatalogClient(baseURL: options.catalogURL)
        }
        container.register(Shelf.self, lifecycle: .transient, with: Self.makeShelf)

        let imports = container.container(for: .bulkImport)
        imports.register(Shelf.self, lifecycle: .transient, with: Self.makeShelf)
        imports.register((any BookCatalogClient).self, lifecycle: .transient) { scope in
            try CachingCatalogClient(upstream: scope.root.resolve((any BookCatalogClient).self))
        }
        imports.register(BookImporter.self, lifecycle: .transient) { scope in
            try BookImporter(shelf: scope.resolve(Shelf.self), catalog: scope.resolve((any BookCatalogClient).self))
        }
    }

    /// A shelf from what `container` resolves: a scope's own registrations first, then the root's.
    @Sendable
    static func makeShelf(_ container: DependencyContainer) throws -> Shelf {
        try Shelf(
            store: container.resolve((any BookStore).self),
            clock: container.resolve((any WallClock).self),
            ids: container.resolve((any IDGenerator).self)
        )
    }
}
