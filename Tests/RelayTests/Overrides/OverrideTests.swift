import Relay
import RelayTestSupport
import Testing

/// A type only these tests register.
private struct OverrideProbe: Sendable, Equatable {
    let value: Int
}

private final class OverrideSingleton: Sendable {
    let probe: OverrideProbe
    init(probe: OverrideProbe) { self.probe = probe }
}

@Suite("Overrides scoped to a task")
struct OverrideTests {
    @Test("outside an override, the base registrations are untouched")
    func outsideAnOverrideTheBaseIsUntouched() throws {
        let root = DependencyContainer()
        root.register(OverrideProbe.self) { _ in OverrideProbe(value: 1) }
        root.register(OverrideSingleton.self) { container in
            try OverrideSingleton(probe: container.resolve(OverrideProbe.self))
        }
        let inside = try root.withOverrides { overrides in
            overrides.register(OverrideProbe.self) { _ in OverrideProbe(value: 2) }
        } operation: { () throws in
            try root.resolve(OverrideSingleton.self)
        }
        #expect(inside.probe.value == 2)
        let outside = try root.resolve(OverrideSingleton.self)
        #expect(outside.probe.value == 1)
        #expect(outside !== inside)
    }

    @Test("a base singleton built before the override is shared with it")
    func aBaseSingletonBuiltBeforeTheOverrideIsShared() throws {
        let root = DependencyContainer()
        root.register(OverrideSingleton.self) { _ in OverrideSingleton(probe: OverrideProbe(value: 1)) }
        let before = try root.resolve(OverrideSingleton.self)
        let inside = try root.withOverrides { _ in
        } operation: {
            try root.resolve(OverrideSingleton.self)
        }
        #expect(inside === before)
    }

    @Test("registrations made inside an override stay inside")
    func registrationsMadeInsideStayInside() throws {
        let root = DependencyContainer()
        try root.withOverrides { _ in
        } operation: { () throws in
            root.register(OverrideProbe.self) { _ in OverrideProbe(value: 5) }
            root.container(for: "scoped").register(OverrideProbe.self, name: "n") { _ in OverrideProbe(value: 6) }
            #expect(root.isRegistered(OverrideProbe.self))
            #expect(try root.resolve(OverrideProbe.self).value == 5)
            #expect(try root.container(for: "scoped").resolve(OverrideProbe.self, name: "n").value == 6)
        }
        #expect(!root.isRegistered(OverrideProbe.self))
        #expect(!root.container(for: "scoped").isRegistered(OverrideProbe.self, name: "n"))
    }

    @Test("scopes are overridden at their own level")
    func scopesAreOverriddenAtTheirOwnLevel() throws {
        let root = DependencyContainer()
        root.register(OverrideProbe.self) { _ in OverrideProbe(value: 1) }
        root.container(for: "s").register(OverrideProbe.self) { _ in OverrideProbe(value: 2) }
        try root.withOverrides { overrides in
            overrides.register(OverrideProbe.self) { _ in OverrideProbe(value: 10) }
        } operation: { () throws in
            // The scope's own registration is more specific than a global override.
            #expect(try root.container(for: "s").resolve(OverrideProbe.self).value == 2)
            #expect(try root.resolve(OverrideProbe.self).value == 10)
        }
        try root.withOverrides { overrides in
            overrides.container(for: "s").register(OverrideProbe.self) { _ in OverrideProbe(value: 20) }
        } operation: { () throws in
            #expect(try root.container(for: "s").resolve(OverrideProbe.self).value == 20)
            #expect(try root.resolve(OverrideProbe.self).value == 1)
        }
    }

    @Test("nested overrides stack, innermost first")
    func nestedOverridesStackInnermostFirst() throws {
        let root = DependencyContainer()
        root.register(OverrideProbe.self) { _ in OverrideProbe(value: 1) }
        root.register(OverrideProbe.self, name: "other") { _ in OverrideProbe(value: 1) }
        try root.withOverrides {
            $0.register(OverrideProbe.self) { _ in OverrideProbe(value: 2) }
        } operation: { () throws in
            try root.withOverrides {
                $0.register(OverrideProbe.self, name: "other") { _ in OverrideProbe(value: 3) }
            } operation: { () throws in
                #expect(try root.resolve(OverrideProbe.self).value == 2)
                #expect(try root.resolve(OverrideProbe.self, name: "other").value == 3)
            }
            #expect(try root.resolve(OverrideProbe.self, name: "other").value == 1)
        }
    }

    @Test("resolveAll sees the overrides and the base")
    func resolveAllSeesOverridesAndBase() throws {
        let root = DependencyContainer()
        root.register(OverrideProbe.self, name: "a") { _ in OverrideProbe(value: 1) }
        root.register(OverrideProbe.self, name: "b") { _ in OverrideProbe(value: 2) }
        let values = try root.withOverrides {
            $0.register(OverrideProbe.self, name: "b") { _ in OverrideProbe(value: 20) }
            $0.register(OverrideProbe.self, name: "c") { _ in OverrideProbe(value: 30) }
        } operation: { () throws in
            try root.resolveAll(OverrideProbe.self).map(\.value)
        }
        #expect(values == [20, 30, 1])
    }

    @Test("an override of one root leaves other roots alone")
    func anOverrideOfOneRootLeavesOtherRootsAlone() throws {
        let first = DependencyContainer()
        let second = DependencyContainer()
        first.register(OverrideProbe.self) { _ in OverrideProbe(value: 1) }
        second.register(OverrideProbe.self) { _ in OverrideProbe(value: 1) }
        try first.withOverrides {
            $0.register(OverrideProbe.self) { _ in OverrideProbe(value: 2) }
        } operation: { () throws in
            #expect(try first.resolve(OverrideProbe.self).value == 2)
            #expect(try second.resolve(OverrideProbe.self).value == 1)
        }
    }

    @Test("a missing type under an override is the usual error")
    func missingUnderAnOverrideIsTheUsualError() throws {
        let root = DependencyContainer()
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.withOverrides { _ in
            } operation: {
                try root.resolve(OverrideProbe.self)
            }
        }
        #expect(error.code == .notRegistered)
        #expect(error.path == ["OverrideProbe"])
    }

    @Test("cycles are found under an override")
    func cyclesAreFoundUnderAnOverride() throws {
        let root = DependencyContainer()
        root.register(CycleA.self) { container in try CycleA(b: container.resolve(CycleB.self)) }
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.withOverrides {
                $0.register(CycleB.self) { container in try CycleB(a: container.resolve(CycleA.self)) }
            } operation: { () throws in
                try root.resolve(CycleA.self)
            }
        }
        #expect(error.code == .cycle)
        #expect(error.path == ["CycleA", "CycleB", "CycleA"])
    }
}
