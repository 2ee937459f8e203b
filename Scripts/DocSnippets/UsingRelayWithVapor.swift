// What the snippets of "Using Relay with Vapor" assume (Scripts/check-doc-snippets.py compiles each
// beside this file). Values are never read: the snippets are compiled, not run.
// snippets import: Foundation, Relay, RelayVapor, Vapor, RelayTesting, RelayTestingHTTP, Testing
import Foundation
import Relay
import Vapor

// MARK: - The service's own types

final class DatabasePool: Sendable {
    static func open(path: String) async throws -> DatabasePool { DatabasePool() }
    func close() async throws {}
}

final class RequestCounter: Sendable {
    func next() -> Int { 0 }
}

struct RequestLog: Sendable {
    let logger: Logger
    let id: Int
}

struct Orders: Sendable {
    let pool: DatabasePool
    let log: RequestLog
    func recent() async throws -> [String] { [] }
}

// MARK: - Declared by the article's first program

#if !SNIPPET_2
struct AppModule: DependencyModule {
    let logger: Logger
    func register(in container: DependencyContainer) throws {}
}
#endif

var app: Application { fatalError() }

// MARK: - The keys and stubs drivers may inject

struct AppTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [:]
}

struct AppStubIndex: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [:]
}

extension DependencyTypeKey {
    static let clock: DependencyTypeKey = "clock"
}

extension DependencyFactoryKey {
    static let fixedClock: DependencyFactoryKey = "fixedClock"
}
