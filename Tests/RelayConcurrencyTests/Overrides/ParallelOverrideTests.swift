import Relay
import Testing

/// A type only these tests register.
private struct OverrideProbe: Sendable, Equatable {
    let value: Int
}

private final class OverrideSingleton: Sendable {
    let probe: OverrideProbe
    init(probe: OverrideProbe) { self.probe = probe }
}

@Suite("Overrides in parallel tasks")
struct ParallelOverrideTests {
    /// One root that every test case overrides at the same time.
    static let root: DependencyContainer = {
        let root = DependencyContainer()
        root.register(OverrideProbe.self) { _ in OverrideProbe(value: -1) }
        root.register(OverrideSingleton.self) { container in
            try OverrideSingleton(probe: container.resolve(OverrideProbe.self))
        }
        return root
    }()

    @Test("parallel tasks each see only their own override", arguments: 0..<64)
    func parallelTestsEachSeeOnlyTheirOwnOverride(value: Int) async throws {
        try await Self.root.withOverrides { overrides in
            overrides.register(OverrideProbe.self) { _ in OverrideProbe(value: value) }
        } operation: { () async throws in
            // Child tasks inherit the override.
            let seen = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        await Task.yield()
                        return try await Self.root.resolve(OverrideProbe.self).value
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(seen == Array(repeating: value, count: 4))
            // A base singleton built under the override uses the override, and stays with it.
            #expect(try await Self.root.resolve(OverrideSingleton.self).probe.value == value)
        }
    }
}
