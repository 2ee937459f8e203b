// What the snippets of "Lifecycles and Scopes" assume (Scripts/check-doc-snippets.py compiles each
// beside this file): the bookshelf's types and the containers the text names. Values are never
// read: the snippets are compiled, not run.
// snippets import: Foundation, Relay
import Foundation
import Relay

var container: DependencyContainer { fatalError() }
var root: DependencyContainer { fatalError() }
var order: Order { fatalError() }

struct DefaultModule: DependencyModule {
    func register(in container: DependencyContainer) throws {}
}

// Declared by the sixth snippet.
#if !SNIPPET_6
extension DependencyContainerScope {
    static let checkout = DependencyContainerScope("checkout")
}
#endif

protocol BookStore: Sendable {}

struct SQLiteBookStore: BookStore {
    init(path: String) throws {}
}

struct ImportJob {
    init(store: any BookStore) {}
}

/// Shared while a reader has it open: a `.weak` registration needs a class.
final class ReaderSession: Sendable {}

protocol SearchIndex: Sendable {}

struct LuceneIndex: SearchIndex {
    init(store: any BookStore) {}
}

final class Database: Sendable {
    func begin() async throws -> Transaction { Transaction() }
}

final class Transaction: Sendable {
    func commit() async throws {}
}

struct Order: Sendable {}

struct OrderService {
    init(transaction: Transaction) {}
    func place(_ order: Order) async throws {}
}

struct FeatureFlags: Sendable {}

protocol Clock: Sendable {
    func now() -> Date
}

struct SystemClock: Clock {
    func now() -> Date { Date() }
}

struct FixedClock: Clock {
    func now() -> Date { Date(timeIntervalSince1970: 0) }
}

struct PriceList: Sendable {
    let clock: any Clock
}

protocol BookReader: Sendable {}
protocol BookWriter: Sendable {}

final class SQLiteStore: BookReader, BookWriter {
    init(path: String) throws {}
}
