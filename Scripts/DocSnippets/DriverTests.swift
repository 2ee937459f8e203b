// What the snippets of "Driver Tests" assume (Scripts/check-doc-snippets.py compiles each beside
// this file): the Bookshelf example's own modules, and the values the text around a snippet names.
// Values are never read: the snippets are compiled, not run.
// snippets import: Foundation, RelayTesting, RelayTestingHTTP, Testing, BookshelfCore, BookshelfStubs
import BookshelfCore
import BookshelfStubs
import Foundation
import Logging
import RelayTesting
import RelayTestingHTTP

// The program's side.
var configuration: BookshelfConfiguration { fatalError() }
var logger: Logger { fatalError() }

// The test's side: what an earlier snippet made.
var launcher: ProgramLauncher {
    get { fatalError() }
    set {}
}
var client: ProgramHTTPClient { fatalError() }
var builder: LaunchArgumentBuilder { fatalError() }
var march1st: Date { fatalError() }

/// The in-process twin's set-up, "as above": the program's wiring on a container of the test's own
/// and a parser over the program's indexes.
func wiredContainer() throws -> (DependencyContainer, InjectDependenciesArgumentParser) { fatalError() }

/// Apple's UI-testing class, which Linux's XCTest lacks: the members the snippet uses.
final class XCUIApplication {
    var launchArguments: [String] = []
    func launch() {}
}
