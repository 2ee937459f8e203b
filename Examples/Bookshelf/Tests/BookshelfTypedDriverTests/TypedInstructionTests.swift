import BookshelfCore
import BookshelfStubs
import Foundation
import RelayTesting
import Testing

/// Instructions built from the typed keys BookshelfStubs exports. The compiler refuses a factory
/// paired with another type or a configuration of the wrong type (the Driver Tests article keeps
/// both as snippets that must not compile); what it cannot see, a key whose tag the program does
/// not know as that type, the launcher finds in the program's index before it starts the program.
@Suite("Typed instructions")
struct TypedInstructionTests {
    /// 2031-07-04T12:00:00Z.
    static let independenceDay = Date(timeIntervalSince1970: 1_941_019_200)

    /// The Hummingbird program on a port the system picks, its database in `directory`.
    static func launcher(in directory: TemporaryDirectory) throws -> ProgramLauncher {
        ProgramLauncher(
            executable: try ProgramExecutable.product("bookshelf"),
            arguments: ["--port", "0", "--database", directory.file(named: "books.sqlite").path],
            readiness: .outputLine(containing: "bookshelf listening on"),
            workingDirectory: directory.url)
    }

    @Test("the stubs typed instructions name are the ones the program injects, configuration included")
    func typedInstructionsReachTheProgram() async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            var launcher = try Self.launcher(in: directory)
            try launcher.inject(
                DependencyInstructionLaunchArgument(replacing: .bookStore, with: .inMemoryBookStore),
                try DependencyInstructionLaunchArgument(
                    replacing: .clock, with: .fixedClock,
                    configuration: FixedClock.Configuration(date: Self.independenceDay)),
                // An optional configuration may be left out.
                DependencyInstructionLaunchArgument(replacing: .catalogClient, with: .stubCatalog))
            try await withLaunchedProgram(launcher) { program in
                let wiring = try await program.wiring()
                #expect(wiring.injection(for: .bookStore)?.factoryKey == .inMemoryBookStore)
                #expect(wiring.injection(for: .clock)?.factoryKey == .fixedClock)
                #expect(wiring.injection(for: .catalogClient)?.factoryKey == .stubCatalog)
            }
        }
    }

    @Test("a typed key whose tag the program does not know fails the launch before the program starts")
    func unknownTag() async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            var launcher = try Self.launcher(in: directory)
            try launcher.inject(
                DependencyInstructionLaunchArgument(
                    replacing: TypedDependencyTypeKey<any WallClock>("clokc"), with: .fixedClock))

            let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }

            #expect(error.code == .instructionRejected)
            #expect(error.summary.contains("Unknown type key 'clokc'. Did you mean 'clock'?"), "\(error)")
            // Nothing started: no exit to report, no database opened.
            #expect(error.exit == nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
        }
    }

    @Test("a typed factory key whose tag names another type's factory fails before the program starts")
    func tagOfAnotherType() async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            var launcher = try Self.launcher(in: directory)
            // Compiles: the key claims to make a clock. The program's index says otherwise.
            let mislabelled = TypedDependencyFactoryKey<any WallClock, Never>(.sequentialIDs)
            try launcher.inject(DependencyInstructionLaunchArgument(replacing: .clock, with: mislabelled))

            let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }

            #expect(error.code == .instructionRejected)
            #expect(
                error.summary.contains(
                    "Factory 'sequentialIDs' produces 'IDGenerator', but type key 'clock' names 'WallClock'"),
                "\(error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
        }
    }

    @Test("a stub the test answers, with nothing to answer it, fails before the program starts")
    func answeredWithoutAnswers() async throws {
        try await withTemporaryDirectory(prefix: "bookshelf") { directory in
            var launcher = try Self.launcher(in: directory)
            try launcher.inject(DependencyInstructionLaunchArgument(replacing: .catalogClient, with: .answeredCatalog))

            let error = try await #require(throws: ProgramLaunchError.self) { try await launcher.launch() }

            #expect(error.code == .instructionRejected)
            #expect(error.summary.contains("a stub whose calls the test answers"), "\(error)")
        }
    }

    @Test("each program checks its own wiring and exits, in one line", arguments: ["bookshelf", "bookshelf-vapor"])
    func programChecksItself(product: String) async throws {
        let report = try await ProgramLauncher(executable: .product(product)).checkDependencies()

        #expect(report.index.types.keys.sorted() == ["bookStore", "catalogClient", "clock", "idGenerator"])
        #expect(report.index.factories["fixedClock"]?.configurationIsOptional == true)
        // Every registration declares its dependencies but the import's caching client, which
        // resolves the root's client past its own scope.
        #expect(report.checkedRegistrations == 9)
        #expect(report.unchecked.map { $0.prefix(while: { $0 != ":" }) } == ["bulkImport/BookCatalogClient"])
    }
}
