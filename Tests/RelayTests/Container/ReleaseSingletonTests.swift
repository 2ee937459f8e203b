import Relay
import RelayTestSupport
import Testing

@Suite("Releasing one registration's instance")
struct ReleaseSingletonTests {
    let root = DependencyContainer()

    @Test("only the named registration's instance is dropped, and the next resolve builds anew")
    func onlyThatInstanceIsDropped() throws {
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        root.register((any Greeter).self, name: "french") { _ in FrenchGreeter() }
        let english = try root.resolve((any Greeter).self)
        let french = try root.resolve((any Greeter).self, name: "french")
        #expect(root.releaseSingleton(of: (any Greeter).self, name: "french"))
        #expect(try root.resolve((any Greeter).self) === english)
        #expect(try root.resolve((any Greeter).self, name: "french") !== french)
        #expect(!root.releaseSingleton(of: (any Greeter).self, name: "german"))
    }

    @Test("nothing built, nothing released")
    func nothingBuiltNothingReleased() {
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        #expect(!root.releaseSingleton(of: (any Greeter).self))
    }

    @Test("a scope releases the root's instance it resolves from")
    func aScopeReleasesWhatItResolves() throws {
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        let checkout = root.container(for: .checkout)
        let greeter = try checkout.resolve((any Greeter).self)
        #expect(checkout.releaseSingleton(of: (any Greeter).self))
        #expect(try root.resolve((any Greeter).self) !== greeter)
    }

    @Test("a released instance is still torn down at shutdown")
    func aReleasedInstanceIsStillTornDown() async throws {
        let closed = Counter()
        root.register((any Greeter).self) { _ in
            EnglishGreeter()
        } teardown: { _ in
            closed.increment()
        }
        _ = try await root.resolve((any Greeter).self)
        root.releaseSingleton(of: (any Greeter).self)
        _ = try await root.resolve((any Greeter).self)
        try await root.shutdown()
        #expect(closed.value == 2)
    }

    @Test("under an override, only what was built under it is released")
    func underAnOverride() async throws {
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        let base = try await root.resolve((any Greeter).self)
        try await root.withOverrides { overrides in
            overrides.register((any Greeter).self) { _ in FrenchGreeter() }
        } operation: {
            let overridden = try await root.resolve((any Greeter).self)
            #expect(root.releaseSingleton(of: (any Greeter).self))
            #expect(try await root.resolve((any Greeter).self) !== overridden)
        }
        #expect(try await root.resolve((any Greeter).self) === base)
    }

    @Test("releasing through an alias releases the instance it forwards to")
    func releasingThroughAnAlias() throws {
        try root.register(EnglishGreeter.self) { _ in EnglishGreeter() }.implements((any Greeter).self) { $0 }
        let greeter = try root.resolve(EnglishGreeter.self)
        #expect(root.releaseSingleton(of: (any Greeter).self))
        #expect(try root.resolve((any Greeter).self) !== greeter)
    }
}
