import Relay
import RelayTestSupport
import Testing

/// A link in a long chain: each holds the next.
private final class Link: Sendable {
    let next: Link?
    init(next: Link?) { self.next = next }

    var length: Int {
        var count = 1
        var link = next
        while let current = link {
            count += 1
            link = current.next
        }
        return count
    }
}

// Not in RelayLimitsTests with the other deep chains: the address sanitizer runs that target, and
// its larger frames need more than a program's 8 MiB stack for a thousand levels (the depth limit
// then rightly stops the chain with an error).
@Suite("Deep graphs")
struct DeepGraphTests {
    @Test(
        "a chain of a thousand registrations resolves on a program's stack",
        arguments: [LifecycleType.singleton, .transient])
    func aChainOfAThousandResolves(lifecycle: LifecycleType) throws {
        let root = DependencyContainer()
        let length = 1_000
        for index in 0..<length {
            root.register(Link.self, name: "\(index)", lifecycle: lifecycle) { container in
                index == length - 1
                    ? Link(next: nil) : try Link(next: container.resolve(Link.self, name: "\(index + 1)"))
            }
        }
        // On a thread of the size a program's main thread has (8 MiB), not the test runner's.
        let resolvedLength = Locked<Int?>(nil)
        #expect(
            concurrently(threads: 1, stackSize: 8 << 20) { _ in
                let head = try? root.resolve(Link.self, name: "0")
                resolvedLength.withLock { $0 = head?.length }
            })
        #expect(resolvedLength.withLock { $0 } == length)
    }
}
