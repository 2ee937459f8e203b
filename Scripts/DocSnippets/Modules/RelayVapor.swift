// What the snippets of RelayVapor's doc comments assume (Scripts/check-doc-snippets.py compiles
// each beside this file): the application and the service's types. Values are never read: the
// snippets are compiled, not run.
// snippets import: Foundation, Relay, RelayVapor, Vapor
import Relay
import Vapor

var app: Application { fatalError() }
var environment: Environment { fatalError() }

/// What the routes resolve; its answers are JSON.
struct Shelf: Sendable {
    func books() async throws -> [String] { [] }
}

/// One line of an export.
func line(for book: String) -> ByteBuffer { ByteBuffer(string: book + "\n") }

struct BookshelfRegistry: DependencyRegistryType {
    func registerDependencies() throws {}
}
