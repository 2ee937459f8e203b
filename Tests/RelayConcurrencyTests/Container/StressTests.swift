import Foundation
import Relay
import RelayTestSupport
import Testing

/// A service whose every instance is counted per registration name.
private final class StressService: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

/// Many threads mixing every operation on shared containers, bounded in count and time, checking
/// the invariants a user relies on. Run again under the thread and address sanitizers by CI.
@Suite("Every operation from many threads at once")
struct StressTests {
    static let threads = 8
    static let iterations = 3_000

    @Test("every operation at once, from many threads, keeps the invariants")
    func everyOperationAtOnceKeepsTheInvariants() throws {
        let root = DependencyContainer()
        let scoped = root.container(for: .checkout)
        let builds = Locked<[String: Int]>([:])
        let releases = Counter()
        let releasesFinished = Counter()
        let failures = Locked<[String]>([])
        @Sendable func record(_ failure: String) { failures.withLock { $0.append(failure) } }
        @Sendable func countBuild(_ name: String) { builds.withLock { $0[name, default: 0] += 1 } }

        for name in ["a", "b", "c"] {
            root.register(StressService.self, name: name) { _ in
                countBuild(name)
                return StressService(name: name)
            }
        }
        root.register(StressService.self, name: "weak", lifecycle: .weak) { _ in StressService(name: "weak") }
        root.register(Point.self, lifecycle: .transient) { _ in Point(x: 1) }
        scoped.register(StressService.self, name: "scoped") { container in
            // A scoped singleton built from a global one.
            let dependency = try container.resolve(StressService.self, name: "a")
            countBuild("scoped")
            return StressService(name: "scoped+" + dependency.name)
        }

        let finished = concurrently(threads: Self.threads, timeout: .seconds(60)) { thread in
            for iteration in 0..<Self.iterations {
                do {
                    switch (thread &* 7 &+ iteration) % 10 {
                    case 0, 1:
                        let name = ["a", "b", "c"][iteration % 3]
                        if try root.resolve(StressService.self, name: name).name != name { record("wrong \(name)") }
                    case 2:
                        // While one is held, the weak registration hands out that one (unless a
                        // release came in between).
                        // (A release counts as started before it runs and as finished after.)
                        let startedBefore = releases.value
                        let quiet = startedBefore == releasesFinished.value
                        let first = try root.resolve(StressService.self, name: "weak")
                        let second = try root.resolve(StressService.self, name: "weak")
                        if first !== second, quiet, releases.value == startedBefore { record("weak split") }
                    case 3:
                        if try scoped.resolve(Point.self) != Point(x: 1) { record("transient") }
                    case 4:
                        if try scoped.resolve(StressService.self, name: "scoped").name != "scoped+a" {
                            record("scoped")
                        }
                    case 5:
                        // Registrations of this thread only: none may be lost.
                        root.register(Int.self, name: "t\(thread)-\(iteration)", lifecycle: .transient) { _ in
                            iteration
                        }
                    case 6:
                        let all = try root.resolveAll(StressService.self)
                        if all.count != 4 { record("resolveAll saw \(all.count)") }
                    case 7:
                        if iteration % 50 == 7 {
                            releases.increment()
                            root.releaseSingletons()
                            releasesFinished.increment()
                        }
                    case 8:
                        if try root.container(for: .checkout).resolve(StressService.self, name: "b").name != "b" {
                            record("fallback")
                        }
                    default:
                        _ = try root.resolve(StressService.self, name: "c")
                    }
                } catch {
                    record("\(error)")
                }
            }
        }
        #expect(finished, "the stress run did not finish in time (a deadlock?)")
        #expect(failures.withLock { $0 }.isEmpty)
        // Exactly once between releases: never more builds than releases plus the first.
        let allowed = releases.value + 1
        for (name, count) in builds.withLock({ $0 }) {
            #expect(count >= 1)
            #expect(count <= allowed, "\(name) was built \(count) times with \(releases.value) releases")
        }
        // No lost registrations.
        for thread in 0..<Self.threads {
            for iteration in 0..<Self.iterations where (thread &* 7 &+ iteration) % 10 == 5 {
                #expect(try root.resolve(Int.self, name: "t\(thread)-\(iteration)") == iteration)
            }
        }
    }

    @Test("without releases, every singleton is built exactly once")
    func withoutReleasesEverySingletonIsBuiltExactlyOnce() throws {
        for _ in 0..<20 {
            let root = DependencyContainer()
            let builds = Counter()
            for index in 0..<20 {
                root.register(StressService.self, name: "\(index)") { _ in
                    builds.increment()
                    return StressService(name: "\(index)")
                }
            }
            let finished = concurrently(threads: Self.threads) { thread in
                for iteration in 0..<400 {
                    _ = try? root.resolve(StressService.self, name: "\((thread + iteration) % 20)")
                }
            }
            #expect(finished)
            #expect(builds.value == 20)
        }
    }
}
