import Relay

// A small program's worth of keys, types and factories for the dynamic tests.

protocol Clock: Sendable {
    var now: Int { get }
}

struct SystemClock: Clock {
    var now: Int { 1_000 }
}

struct FixedClock: Clock {
    var now: Int { 0 }
}

protocol BookStore: AnyObject, Sendable {
    var name: String { get }
}

final class SQLiteBookStore: BookStore {
    let name = "sqlite"
}

final class InMemoryBookStore: BookStore {
    let name = "memory"
}

extension DependencyTypeKey {
    static let clock: DependencyTypeKey = "clock"
    static let bookStore: DependencyTypeKey = "bookStore"
    static let store: DependencyTypeKey = "store"
}

extension DependencyFactoryKey {
    static let fixed: DependencyFactoryKey = "fixed"
    static let inMemory: DependencyFactoryKey = "inMemory"
    static let sunny: DependencyFactoryKey = "sunny"
    static let rainy: DependencyFactoryKey = "rainy"
}

struct TypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [
        .clock: (any Clock).self,
        .bookStore: (any BookStore).self,
        // An alias: a second key for the same type.
        .store: (any BookStore).self,
    ]
}

struct TypedStubs: TypedDependencyFactoryIndexable {
    let index: [DependencyFactoryKey: TypedDependencyFactory] = [
        .fixed: TypedDependencyFactory((any Clock).self) { _ in FixedClock() },
        .inMemory: TypedDependencyFactory((any BookStore).self) { _ in InMemoryBookStore() },
    ]
}

struct UntypedStubs: DependencyFactoryIndexable {
    let index: [DependencyFactoryKey: DependencyFactory] = [
        .sunny: { _ in FixedClock() },
        // Wrong on purpose: a store where clocks are expected, caught when resolved.
        .rainy: { _ in InMemoryBookStore() },
    ]
}

/// A root with the program's defaults, and an index with every stub.
struct DynamicProgram {
    let container = DependencyContainer()
    let index = DynamicDependencyIndex()

    init() throws {
        container.register((any Clock).self) { _ in SystemClock() }
        container.register((any BookStore).self) { _ in SQLiteBookStore() }
        container.container(for: "import").register((any Clock).self) { _ in SystemClock() }
        try index.add(TypeIndex())
        try index.add(TypedStubs())
        try index.add(UntypedStubs())
    }

    func parser(
        allowedTypes: Set<DependencyTypeKey>? = nil,
        environment: [String: String]? = nil
    ) -> InjectDependenciesArgumentParser {
        InjectDependenciesArgumentParser(
            index: index, container: container, allowedTypes: allowedTypes, readsEnvironment: false,
            environment: environment, report: .silent)
    }

    /// What every container resolves now, to compare before and after a failed injection.
    func snapshot() throws -> [String] {
        let global = try
            "global clock \(container.resolve((any Clock).self).now), store \(container.resolve((any BookStore).self).name)"
        let scoped = try "import clock \(container.container(for: "import").resolve((any Clock).self).now)"
        return [global, scoped]
    }
}
