// What the snippets of RelayHummingbird's doc comments assume (Scripts/check-doc-snippets.py
// compiles each beside this file): the service's request context, router and types. Values are
// never read: the snippets are compiled, not run.
// snippets import: Hummingbird, Relay, RelayHummingbird
import Hummingbird
import Relay
import RelayHummingbird

#if !SNIPPET_UnitOfWorkRequestContext_1
struct AppRequestContext: UnitOfWorkRequestContext {
    var coreContext: CoreRequestContextStorage
    var unitOfWork: UnitOfWork?
    init(source: Source) { coreContext = .init(source: source) }
}
#endif

var router: Router<AppRequestContext> { fatalError() }

/// What the routes resolve; its answers are JSON.
struct Shelf: Sendable {
    func books() async throws -> [String] { [] }
}

struct OrderService: Sendable {
    func list() async throws -> [String] { [] }
}
