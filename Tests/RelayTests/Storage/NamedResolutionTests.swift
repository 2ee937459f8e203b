import Relay
import RelayTestSupport
import Testing

@Suite("Named registrations")
struct NamedResolutionTests {
    let container = DependencyContainer()

    @Test("a thousand names of one type each find their own")
    func aThousandNamesOfOneTypeEachFindTheirOwn() throws {
        for number in 0..<1_000 {
            container.register(Point.self, name: "point \(number)") { _ in Point(x: number) }
        }
        for number in 0..<1_000 {
            #expect(try container.resolve(Point.self, name: "point \(number)") == Point(x: number))
        }
        #expect(throws: DependencyResolutionError.self) { try container.resolve(Point.self, name: "point 1000") }
        #expect(throws: DependencyResolutionError.self) { try container.resolve(Point.self) }
    }

    @Test("the same name on two types is two registrations")
    func theSameNameOnTwoTypesIsTwoRegistrations() throws {
        container.register(Point.self, name: "origin") { _ in Point(x: 0) }
        container.register((any Greeter).self, name: "origin") { _ in NamedGreeter("origin") }
        #expect(try container.resolve(Point.self, name: "origin") == Point(x: 0))
        #expect(try container.resolve((any Greeter).self, name: "origin").greeting == "origin")
    }

    @Test("an empty name is a name, not the default")
    func anEmptyNameIsANameNotTheDefault() throws {
        container.register(Point.self) { _ in Point(x: 1) }
        container.register(Point.self, name: "") { _ in Point(x: 2) }
        #expect(try container.resolve(Point.self) == Point(x: 1))
        #expect(try container.resolve(Point.self, name: "") == Point(x: 2))
    }

    @Test(
        "canonically equivalent names are the same name",
        arguments: [
            // Precomposed and decomposed: equal Swift strings.
            ("caf\u{E9}", "cafe\u{301}"),
            // KELVIN SIGN is canonically the ASCII letter K.
            ("\u{212A}elvin", "Kelvin"),
            ("Kelvin", "\u{212A}elvin"),
        ])
    func canonicallyEquivalentNamesAreTheSameName(registered: String, asked: String) throws {
        container.register(Point.self, name: registered) { _ in Point(x: 7) }
        #expect(try container.resolve(Point.self, name: asked) == Point(x: 7))
        // Registering under the equivalent name replaces, rather than adds.
        container.register(Point.self, name: asked) { _ in Point(x: 8) }
        #expect(try container.resolveAll(Point.self) == [Point(x: 8)])
    }
}
