import Relay
import RelayTestSupport
import Testing

@Suite("Resolving from many threads")
struct ConcurrencyTests {
    @Test("a singleton is built exactly once while many threads ask for it")
    func aSingletonIsBuiltExactlyOnceUnderContention() throws {
        for _ in 0..<200 {
            let container = DependencyContainer()
            let built = Counter()
            container.register(EnglishGreeter.self) { _ in
                built.increment()
                return EnglishGreeter()
            }
            let seen = Locked<Set<ObjectIdentifier>>([])
            let finished = concurrently(threads: 8) { _ in
                guard let greeter = try? container.resolve(EnglishGreeter.self) else { return }
                seen.withLock { _ = $0.insert(ObjectIdentifier(greeter)) }
            }
            #expect(finished)
            #expect(built.value == 1)
            #expect(seen.withLock { $0.count } == 1)
        }
    }

    @Test("a singleton's dependency is built once when threads ask for both")
    func aSingletonWithDependenciesIsBuiltOnceWhenItsDependencyIsAskedForToo() throws {
        for _ in 0..<100 {
            let container = DependencyContainer()
            let built = Counter()
            container.register((any HTTPClient).self) { _ in
                built.increment()
                return URLSessionClient()
            }
            container.register((any PaymentGateway).self) { container in
                try StripeGateway(client: container.resolve((any HTTPClient).self))
            }
            let finished = concurrently(threads: 6) { index in
                if index.isMultiple(of: 2) {
                    _ = try? container.resolve((any PaymentGateway).self)
                } else {
                    _ = try? container.resolve((any HTTPClient).self)
                }
            }
            #expect(finished)
            #expect(built.value == 1)
        }
    }

    @Test(
        "two threads resolving the two ends of a cycle both get the cycle, and neither hangs",
        arguments: [LifecycleType.singleton, .transient])
    func twoThreadsResolvingTheEndsOfACycleBothGetTheCycleAndNeitherHangs(lifecycle: LifecycleType) throws {
        for _ in 0..<50 {
            let container = DependencyContainer()
            container.register(CycleA.self, lifecycle: lifecycle) { container in
                try CycleA(b: container.resolve(CycleB.self))
            }
            container.register(CycleB.self, lifecycle: lifecycle) { container in
                try CycleB(a: container.resolve(CycleA.self))
            }
            let codes = Locked<[DependencyResolutionError.Code]>([])
            let finished = concurrently(threads: 2) { index in
                do {
                    if index == 0 {
                        _ = try container.resolve(CycleA.self)
                    } else {
                        _ = try container.resolve(CycleB.self)
                    }
                } catch let error as DependencyResolutionError {
                    codes.withLock { $0.append(error.code) }
                } catch {}
            }
            #expect(finished, "resolving the two ends of a cycle deadlocked")
            #expect(codes.withLock { $0 } == [.cycle, .cycle])
        }
    }

    @Test("registering, resolving and releasing mix freely across threads")
    func registerResolveAndReleaseMixFreely() throws {
        let container = DependencyContainer()
        let checkout = container.container(for: .checkout)
        container.register(EnglishGreeter.self) { _ in EnglishGreeter() }
        container.register(Point.self, lifecycle: .transient) { _ in Point(x: 1) }
        let failures = Counter()
        let finished = concurrently(threads: 6) { thread in
            for iteration in 0..<2_000 {
                switch (thread + iteration) % 6 {
                case 0:
                    container.register((any Greeter).self, name: "n\(iteration % 10)") { _ in FrenchGreeter() }
                case 1:
                    if (try? container.resolve(EnglishGreeter.self)) == nil { failures.increment() }
                case 2:
                    if (try? checkout.resolve(Point.self)) != Point(x: 1) { failures.increment() }
                case 3:
                    container.releaseSingletons()
                case 4:
                    if (try? container.resolveAll((any Greeter).self)) == nil { failures.increment() }
                default:
                    checkout.register(Point.self, name: "scoped", lifecycle: .weak) { _ in Point(x: 2) }
                }
            }
        }
        #expect(finished)
        #expect(failures.value == 0)
    }
}
