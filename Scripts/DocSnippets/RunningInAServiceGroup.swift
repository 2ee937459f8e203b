// What the snippets of "Running in a ServiceGroup" assume (Scripts/check-doc-snippets.py compiles
// each beside this file): the server's router, configuration and services, and its types. Values
// are never read: the snippets are compiled, not run.
// snippets import: Hummingbird, Logging, Relay, RelayHummingbird, RelayServiceLifecycle, ServiceLifecycle
import Hummingbird
import Logging
import Relay
import RelayHummingbird
import ServiceLifecycle

var container: DependencyContainer { fatalError() }
var logger: Logger { fatalError() }
var databasePath: String { fatalError() }

/// The HTTP server, and the other services of the group.
var server: any Service { fatalError() }
var application: any Service { fatalError() }
var queueWorker: any Service { fatalError() }

/// The Hummingbird application's parts.
var router: Router<BasicRequestContext> { fatalError() }
var configuration: ApplicationConfiguration { fatalError() }

protocol BookStore: Sendable {
    func close() async throws
}

struct SQLiteBookStore: BookStore {
    static func open(path: String) async throws -> SQLiteBookStore { fatalError() }
    func close() async throws {}
}

/// What the routes resolve; its books answer as JSON.
struct Shelf: Sendable {
    func books() async throws -> [String] { [] }
}

/// A request's log, flushed when its unit of work ends.
final class RequestLog: Sendable {
    func flush() {}
}
