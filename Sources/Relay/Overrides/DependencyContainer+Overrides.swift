extension DependencyContainer {
    /// Runs `operation` with some registrations of this container's root replaced, for the current
    /// task and its child tasks only.
    ///
    /// Code under test keeps resolving from ``global`` (or from `@Injected` properties); inside the
    /// operation it sees the overrides, while tests running in parallel see their own or none.
    /// Registrations made inside the operation, and every singleton built inside it, stay with the
    /// override and vanish when it ends. A factory registered in the override resolves its own
    /// dependencies as the code under test does: the override's registrations first, then the
    /// root's.
    ///
    /// ```swift
    /// @Test func checkoutUsesTheFixedClock() async throws {
    ///     try await DependencyContainer.global.withOverrides { overrides in
    ///         overrides.register(Clock.self) { _ in FixedClock() }
    ///     } operation: {
    ///         let receipt = try await Checkout().receipt()
    ///         #expect(receipt.date == FixedClock.date)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - register: Registers the replacements on a container that stands for the root; use
    ///     `container(for:)` on it to replace registrations of a scope.
    ///   - isolation: Where `operation` runs: the caller's actor, by default.
    ///   - operation: The work that sees the replacements.
    /// - Returns: What `operation` returns.
    /// - Throws: What `register` or `operation` throws.
    public func withOverrides<Result>(
        _ register: (DependencyContainer) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await makeOverrideLayer(register).entered(isolation: isolation, operation)
    }

    /// Runs synchronous `operation` with some registrations replaced for the current task (or
    /// thread) only; see `withOverrides(_:operation:)`.
    ///
    /// - Parameters:
    ///   - register: Registers the replacements on a container that stands for the root.
    ///   - operation: The work that sees the replacements.
    /// - Returns: What `operation` returns.
    /// - Throws: What `register` or `operation` throws.
    public func withOverrides<Result>(
        _ register: (DependencyContainer) throws -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        try makeOverrideLayer(register).entered(operation)
    }

    private func makeOverrideLayer(_ register: (DependencyContainer) throws -> Void) rethrows -> OverrideLayer {
        let layer = OverrideLayer(base: root, outer: OverrideLayer.current)
        try register(layer.overrides)
        return layer
    }

    /// The container that stands for this one in an active override: same scope, in the layer.
    func overriding(in layer: OverrideLayer) -> DependencyContainer {
        layer.overrides.container(for: scope)
    }
}
