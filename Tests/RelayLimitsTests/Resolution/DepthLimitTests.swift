import Relay
import Testing

/// A link in a long chain: each holds the next.
private final class Link: Sendable {
    let next: Link?
    init(next: Link?) { self.next = next }

    var length: Int {
        var count = 1
        var link = next
        while let current = link {
            count += 1
            link = current.next
        }
        return count
    }
}

@Suite("Deep and wide graphs")
struct DeepGraphTests {
    @Test(arguments: [LifecycleType.singleton, .transient])
    func aChainOfAThousandResolves(lifecycle: LifecycleType) throws {
        let root = DependencyContainer()
        let length = 1_000
        for index in 0..<length {
            root.register(Link.self, name: "\(index)", lifecycle: lifecycle) { container in
                index == length - 1
                    ? Link(next: nil) : try Link(next: container.resolve(Link.self, name: "\(index + 1)"))
            }
        }
        // On a thread of the size a program's main thread has (8 MiB), not the test runner's.
        let resolvedLength = Locked<Int?>(nil)
        #expect(
            concurrently(threads: 1, stackSize: 8 << 20) { _ in
                let head = try? root.resolve(Link.self, name: "0")
                resolvedLength.withLock { $0 = head?.length }
            })
        #expect(resolvedLength.withLock { $0 } == length)
    }

    @Test func beyondTheDepthLimitTheErrorShowsThePathsEnds() throws {
        let root = DependencyContainer()
        let limit = DependencyContainer.maximumResolutionDepth
        for index in 0...limit {
            root.register(Link.self, name: "\(index)", lifecycle: .transient) { container in
                try Link(next: container.resolve(Link.self, name: "\(index + 1)"))
            }
        }
        let error = try #require(throws: DependencyResolutionError.self) { try root.resolve(Link.self, name: "0") }
        #expect(error.code == .depthLimitExceeded)
        #expect(error.path.first == "Link[\"0\"]")
        #expect(error.path.last == "Link[\"\(limit)\"]")
        #expect(
            error.description.hasPrefix(
                "Resolving 'Link[\"\(limit)\"]' in global nests factories deeper than \(limit) levels."))
    }

    @Test(arguments: [256 * 1024, 512 * 1024, 1024 * 1024])
    func aDeepChainOnASmallStackIsAnErrorNotACrash(stackSize: Int) throws {
        // Apple platforms give secondary threads 512 KiB: the limit must hold there, long before
        // maximumResolutionDepth, by watching the stack rather than counting.
        let root = DependencyContainer()
        for index in 0...DependencyContainer.maximumResolutionDepth {
            root.register(Link.self, name: "\(index)", lifecycle: .transient) { container in
                try Link(next: container.resolve(Link.self, name: "\(index + 1)"))
            }
        }
        let caught = Locked<DependencyResolutionError?>(nil)
        #expect(
            concurrently(threads: 1, stackSize: stackSize) { _ in
                do {
                    _ = try root.resolve(Link.self, name: "0")
                } catch let error as DependencyResolutionError {
                    caught.withLock { $0 = error }
                } catch {}
            })
        let error = try #require(caught.withLock { $0 })
        #expect(error.code == .depthLimitExceeded)
        #expect(error.path.count <= DependencyContainer.maximumResolutionDepth)
        #expect(error.description.contains("levels deep, which would overflow this thread's stack."))
    }

    @Test func tenThousandRegistrationsStartAndResolve() throws {
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
        try root.start()
        #expect(built.value == count / 2)
        for index in stride(from: 0, to: count, by: 1) {
            #expect(try root.resolve(Int.self, name: "\(index)") == index)
        }
        #expect(built.value == count)
        #expect(try root.resolveAll(Int.self).count == count)
    }
}

/// A generic wrapper: `Nest<Nest<Seed>>` and `Nest<Seed>` are distinct types, made at run time.
private protocol Nestable: Sendable { init() }
private struct Seed: Nestable {}
private struct Nest<Inner: Nestable>: Nestable {}

@Suite("Many distinct types")
struct ManyTypesTests {
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

    @Test func hundredsOfUnnamedTypesEachFindTheirOwnRegistration() throws {
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
