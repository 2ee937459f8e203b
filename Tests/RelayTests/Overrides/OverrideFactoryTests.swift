import Relay
import RelayTestSupport
import Testing

private struct Settings: Sendable, Equatable {
    let region: String
}

private struct Greeter: Sendable {
    let greeting: String
}

@Suite("Factories registered in an override")
struct OverrideFactoryTests {
    @Test("a factory registered in an override resolves the base's registrations")
    func overrideFactoryReachesTheBase() throws {
        let root = DependencyContainer()
        root.register(Settings.self) { _ in Settings(region: "eu") }
        root.register(Greeter.self) { _ in Greeter(greeting: "hello") }
        let greeter = try root.withOverrides { overrides in
            overrides.register(Greeter.self) { container in
                try Greeter(greeting: "hello from \(container.resolve(Settings.self).region)")
            }
        } operation: { () throws in
            try root.resolve(Greeter.self)
        }
        #expect(greeter.greeting == "hello from eu")
    }

    @Test("an async factory registered in an override awaits the base's async registrations")
    func asyncOverrideFactoryReachesTheBase() async throws {
        let root = DependencyContainer()
        root.register(Settings.self) { _ in
            await Task.yield()
            return Settings(region: "us")
        }
        root.register(Greeter.self) { _ in Greeter(greeting: "hello") }
        let greeter = try await root.withOverrides { overrides in
            overrides.register(Greeter.self) { container in
                try await Greeter(greeting: "hello from \(container.resolve(Settings.self).region)")
            }
        } operation: {
            try await root.resolve(Greeter.self)
        }
        #expect(greeter.greeting == "hello from us")
    }

    @Test("in a scope, an override's factory falls back to the base scope, then global, and sees the other overrides")
    func scopedOverrideFactory() throws {
        let root = DependencyContainer()
        root.register(Settings.self) { _ in Settings(region: "eu") }
        root.container(for: "checkout").register(Settings.self) { _ in Settings(region: "checkout-eu") }
        root.container(for: "checkout").register(Greeter.self) { _ in Greeter(greeting: "hello") }
        let (scoped, optional) = try root.withOverrides { overrides in
            overrides.container(for: "checkout").register(Greeter.self) { container in
                try Greeter(greeting: "hello from \(container.resolve(Settings.self).region)")
            }
            overrides.register(Greeter.self, name: "optional") { container in
                // An optional dependency the base registers is found, not nil.
                try Greeter(greeting: container.resolve(Settings?.self)?.region ?? "none")
            }
        } operation: { () throws in
            try (
                root.container(for: "checkout").resolve(Greeter.self),
                root.resolve(Greeter.self, name: "optional")
            )
        }
        #expect(scoped.greeting == "hello from checkout-eu")
        #expect(optional.greeting == "eu")
    }

    @Test("what the override registers still wins over the base inside its own factories")
    func overrideWinsInsideOverrideFactories() throws {
        let root = DependencyContainer()
        root.register(Settings.self) { _ in Settings(region: "eu") }
        root.register(Greeter.self) { _ in Greeter(greeting: "hello") }
        let greeter = try root.withOverrides { overrides in
            overrides.register(Settings.self) { _ in Settings(region: "test") }
            overrides.register(Greeter.self) { container in
                try Greeter(greeting: container.resolve(Settings.self).region)
            }
        } operation: { () throws in
            try root.resolve(Greeter.self)
        }
        #expect(greeter.greeting == "test")
    }

    @Test("a dependency nobody registers is still the usual error")
    func missingEverywhere() throws {
        let root = DependencyContainer()
        root.register(Greeter.self) { _ in Greeter(greeting: "hello") }
        let error = try #require(throws: DependencyResolutionError.self) {
            try root.withOverrides { overrides in
                overrides.register(Greeter.self) { container in
                    try Greeter(greeting: container.resolve(Settings.self).region)
                }
            } operation: { () throws in
                try root.resolve(Greeter.self)
            }
        }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains("'Settings' is not registered"))
    }
}
