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
