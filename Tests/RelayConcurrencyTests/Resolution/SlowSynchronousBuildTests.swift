import Foundation
import Relay
import RelayTestSupport
import Testing

/// A correct program must not fail by timing: a synchronous resolve inside a task waits for a slow
/// synchronous build (which runs on a thread of its own and needs no other), whoever wins the race
/// for it; only a build that awaits, which needs the cooperative pool, is refused at once.
@Suite("A slow synchronous first build, raced by tasks")
struct SlowSynchronousBuildTests {
    final class Catalog: Sendable {}
    final class Shelf: Sendable {
        let catalog: Catalog
        init(catalog: Catalog) { self.catalog = catalog }
    }

    @Test("tasks racing for a slow synchronous singleton, synchronously and through an awaited transient, all get it")
    func everyRacerGetsTheInstance() async throws {
        try await withDeadline(seconds: 60) {
            for round in 0..<30 {
                let root = DependencyContainer()
                let builds = Counter()
                root.register(Catalog.self) { _ in
                    builds.increment()
                    // Time is the subject: a file read, a synchronous connect, slow enough that the
                    // racers arrive while it builds, and needs no other thread.
                    Thread.sleep(forTimeInterval: 0.06)
                    return Catalog()
                }
                root.register(Shelf.self, lifecycle: .transient) { container in
                    try Shelf(catalog: container.resolve(Catalog.self))
                }
                let failures = await withTaskGroup(of: String?.self) { group in
                    for racer in 0..<8 {
                        group.addTask {
                            do {
                                if racer.isMultiple(of: 2) {
                                    _ = try resolveFromSynchronousHelper(Catalog.self, in: root)
                                } else {
                                    _ = try await root.resolve(Shelf.self)
                                }
                                return nil
                            } catch {
                                return "\(error)"
                            }
                        }
                    }
                    return await group.reduce(into: [String]()) { if let failure = $1 { $0.append(failure) } }
                }
                #expect(failures.isEmpty, "round \(round): \(failures)")
                #expect(builds.value == 1, "round \(round)")
            }
        }
    }

    @Test("a synchronous read inside a task is refused at once a first build that awaits")
    func aBuildThatAwaitsIsRefusedAtOnce() async throws {
        try await withDeadline {
            let root = DependencyContainer()
            // A reader that waited would give up after this with `waitTimedOut`: the build is
            // released only after the read returns.
            root.constructionWaitLimit = .seconds(5)
            let building = Gate()
            let release = Gate()
            root.register(Catalog.self) { _ in
                await building.open()
                await release.wait()
                return Catalog()
            }
            let lazy = try await root.resolve(Lazy<Catalog>.self)
            // An async first read of the Lazy builds it, awaiting the async factory.
            let first = Task { try await lazy() }
            await building.wait()
            let refused = await Task.detached { () -> DependencyResolutionError? in
                do {
                    _ = try readFromSynchronousHelper(lazy)
                    return nil
                } catch {
                    return error as? DependencyResolutionError
                }
            }.value
            // Refused without waiting: whoever waits, the outcome is the same.
            #expect(refused?.code == .mustAwait)
            #expect(
                refused?.description.hasPrefix(
                    "'Catalog' in global is being built by another resolver that awaits: a synchronous resolve inside "
                        + "a task may not block a thread of the cooperative pool that build needs.") == true)
            await release.open()
            _ = try await first.value
        }
    }
}

/// A synchronous read of a `Lazy`, as a program's synchronous code makes inside a task.
private func readFromSynchronousHelper<Service>(_ lazy: Lazy<Service>) throws -> Service {
    try lazy()
}

/// A synchronous helper that resolves, as a program's synchronous code does inside a task.
private func resolveFromSynchronousHelper<Service>(_ type: Service.Type, in container: DependencyContainer) throws
    -> Service
{
    try container.resolve(type)
}
