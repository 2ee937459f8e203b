import Relay
import RelayTestSupport
import Testing

private struct Declared: Sendable {}

/// `check()` reads what registrations declare while other threads register and declare: the
/// declarations are read under the lock `dependsOn` writes them under. Run under the thread
/// sanitizer by CI.
@Suite("Checking the graph while it is declared")
struct CheckWhileDeclaringTests {
    @Test("check() on one thread while others register and declare: every check is whole, none races")
    func checkWhileDeclaring() throws {
        let root = DependencyContainer()
        root.register(Declared.self, name: "0") { _ in Declared() }.dependsOn()
        let iterations = 100
        let finished = concurrently(threads: 3) { thread in
            for iteration in 1...iterations {
                if thread == 0 {
                    // Every declared edge points to a name registered before it: never missing. A
                    // registration made and not yet declared is listed as unchecked, not a problem.
                    #expect(throws: Never.self) { try root.check() }
                } else {
                    let name = "\(thread)-\(iteration)"
                    root.register(Declared.self, name: name) { _ in Declared() }
                        .dependsOn(Declared.self, name: "0")
                }
            }
        }
        #expect(finished)
        let check = try root.check()
        #expect(check.checkedRegistrations == 1 + 2 * iterations)
    }
}
