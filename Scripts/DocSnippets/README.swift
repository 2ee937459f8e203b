// What the README's snippets assume (Scripts/check-doc-snippets.py compiles each beside this file).
// Values are never read: the snippets are compiled, not run.
// snippets import: RelayTesting, RelayTestingHTTP, Testing, ServiceLifecycle, RelayServiceLifecycle, BookshelfCore, BookshelfStubs
import BookshelfCore
import Hummingbird
import Logging
import RelayHummingbird
import RelayTesting
import ServiceLifecycle
import Vapor

// MARK: - The ServiceGroup

var logger: Logging.Logger { fatalError() }
var server: any ServiceLifecycle.Service { fatalError() }

// MARK: - Routes (Hummingbird and Vapor)

/// What the routes resolve; its books answer as JSON on either framework.
struct Shelf: Sendable {
    func books() async throws -> [String] { [] }
}

struct AppRequestContext: UnitOfWorkRequestContext {
    var coreContext: CoreRequestContextStorage
    var unitOfWork: UnitOfWork?
    init(source: Source) { coreContext = .init(source: source) }
}

var router: Hummingbird.Router<AppRequestContext> { fatalError() }

// MARK: - Dynamic dependencies (the example's own types)

var configuration: BookshelfConfiguration { fatalError() }
