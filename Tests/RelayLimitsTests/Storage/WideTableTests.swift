import Relay
import RelayTestSupport
import Testing

/// A generic wrapper: `Nest<Nest<Seed>>` and `Nest<Seed>` are distinct types, made at run time.
private protocol Nestable: Sendable { init() }
private struct Seed: Nestable {}
private struct Nest<Inner: Nestable>: Nestable {}

@Suite("Wide tables")
struct WideTableTests {
    @Test("ten thousand registrations start and resolve")
    func tenThousandRegistrationsStartAndResolve() throws {
        let root = DependencyContainer()
        let count = 10_000
        let built = Counter()
        for index in 0..<count {
            root.register(Int.self, name: "\(index)", lifecycle: index.isMultiple(of: 2) ? .eagerSingleton : .singleton)
            {
                _ in
                built.increment()
                return index
            }
        }
        try root.startSynchronously()
        #expect(built.value == count / 2)
        for index in stride(from: 0, to: count, by: 1) {
            #expect(try root.resolve(Int.self, name: "\(index)") == index)
        }
        #expect(built.value == count)
        #expect(try root.resolveAll(Int.self).count == count)
    }

    /// Registers a transient factory for `type` that records `index` each time it runs.
    private static func register<Service: Nestable>(
        _ type: Service.Type,
        index: Int,
        in container: DependencyContainer,
        hits: Locked<[Int]>
    ) {
        container.register(type, lifecycle: .transient) { _ in
            hits.withLock { $0.append(index) }
            return Service()
        }
    }

    private static func resolve<Service: Nestable>(_ type: Service.Type, in container: DependencyContainer) throws {
        _ = try container.resolve(type)
    }

    private static func deeper<Inner: Nestable>(_: Inner.Type) -> any Nestable.Type {
        Nest<Inner>.self
    }

    @Test("hundreds of distinct types each find their own registration")
    func hundredsOfUnnamedTypesEachFindTheirOwnRegistration() throws {
        let container = DependencyContainer()
        let hits = Locked<[Int]>([])
        var types: [any Nestable.Type] = [Seed.self]
        while types.count < 600 {
            let innermost = types[types.count - 1]
            types.append(Self.deeper(innermost))
        }
        for (index, type) in types.enumerated() {
            Self.register(type, index: index, in: container, hits: hits)
        }
        for type in types.reversed() {
            try Self.resolve(type, in: container)
        }
        // Each type ran its own factory, and only its own.
        #expect(hits.withLock { $0 } == Array((0..<600).reversed()))
        // A type never registered is still missing, however full the table is.
        #expect(!container.isRegistered(Nest<Nest<Seed>>?.self))
    }
}
