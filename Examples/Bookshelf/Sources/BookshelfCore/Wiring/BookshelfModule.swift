public import Logging
public import Relay

/// The program's wiring: every dependency the shelf uses, registered with Relay.
///
/// | type | default | lifecycle | teardown at shutdown |
/// |---|---|---|---|
/// | ``BookStore`` | ``SQLiteBookStore`` on `--database`, opened by an async factory | eager singleton | checkpoints and closes the database |
/// | ``WallClock`` | ``SystemWallClock`` | singleton | |
/// | ``IDGenerator`` | ``UUIDGenerator`` | singleton | |
/// | ``BookCatalogClient`` | ``OpenLibraryCatalogClient`` on `--catalog-url` | singleton | lets its requests finish, then closes its session |
/// | ``Shelf`` | built from the three above | transient | |
///
/// In the ``DependencyContainerScope/bulkImport`` scope: a ``Shelf`` built from the scope (so a
/// clock or ID generator injected there applies to imports only), a ``CachingCatalogClient`` per
/// import, and the ``BookImporter``.
///
/// Teardowns run at `shutdown()`, newest instance first: the catalog client (made on the first
/// import) before the store (made at start-up). Each says on the logger that it ran.
///
/// ```swift
/// try DependencyContainer.global.apply(BookshelfModule(configuration: configuration, logger: logger))
/// ```
///
/// A test applies it to a root of its own, for the program's wiring without the program's globals.
public struct BookshelfModule: DependencyModule {
    let configuration: BookshelfConfiguration
    let logger: Logger

    /// Creates the module for a configuration.
    ///
    /// - Parameters:
    ///   - configuration: Where the database and the catalog are.
    ///   - logger: Where the teardowns say what they closed.
    public init(configuration: BookshelfConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Registers the defaults into `container`, then its `bulkImport` scope.
    ///
    /// - Parameter container: The root to register in.
    /// - Throws: ``DependencyRegistrationError`` if the catalog client cannot be forwarded.
    public func register(in container: DependencyContainer) throws {
        let (configuration, logger) = (self.configuration, self.logger)
        container.register((any BookStore).self, lifecycle: .eagerSingleton) { _ in
            try await SQLiteBookStore.open(path: configuration.databasePath)
        } teardown: { store in
            try await store.close()
            logger.info("Closed the book store")
        }
        // Resolves nothing: declared, so that the check counts it as checked rather than unknown.
        .dependsOn()
        container.register((any WallClock).self) { _ in SystemWallClock() }.dependsOn()
        container.register((any IDGenerator).self) { _ in UUIDGenerator() }.dependsOn()
        // Registered as itself for its teardown, and answered for the protocol too.
        try container.register(OpenLibraryCatalogClient.self) { _ in
            OpenLibraryCatalogClient(baseURL: configuration.catalogURL)
        } teardown: { client in
            client.close()
            logger.info("Closed the catalog client")
        }
        .dependsOn()
        .implements((any BookCatalogClient).self) { $0 }
        // What `makeShelf` resolves, declared so that `check()` and `--check-dependencies` follow it
        // without building anything.
        container.register(Shelf.self, lifecycle: .transient, with: Self.makeShelf)
            .dependsOn((any BookStore).self, (any WallClock).self, (any IDGenerator).self)
        // One per request: the HTTP layer opens a unit of work for each. It says when it is made
        // and when its unit ends, so a driver can count the two.
        let requests = RequestCounter()
        container.register(RequestLog.self, lifecycle: .unitOfWork) { _ in
            let log = RequestLog(logger: logger, counter: requests)
            log.logger.info("request \(log.id) opened")
            return log
        } teardown: { log in
            log.logger.info("request \(log.id) ended")
        }
        .dependsOn()

        let imports = container.container(for: .bulkImport)
        imports.register(Shelf.self, lifecycle: .transient, with: Self.makeShelf)
            .dependsOn((any BookStore).self, (any WallClock).self, (any IDGenerator).self)
        imports.register((any BookCatalogClient).self, lifecycle: .transient) { scope in
            try CachingCatalogClient(upstream: scope.root.resolve((any BookCatalogClient).self))
        }
        imports.register(BookImporter.self, lifecycle: .transient) { scope in
            try BookImporter(shelf: scope.resolve(Shelf.self), catalog: scope.resolve((any BookCatalogClient).self))
        }
        .dependsOn(Shelf.self, (any BookCatalogClient).self)
    }

    /// A shelf from what `container` resolves: a scope's own registrations first, then the root's.
    ///
    /// Synchronous: the store it takes is opened before the server listens (``BookshelfServer``).
    @Sendable
    static func makeShelf(_ container: DependencyContainer) throws -> Shelf {
        try Shelf(
            store: container.resolve((any BookStore).self),
            clock: container.resolve((any WallClock).self),
            ids: container.resolve((any IDGenerator).self)
        )
    }
}
