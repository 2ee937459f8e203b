// What the snippets of Relay's doc comments assume (Scripts/check-doc-snippets.py compiles each
// beside this file, unless the source file has a prelude of its own): the app the comments talk
// about, a small bookshelf service, and the values the text around a snippet names. Values are
// never read: the snippets are compiled, not run. A snippet that declares one of these itself
// leaves it out here with `#if !SNIPPET_<file>_<n>`.
// snippets import: Foundation, Relay, Testing
import Foundation
import Logging
import Relay
import RelayTesting

// MARK: - The values the text names

var container: DependencyContainer { fatalError() }
var logger: Logger { fatalError() }
var parser: InjectDependenciesArgumentParser { fatalError() }
var someDate: Date { fatalError() }
var event: String { fatalError() }
var cart: Cart { fatalError() }
var order: Order { fatalError() }
var request: HTTPRequest { fatalError() }
func handle(_ request: HTTPRequest) async throws -> HTTPResponse { fatalError() }
func next(_ request: HTTPRequest) async throws -> HTTPResponse { fatalError() }

/// A session's name, from a request's header, and the job to run in it.
var name: String { fatalError() }
var job: Job { fatalError() }
struct Job: Sendable {
    /// The session the job names.
    var session: String { fatalError() }
    func perform() async throws {}
}

// The test's side: a launcher, a launched program and what it says of its wiring.
var launcher: ProgramLauncher {
    get { fatalError() }
    set {}
}
var builder: LaunchArgumentBuilder {
    get { fatalError() }
    set {}
}
var program: LaunchedProgram { fatalError() }
var wiring: WiringAccount { fatalError() }
/// Two resolutions a wiring account reported.
var store: ResolvedDependency { fatalError() }
var importClock: ResolvedDependency { fatalError() }

// MARK: - The bookshelf's types

extension BookStore {
    func close() async throws {}
}

protocol BookStore: Sendable {
    func books() async throws -> [String]
    func close() async throws
}

struct SQLiteBookStore: BookStore {
    init(path: String = "books.sqlite") {}
    func books() async throws -> [String] { [] }
}

struct InMemoryBookStore: BookStore {
    func books() async throws -> [String] { [] }
}

/// A store a stub opens on a temporary file, and closes.
struct TemporaryStore: BookStore {
    init() throws {}
    func books() async throws -> [String] { [] }
}

/// A store a stub opens with books in it.
struct SeededStore: BookStore {
    static func open() async throws -> SeededStore { SeededStore() }
    func books() async throws -> [String] { [] }
}

protocol BookReader: Sendable {}
protocol BookWriter: Sendable {}

/// One class that both reads and writes books.
final class SQLiteStore: BookReader, BookWriter {
    init(path: String) throws {}
}

struct Shelf: Sendable {
    init(store: any BookStore) {}
}

protocol Clock: Sendable {
    func now() -> Date
}

struct SystemClock: Clock {
    func now() -> Date { Date() }
}

struct FixedClock: Clock {
    static let date = Date(timeIntervalSince1970: 0)
    var date = FixedClock.date
    init() {}
    init(now: Date) { date = now }
    func now() -> Date { date }
}

struct FixedClockConfiguration: Codable, Sendable {
    var now: Date
}

struct FeatureFlags: Sendable {}

/// Analytics that report through a named tracker.
struct Analytics: Sendable {
    let tracker: any Tracker
}

protocol Tracker: Sendable {
    func track(_ event: String)
}

struct GoogleTracker: Tracker {
    func track(_ event: String) {}
}

final class HTTPClient: Sendable {}

protocol PaymentGateway: Sendable {}

struct StripeGateway: PaymentGateway {
    init(client: HTTPClient) {}
}

struct Config: Sendable {}

final class Database: Sendable {
    init(config: Config) async throws {}
    static func connect(config: Config) async throws -> Database { fatalError() }
    static func connect() async throws -> Database { fatalError() }
    func begin() async throws -> Transaction { Transaction() }
    func query(_ sql: String) async throws -> [String] { [] }
    func close() async throws {}
}

final class Transaction: Sendable {
    func finish() async throws {}
}

final class MetricsExporter: Sendable {
    init() {}
    func flush() async throws {}
}

/// Not `Sendable`: a `.transient` registration takes it as it is.
final class DraftEditor {
    var text = ""
}

/// Not `Sendable`: it removes its file from any thread, so it takes `.unchecked(_:)`.
final class ScratchFile {
    init() throws {}
    func remove() throws {}
}

struct PricingContext: Sendable {}
struct OrderRepository: Sendable {}
struct Order: Sendable {}
struct OrderService: Sendable {
    init(orders: OrderRepository, pricing: PricingContext) {}
    func place(_ order: Order) async throws {}
}

struct Cart: Sendable {}
struct Receipt: Sendable {
    let date: Date
}
struct CheckoutService: Sendable {
    func checkout(_ cart: Cart) async throws -> Receipt { fatalError() }
}

/// Code under test: it resolves its clock from the global container.
struct Checkout {
    func receipt() async throws -> Receipt {
        Receipt(date: try await DependencyContainer.global.resolve(Clock.self).now())
    }
}

protocol SessionStore: Sendable {}
struct UserSession: Sendable {
    init(userID: String, store: any SessionStore) {}
    static func open(userID: String, store: any SessionStore) async throws -> UserSession { fatalError() }
}
struct ReviewForm: Sendable {
    init(isbn: String, rating: Int) {}
}

struct Report: Sendable {}
struct PDF: Sendable {}
struct PDFExporter: Sendable {
    func render(_ report: Report) throws -> PDF { PDF() }
}

struct HTTPRequest: Sendable {
    /// The values of the header `name`, in order.
    func headerValues(named name: String) -> [String] { [] }
}
struct HTTPResponse: Sendable {}
/// What another framework's middleware throws to answer with a status.
struct HTTPError: Error {
    static func badRequest(_ message: String) -> HTTPError { HTTPError() }
}
struct Command: Sendable {}
struct RequestParser: Sendable {
    func parse(_ request: HTTPRequest) throws -> Command { Command() }
}

// MARK: - The catalog a stub stands in for, answered by the test

protocol BookCatalogClient: Sendable {
    func entry(isbn: String) async throws -> CatalogEntry?
    func search(_ query: String, limit: Int) async throws -> [CatalogEntry]
    func close() async throws
}

struct CatalogEntry: Codable, Sendable {
    var isbn: String
    var title: String
}

struct SearchQuery: Codable, Sendable {
    var query: String
    var limit: Int
}

struct CatalogUnavailable: Error, Codable {
    var reason: String
}

#if !SNIPPET_StubCalls_1
struct AnsweredCatalog: BookCatalogClient {
    let calls: StubCalls
    func entry(isbn: String) async throws -> CatalogEntry? { nil }
    func search(_ query: String, limit: Int) async throws -> [CatalogEntry] { [] }
    func close() async throws {}
}
#endif

#if !SNIPPET_SpiedCalls_1
/// The spy SpiedCalls' snippet shows, for the snippets that use it.
struct SpiedCatalog: BookCatalogClient {
    let calls: SpiedCalls
    let real: any BookCatalogClient
    func entry(isbn: String) async throws -> CatalogEntry? { nil }
    func search(_ query: String, limit: Int) async throws -> [CatalogEntry] { [] }
    func close() async throws {}
}
#endif

// MARK: - The app's wiring: registries, scopes, keys and indexes

struct DefaultDependencyRegistry: DependencyRegistryType {
    func registerDependencies() throws {}
}

struct PaymentsRegistry: DependencyRegistryType {
    func registerDependencies() throws {}
}

struct DefaultModule: DependencyModule {
    func register(in container: DependencyContainer) throws {}
}

#if !SNIPPET_DependencyModule_1
struct PaymentsModule: DependencyModule {
    func register(in container: DependencyContainer) throws {}
}
#endif

#if !SNIPPET_DependencyContainerScope_1
extension DependencyContainerScope {
    static let checkout = DependencyContainerScope("checkout")
}
#endif

extension DependencyContainerScope {
    static let bulkImport = DependencyContainerScope("bulkImport")
}

#if !SNIPPET_DynamicDependencyKey_1
extension DependencyTypeKey {
    static let bookStore: DependencyTypeKey = "bookStore"
}

extension DependencyFactoryKey {
    static let inMemoryStore: DependencyFactoryKey = "inMemoryStore"
}
#endif

extension DependencyTypeKey {
    static let clock: DependencyTypeKey = "clock"
    static let catalogClient: DependencyTypeKey = "catalogClient"
}

extension DependencyFactoryKey {
    static let fixed: DependencyFactoryKey = "fixed"
    static let fixedClock: DependencyFactoryKey = "fixedClock"
    static let inMemoryBookStore: DependencyFactoryKey = "inMemoryBookStore"
    static let answeredCatalog: DependencyFactoryKey = "answeredCatalog"
    static let spiedCatalog: DependencyFactoryKey = "spiedCatalog"
}

// The typed keys a stubs target exports, unless the snippet that shows them declares them.
#if !SNIPPET_TypedDependencyTypeKey_1
extension TypedDependencyTypeKey<any BookStore> {
    static var bookStore: Self { Self(.bookStore) }
}

extension TypedDependencyTypeKey<any Clock> {
    static var clock: Self { Self(.clock) }
}
#endif

#if !SNIPPET_TypedDependencyFactoryKey_1
extension TypedDependencyFactoryKey<any BookStore, Never> {
    static var inMemoryBookStore: Self { Self(.inMemoryBookStore) }
}

extension TypedDependencyFactoryKey<any Clock, FixedClockConfiguration?> {
    static var fixedClock: Self { Self(.fixedClock) }
}
#endif

#if !SNIPPET_DependencyTypeIndexable_1
struct BookshelfTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [:]
}
#endif

// Declared by the snippets that show an index.
#if !(SNIPPET_DependencyFactoryIndexable_1 || SNIPPET_TypedDependencyFactoryIndexable_1 || SNIPPET_TypedDependencyFactory_5 || SNIPPET_StubCalls_1)
struct StubFactoryIndex: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [:]
}
#endif
