import Relay
import RelayTestSupport
import Testing

/// A link in a long chain: each holds the next.
private final class Link: Sendable {
    let next: Link?
    init(next: Link?) { self.next = next }
}

@Suite("The depth limit")
struct DepthLimitTests {
    @Test("beyond the depth limit, the error shows both ends of the path")
    func beyondTheDepthLimitTheErrorShowsThePathsEnds() throws {
        let root = DependencyContainer()
        let limit = DependencyContainer.maximumResolutionDepth
        for index in 0...limit {
            root.register(Link.self, name: "\(index)", lifecycle: .transient) { container in
                try Link(next: container.resolve(Link.self, name: "\(index + 1)"))
            }
        }
        // On a thread with room for every level, so that the count stops the chain, not the stack
        // check. On the runner's 8 MiB threads the address sanitizer's larger frames can reach the
        // stack check first: it stopped this chain at 995 levels once the concurrency tests ran in
        // the same process.
        let caught = Locked<DependencyResolutionError?>(nil)
        #expect(
            concurrently(threads: 1, stackSize: 64 << 20) { _ in
                do {
                    _ = try root.resolve(Link.self, name: "0")
                } catch let error as DependencyResolutionError {
                    caught.withLock { $0 = error }
                } catch {}
            })
        let error = try #require(caught.withLock { $0 })
        #expect(error.code == .depthLimitExceeded)
        #expect(error.path.first == "Link[\"0\"]")
        #expect(error.path.last == "Link[\"\(limit)\"]")
        #expect(
            error.description.hasPrefix(
                "Resolving 'Link[\"\(limit)\"]' in global nests factories deeper than \(limit) levels."))
    }

    @Test("a deep chain on a small stack is an error, not a crash", arguments: [256 * 1024, 512 * 1024, 1024 * 1024])
    func aDeepChainOnASmallStackIsAnErrorNotACrash(stackSize: Int) throws {
        // Apple platforms give secondary threads 512 KiB: the limit must hold there, long before
        // maximumResolutionDepth, by watching the stack rather than counting.
        let root = DependencyContainer()
        for index in 0...DependencyContainer.maximumResolutionDepth {
            root.register(Link.self, name: "\(index)", lifecycle: .transient) { container in
                try Link(next: container.resolve(Link.self, name: "\(index + 1)"))
            }
        }
        let caught = Locked<DependencyResolutionError?>(nil)
        #expect(
            concurrently(threads: 1, stackSize: stackSize) { _ in
                do {
                    _ = try root.resolve(Link.self, name: "0")
                } catch let error as DependencyResolutionError {
                    caught.withLock { $0 = error }
                } catch {}
            })
        let error = try #require(caught.withLock { $0 })
        #expect(error.code == .depthLimitExceeded)
        #expect(error.path.count <= DependencyContainer.maximumResolutionDepth)
        #expect(error.description.contains("levels deep, which would overflow this thread's stack."))
    }
}
