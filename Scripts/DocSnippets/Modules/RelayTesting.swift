// What the snippets of RelayTesting's doc comments assume (Scripts/check-doc-snippets.py compiles
// each beside this file): the Bookshelf example's keys and stubs, its test helpers, and the values
// the text around a snippet names. Values are never read: the snippets are compiled, not run.
// snippets import: Foundation, Relay, RelayTesting, RelayTestingHTTP, Testing, XCTest, BookshelfCore, BookshelfStubs
import BookshelfCore
import BookshelfStubs
import Foundation
import Relay
import RelayTesting
import RelayTestingHTTP

// MARK: - The test's values

var launcher: ProgramLauncher {
    get { fatalError() }
    set {}
}
var program: LaunchedProgram { fatalError() }
var client: ProgramHTTPClient { fatalError() }
var answers: StubAnswers { fatalError() }
var exit: ProgramExit { fatalError() }
var port: Int { fatalError() }
var dune: CatalogEntry { fatalError() }
var solaris: CatalogEntry { fatalError() }
/// The run's coverage, its launches' and sessions' accounts.
var coverage: WiringCoverage { fatalError() }
/// A launched program's wiring account.
var account: WiringAccount { fatalError() }
/// A session the test opened on a shared program.
var session: ProgramSession { fatalError() }
var catalog: [String: CatalogEntry] { fatalError() }
/// The endpoint a program started elsewhere connects to.
var endpoint: ProgramEndpoint { fatalError() }

/// The built programs: the example's, a tool's, and the example's package.
var bookshelf: ProgramExecutable { fatalError() }
var executable: ProgramExecutable { fatalError() }
var tool: ProgramExecutable { fatalError() }
var example: URL { fatalError() }
/// The database file a test gives the program.
var database: URL { fatalError() }

/// Counts the books in the database at `file`, as a test that reads it after the program stopped.
func countBooks(in file: URL) async throws -> Int { fatalError() }

// MARK: - The example's test helpers (its driver tests' support code)

extension ProgramLauncher {
    /// A launcher of the bookshelf program on a free port.
    static func bookshelf() -> ProgramLauncher { fatalError() }
}

/// A bookshelf under test: the running program and a client for its port.
struct RunningBookshelf: Sendable {
    let program: LaunchedProgram
    let client: ProgramHTTPClient
}

enum Bookshelf {
    /// Launches the bookshelf with `instructions`, runs `body`, then stops it.
    static func with<Result>(
        _ instructions: DependencyInstructionLaunchArgument...,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (RunningBookshelf) async throws -> Result
    ) async throws -> Result { fatalError() }
}

/// The code under test, which resolves its clock from the global container.
struct Checkout {
    func receipt() throws -> Receipt { fatalError() }
}

struct Receipt {
    let date: Date
}

/// The app's clock, and the fixed one its tests register.
protocol Clock: Sendable {
    func now() -> Date
}

struct FixedClock: Clock {
    static let date = Date(timeIntervalSince1970: 1_709_285_400)
    func now() -> Date { Self.date }
}
