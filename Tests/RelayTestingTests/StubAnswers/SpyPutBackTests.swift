import Testing

@testable import Relay

/// A spy replaced and then put back, as a launched program's re-wiring and reset do
/// (`ProgramControl`): the put-back spy's real registration is current through it again.
@Suite("A spy put back after it was replaced")
struct SpyPutBackTests {
    typealias Greeter = InProcessSpyTests.Greeter
    typealias SpiedGreeter = InProcessSpyTests.SpiedGreeter
    typealias CountingGreeter = InProcessSpyTests.CountingGreeter

    @Test("a transient spy replaced, then put back as a reset does, builds through one real singleton again")
    func putBack() async throws {
        let container = try InProcessSpyTests.spiedSingletonContainer(
            instruction: "type=greeter,factory=spiedGreeter,lifecycle=transient")
        let key = RegistrationKey((any Greeter).self, name: nil)
        let spy = try #require(container.table.withRead { $0.registration(for: key) })
        let before = try #require((try await container.resolve((any Greeter).self) as? SpiedGreeter)?.real)

        // What a re-wiring does, then its reset: the saved spy added back.
        container.register((any Greeter).self) { _ in InProcessSpyTests.PlainGreeter() }
        container.add(spy)

        let first = try #require((try await container.resolve((any Greeter).self) as? SpiedGreeter)?.real)
        let second = try #require((try await container.resolve((any Greeter).self) as? SpiedGreeter)?.real)
        #expect(first as? CountingGreeter === second as? CountingGreeter)
        // The real instance built before the replacement went with it, as a replaced one's does.
        #expect(first as? CountingGreeter !== before as? CountingGreeter)
    }
}
