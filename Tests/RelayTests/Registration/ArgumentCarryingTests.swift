import Relay
import RelayTestSupport
import Testing

/// A dog built from its name and age, which a resolve passes.
private final class Dog: Pet, Sendable {
    let name: String
    let age: Int
    init(name: String, age: Int) {
        self.name = name
        self.age = age
    }
}

private protocol Pet: AnyObject, Sendable {
    var name: String { get }
}

/// Runtime arguments reach the registration through `Lazy`, `Provider`, an optional and an alias:
/// carried, never accepted and dropped; a mismatch is refused at the call.
@Suite("Arguments through wrappers and aliases")
struct ArgumentCarryingTests {
    private func container() -> DependencyContainer {
        let container = DependencyContainer()
        container.register(Dog.self) { (_, name: String, age: Int) in Dog(name: name, age: age) }
        return container
    }

    @Test("a Lazy passes the arguments it was resolved with to its first use")
    func lazyCarriesArguments() throws {
        let container = container()
        let lazy = try container.resolve(Lazy<Dog>.self, arguments: "Hachi", 42)
        let dog = try lazy()
        #expect(dog.name == "Hachi" && dog.age == 42)
        #expect(try lazy() === dog)
    }

    @Test("a Lazy passes them from async code too")
    func lazyCarriesArgumentsAsync() async throws {
        let container = container()
        let lazy = try await container.resolve(Lazy<Dog>.self, arguments: "Hachi", 42)
        let dog = try await lazy()
        #expect(dog.name == "Hachi" && dog.age == 42)
    }

    @Test("a Provider passes them on every use, each building a new instance")
    func providerCarriesArguments() throws {
        let container = container()
        let provider = try container.resolve(Provider<Dog>.self, arguments: "Pochi", 3)
        let first = try provider()
        let second = try provider()
        #expect(first.name == "Pochi" && second.name == "Pochi" && second.age == 3)
        #expect(first !== second)
    }

    @Test("an optional passes them, and is nil where nothing is registered")
    func optionalCarriesArguments() throws {
        let container = container()
        let dog = try container.resolve(Dog?.self, arguments: "Hachi", 42)
        #expect(dog?.name == "Hachi")
        let nothing = try DependencyContainer().resolve(Dog?.self, arguments: "Hachi", 42)
        #expect(nothing == nil)
    }

    @Test("an optional passes them from async code too")
    func optionalCarriesArgumentsAsync() async throws {
        let awaited = try await container().resolve(Dog?.self, arguments: "Shiro", 1)
        #expect(awaited?.name == "Shiro")
    }

    @Test("arguments the wrapped registration does not take are refused at the call")
    func mismatchIsRefusedAtTheCall() throws {
        let container = container()
        let wrongTypes = try #require(throws: DependencyResolutionError.self) {
            try container.resolve(Lazy<Dog>.self, arguments: "Hachi")
        }
        #expect(wrongTypes.code == .argumentMismatch)
        #expect(
            wrongTypes.description.hasPrefix(
                "'Dog' in global is registered with arguments (String, Int) but was resolved with (String)."))
        container.register(Int.self) { _ in 7 }
        let noneTaken = try #require(throws: DependencyResolutionError.self) {
            try container.resolve(Provider<Int>.self, arguments: "x")
        }
        #expect(noneTaken.code == .argumentMismatch)
        #expect(noneTaken.description.hasPrefix("'Int' in global is registered without arguments"))
    }

    @Test("a registration with arguments returns what implements follows, and the alias takes the arguments")
    func anAliasOfAnArgumentRegistrationTakesTheArguments() throws {
        let container = DependencyContainer()
        try container.register(Dog.self) { (_, name: String, age: Int) in Dog(name: name, age: age) }
            .implements((any Pet).self) { $0 }
        let pet = try container.resolve((any Pet).self, arguments: "Hachi", 42)
        #expect(pet.name == "Hachi")
        let missing = try #require(throws: DependencyResolutionError.self) {
            try container.resolve((any Pet).self)
        }
        #expect(missing.code == .argumentMismatch)
    }

    @Test("the alias takes the arguments from async code too")
    func anAliasTakesTheArgumentsAsync() async throws {
        let container = DependencyContainer()
        try container.register(Dog.self) { (_, name: String, age: Int) in Dog(name: name, age: age) }
            .implements((any Pet).self) { $0 }
        let awaited = try await container.resolve((any Pet).self, arguments: "Shiro", 1)
        #expect(awaited.name == "Shiro")
    }

    @Test("registrations of one type with different arguments, and without, coexist; the arguments pick one")
    func signaturesCoexist() throws {
        let container = DependencyContainer()
        container.register(Dog.self) { _ in Dog(name: "Stray", age: 0) }
        container.register(Dog.self) { (_, name: String) in Dog(name: name, age: 1) }
        container.register(Dog.self) { (_, name: String, age: Int) in Dog(name: name, age: age) }
        #expect(try container.resolve(Dog.self).name == "Stray")
        #expect(try container.resolve(Dog.self, arguments: "Mimi").age == 1)
        #expect(try container.resolve(Dog.self, arguments: "Mimi", 5).age == 5)
        // Registering a signature again replaces only that one.
        container.register(Dog.self) { (_, name: String) in Dog(name: name + "!", age: 2) }
        #expect(try container.resolve(Dog.self, arguments: "Mimi").name == "Mimi!")
        #expect(try container.resolve(Dog.self, arguments: "Mimi", 5).age == 5)
        #expect(try container.resolve(Dog.self).name == "Stray")
    }

    @Test("an async resolve picks the registration by its arguments too")
    func signaturesCoexistAsync() async throws {
        let container = DependencyContainer()
        container.register(Dog.self) { _ in Dog(name: "Stray", age: 0) }
        container.register(Dog.self) { (_, name: String) in Dog(name: name, age: 1) }
        #expect(try await container.resolve(Dog.self, arguments: "Mimi").age == 1)
        #expect(try await container.resolve(Dog.self).name == "Stray")
    }

    @Test("arguments no registration takes are refused, listing what the registrations take")
    func noMatchingSignatureListsTheRegisteredOnes() throws {
        let container = DependencyContainer()
        container.register(Dog.self) { _ in Dog(name: "Stray", age: 0) }
        container.register(Dog.self) { (_, name: String) in Dog(name: name, age: 1) }
        container.register(Dog.self) { (_, name: String, age: Int) in Dog(name: name, age: age) }
        let error = try #require(throws: DependencyResolutionError.self) {
            try container.resolve(Dog.self, arguments: 3)
        }
        #expect(error.code == .argumentMismatch)
        #expect(
            error.description == """
                'Dog' in global is registered without arguments and with arguments (String) or (String, Int) but was \
                resolved with (Int).
                  resolution path: Dog
                  to fix: pass arguments of the types (String) or (String, Int), in that order, or register a factory \
                that takes (Int)
                """)
        let argumentsOnly = DependencyContainer()
        argumentsOnly.register(Dog.self) { (_, name: String) in Dog(name: name, age: 1) }
        argumentsOnly.register(Dog.self) { (_, name: String, age: Int) in Dog(name: name, age: age) }
        let missing = try #require(throws: DependencyResolutionError.self) { try argumentsOnly.resolve(Dog.self) }
        #expect(
            missing.description.hasPrefix(
                "'Dog' in global is registered with arguments (String) or (String, Int) but was resolved without arguments."
            ))
    }
}
