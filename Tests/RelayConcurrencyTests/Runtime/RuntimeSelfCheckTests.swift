@_spi(RuntimeSelfChecks) import Relay
import RelayTestSupport
import Testing

/// Relay reads three facts of the runtime's private layout (a task's child flag, an
/// existential's class-bound flag, where a task-local keeps a class reference). Each read is
/// checked at first use; a toolchain that moved one must cost speed, never correctness. These
/// tests show that each check passes with Relay's read on this toolchain, fails with a wrong one,
/// and that resolution keeps its answers with the fallbacks forced.
@Suite("Checks of the runtime's layout, and their fallbacks")
struct RuntimeSelfCheckTests {
    @Test("the child-task flag's check passes with bit 24 and fails with a neighbour")
    func childTaskFlag() async {
        #expect(await RuntimeSelfChecks.childTaskFlagCheckPasses())
        // Bit 25 ("is future") is set in every task; bit 23 in none.
        #expect(await !RuntimeSelfChecks.childTaskFlagCheckPasses(readingBit: 25))
        #expect(await !RuntimeSelfChecks.childTaskFlagCheckPasses(readingBit: 23))
    }

    @Test("the class-bound existential check passes with the top flag bit and fails with another")
    func classBoundExistential() {
        #expect(RuntimeSelfChecks.classBoundExistentialCheckPasses())
        #expect(!RuntimeSelfChecks.classBoundExistentialCheckPasses(mask: 0x4000_0000))
    }

    @Test("the task-local check passes when the value is loaded, fails when its address is taken for it")
    func taskLocalObject() {
        #expect(RuntimeSelfChecks.taskLocalObjectCheckPasses())
        #expect(!RuntimeSelfChecks.taskLocalObjectCheckPasses(loadsValue: false))
    }

    @Test("the kept-address check passes for a slot's room, fails when a copy's address is kept")
    func inPlaceAddress() {
        #expect(RuntimeSelfChecks.inPlaceAddressCheckPasses())
        #expect(!RuntimeSelfChecks.inPlaceAddressCheckPasses(keepsPropertyAddress: false))
    }

    #if DEBUG
    final class Connection: Sendable {}

    /// A transient that resolves itself again, on its first build only, through `again`.
    private func selfResolving(
        _ again: @escaping @Sendable (DependencyContainer) async throws -> Void
    ) -> DependencyContainer {
        let container = DependencyContainer()
        let builds = Counter()
        container.register(Connection.self, lifecycle: .transient) { container in
            builds.increment()
            if builds.value == 1 { try await again(container) }
            return Connection()
        }
        return container
    }

    private func expectCycle(in container: DependencyContainer) async throws {
        try await withDeadline(seconds: 10) {
            await RuntimeSelfChecks.withFallbacks {
                let error = await #expect(throws: DependencyResolutionError.self) {
                    _ = try await container.resolve(Connection.self)
                }
                #expect(error?.code == .cycle)
                #expect(error?.path == ["Connection", "Connection"])
            }
        }
    }

    @Test("with the child flag's fallback, a cycle through async let still fails, never hangs")
    func asyncLetCycleWithFallback() async throws {
        try await expectCycle(
            in: selfResolving { container in
                async let again = container.resolve(Connection.self)
                _ = try await again
            })
    }

    @Test("with the child flag's fallback, a cycle through a task group still fails, never hangs")
    func taskGroupCycleWithFallback() async throws {
        try await expectCycle(
            in: selfResolving { container in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { _ = try await container.resolve(Connection.self) }
                    try await group.waitForAll()
                }
            })
    }

    @Test("with the child flag's fallback, a Task started inside a factory counts as part of it")
    func unstructuredTaskWithFallback() async throws {
        // The one answer the fallback changes: with the flag, this Task resolves on a path of its
        // own and builds a second Connection (TaskInheritanceTests); without it, it is a cycle.
        try await expectCycle(
            in: selfResolving { container in
                _ = try await Task { try await container.resolve(Connection.self) }.value
            })
    }

    /// A value that fits a slot's room (five words), and one that does not.
    struct Small: Sendable, Equatable {
        let words: (Int, Int, Int)
        static func == (lhs: Small, rhs: Small) -> Bool { lhs.words == rhs.words }
    }
    struct Large: Sendable, Equatable {
        let words: [Int]
        let more: (Int, Int, Int, Int, Int, Int)
        static func == (lhs: Large, rhs: Large) -> Bool { lhs.words == rhs.words && lhs.more == rhs.more }
    }

    @Test("with the room's fallback, a unit keeps and tears down its instances apart, small and large, across units")
    func unitSlotRoomWithFallback() async throws {
        let torn = Locked<[String]>([])
        let container = DependencyContainer()
        container.register(Connection.self, lifecycle: .unitOfWork) { _ in
            Connection()
        } teardown: { _ in
            torn.withLock { $0.append("connection") }
        }
        container.register(Small.self, lifecycle: .unitOfWork) { _ in
            Small(words: (1, 2, 3))
        } teardown: { small in
            torn.withLock { $0.append("small \(small.words.2)") }
        }
        container.register(Large.self, lifecycle: .unitOfWork) { _ in
            Large(words: [4], more: (5, 6, 7, 8, 9, 10))
        } teardown: { large in
            torn.withLock { $0.append("large \(large.more.5)") }
        }
        /// One unit's instances, read twice: the same both times.
        @Sendable func resolveTwice() async throws -> Bool {
            try await container.withUnitOfWork { _ in
                let first = (
                    try container.resolve(Connection.self), try container.resolve(Small.self),
                    try container.resolve(Large.self)
                )
                let again = (
                    try container.resolve(Connection.self), try container.resolve(Small.self),
                    try container.resolve(Large.self)
                )
                return first.0 === again.0 && first.1 == again.1 && first.2 == again.2
            }
        }
        try await withDeadline(seconds: 10) {
            // Kept in the room, then apart, then in the room again: each slot frees what it holds
            // by where it is, whichever way the process answered when it was kept.
            // (Assigned first: a closure whose only `try` is inside `#expect` is inferred not to throw.)
            let inRoom = try await resolveTwice()
            let apart = try await RuntimeSelfChecks.withFallbacks { try await resolveTwice() }
            let inRoomAgain = try await resolveTwice()
            #expect(inRoom && apart && inRoomAgain)
        }
        let expected = ["large 10", "small 3", "connection"]
        #expect(torn.withLock { $0 } == expected + expected + expected)
    }

    @Test("with the task-local fallback, a unit of work still finds its own instances")
    func unitOfWorkWithFallback() async throws {
        try await withDeadline(seconds: 10) {
            try await RuntimeSelfChecks.withFallbacks {
                let container = DependencyContainer()
                container.register(Connection.self, lifecycle: .unitOfWork) { _ in Connection() }
                let (first, again) = try await container.withUnitOfWork { _ in
                    (try container.resolve(Connection.self), try container.resolve(Connection.self))
                }
                let other = try await container.withUnitOfWork { _ in try container.resolve(Connection.self) }
                #expect(first === again)
                #expect(first !== other)
                #expect(throws: DependencyResolutionError.self) { try container.resolve(Connection.self) }
            }
        }
    }
    #endif
}
