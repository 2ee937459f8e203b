import Testing

@testable import Relay

/// `DependencySession.current`: what a logger a program makes itself reads to tag a session's lines.
@Suite("The current session")
struct DependencySessionCurrentTests {
    @Test("is the session work runs in, its child tasks included, and nil outside it")
    func current() async throws {
        let container = DependencyContainer()
        let session = DependencySession(
            name: "s-1", instructions: [], layer: OverrideLayer(base: container, outer: nil))
        #expect(DependencySession.current == nil)
        let seen = await session.run { () async -> [String?] in
            async let child = DependencySession.current?.name
            return [DependencySession.current?.name, await child]
        }
        #expect(seen == ["s-1", "s-1"])
        #expect(DependencySession.current == nil)
    }

    @Test("the innermost session is current when sessions nest")
    func nested() async throws {
        let container = DependencyContainer()
        let outer = DependencySession(
            name: "outer", instructions: [], layer: OverrideLayer(base: container, outer: nil))
        let inner = DependencySession(
            name: "inner", instructions: [], layer: OverrideLayer(base: container, outer: nil))
        let names = await outer.run {
            let inside = await inner.run { DependencySession.current?.name }
            return [inside, DependencySession.current?.name]
        }
        #expect(names == ["inner", "outer"])
    }
}
