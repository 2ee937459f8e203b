// What the snippets of "Stubs the Test Answers" assume (Scripts/check-doc-snippets.py compiles each
// beside this file): the Bookshelf example's catalog, and the values the text around a snippet
// names. Values are never read: the snippets are compiled, not run.
// snippets import: RelayTesting, Testing, BookshelfCore, BookshelfStubs
import BookshelfCore
import RelayTesting

/// The protocol of three methods the first snippet's stub stands in for.
protocol Greeter: Sendable {
    func greeting(for name: String) async throws -> String
    func count() async throws -> Int
    func reset() async throws
}

// The test's side.
var wayOfKings: CatalogEntry { fatalError() }
var dune: CatalogEntry { fatalError() }
var port: Int { fatalError() }
var directory: TemporaryDirectory { fatalError() }

/// The example's launcher helper (its driver tests' support code).
enum Bookshelf {
    static func launcher(port: Int, directory: TemporaryDirectory) throws -> ProgramLauncher { fatalError() }
}

// The in-process twin: the test's container and index, the stubs and their answers.
var index: DynamicDependencyIndex { fatalError() }
var container: DependencyContainer { fatalError() }
var answers: StubAnswers { fatalError() }
var stubs: [DependencyInstructionLaunchArgument] { fatalError() }
