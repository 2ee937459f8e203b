import Relay
import RelayTestSupport
import Testing

@Suite("Scopes and roots")
struct ScopeTests {
    let root = DependencyContainer()

    @Test("a scope's registration wins over its root's")
    func scopeOverridesItsRoot() throws {
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        root.container(for: .checkout).register((any Greeter).self) { _ in FrenchGreeter() }
        #expect(try root.resolve((any Greeter).self).greeting == "hello")
        #expect(try root.container(for: .checkout).resolve((any Greeter).self).greeting == "bonjour")
    }

    @Test("a scope falls back to its root and shares its singletons")
    func scopeFallsBackToItsRootAndSharesItsSingletons() throws {
        root.register((any Greeter).self) { _ in EnglishGreeter() }
        let scoped = try root.container(for: .checkout).resolve((any Greeter).self)
        #expect(scoped === (try root.resolve((any Greeter).self)))
    }

    @Test("scopes are apart from each other")
    func scopesAreSeparateFromEachOther() throws {
        root.container(for: .checkout).register(Point.self) { _ in Point(x: 1) }
        #expect(throws: DependencyResolutionError.self) {
            try root.container(for: .admin).resolve(Point.self)
        }
    }

    @Test("each scope keeps its own singletons")
    func eachScopeKeepsItsOwnSingletons() throws {
        root.container(for: .checkout).register(EnglishGreeter.self) { _ in EnglishGreeter() }
        root.container(for: .admin).register(EnglishGreeter.self) { _ in EnglishGreeter() }
        let checkout = try root.container(for: .checkout).resolve(EnglishGreeter.self)
        #expect(checkout === (try root.container(for: .checkout).resolve(EnglishGreeter.self)))
        #expect(checkout !== (try root.container(for: .admin).resolve(EnglishGreeter.self)))
    }

    @Test("a factory receives the container that holds it")
    func aFactoryReceivesTheContainerThatHoldsIt() throws {
        root.register(Point.self) { _ in Point(x: 1) }
        root.container(for: .checkout).register(Point.self) { _ in Point(x: 2) }
        // Registered in the scope: its dependencies come from the scope first.
        root.container(for: .checkout).register(String.self, name: "scoped") { container in
            "scoped sees \(try container.resolve(Point.self).x)"
        }
        // Registered in the root: its dependencies come from the root, whoever asks.
        root.register(String.self, name: "root") { container in
            "root sees \(try container.resolve(Point.self).x)"
        }
        let checkout = root.container(for: .checkout)
        #expect(try checkout.resolve(String.self, name: "scoped") == "scoped sees 2")
        #expect(try checkout.resolve(String.self, name: "root") == "root sees 1")
    }

    @Test("the container for global is the root itself")
    func containerForGlobalIsTheRootItself() {
        #expect(DependencyContainer.container(for: .global) === DependencyContainer.global)
        #expect(root.container(for: .global) === root)
        #expect(root.container(for: .checkout).container(for: .global) === root)
    }

    @Test("a scope is the same container while it is held")
    func aScopeIsTheSameContainerWhileHeld() {
        let checkout = root.container(for: .checkout)
        #expect(root.container(for: .checkout) === checkout)
        #expect(checkout.scope == .checkout)
        #expect(checkout.root === root)
        #expect(!checkout.isRoot)
    }

    @Test("scopes are one layer deep")
    func scopesAreOneLayerDeep() {
        let admin = root.container(for: .checkout).container(for: .admin)
        #expect(admin === root.container(for: .admin))
        #expect(admin.root === root)
    }

    @Test("a scope's registrations outlive the handle they were made through")
    func scopeRegistrationsOutliveTheScopeHandle() throws {
        root.container(for: .checkout).register(Point.self) { _ in Point(x: 9) }
        // No handle is kept above; a new one finds the registration.
        #expect(try root.container(for: .checkout).resolve(Point.self).x == 9)
    }

    @Test("an independent root does not leak into the global one")
    func independentRootsDoNotLeakIntoGlobal() throws {
        let typeOnlyThisTestUses = TypeOnlyRootIsolationUses.self
        root.register(typeOnlyThisTestUses) { _ in TypeOnlyRootIsolationUses() }
        root.container(for: .checkout).register(typeOnlyThisTestUses) { _ in TypeOnlyRootIsolationUses() }
        #expect(!DependencyContainer.global.isRegistered(typeOnlyThisTestUses))
        #expect(!DependencyContainer.container(for: .checkout).isRegistered(typeOnlyThisTestUses))
        #expect(throws: DependencyResolutionError.self) {
            try DependencyContainer.global.resolve(typeOnlyThisTestUses)
        }
        #expect(throws: DependencyResolutionError.self) {
            try DependencyContainer().resolve(typeOnlyThisTestUses)
        }
    }

    @Test("a dropped root is freed")
    func aDroppedRootIsFreed() {
        weak var weakRoot: DependencyContainer?
        do {
            let root = DependencyContainer()
            root.container(for: .checkout).register(Point.self) { _ in Point(x: 1) }
            weakRoot = root
        }
        #expect(weakRoot == nil)
    }
}

private struct TypeOnlyRootIsolationUses {}
