extension DependencyContainer {
    /// The override active for this container's root in the current task, if any. While no
    /// override runs anywhere in the process, this is one relaxed atomic load.
    @inline(__always)
    var activeOverride: OverrideLayer? {
        SlowPathGate.isOpen ? OverrideLayer.active(for: root) : nil
    }

    /// The container that registering, starting, releasing and shutting down act on: under the
    /// active override, the override's own container for this scope, so that they concern only what
    /// the override registers and builds (the base's eager singletons are built on first use, into
    /// the override); otherwise this one. The override is folded in here, once, for all of them.
    var actingContainer: DependencyContainer {
        withActingContainer { $0 }
    }

    /// Runs `body` with ``actingContainer``: on a path as hot as registering, where this container,
    /// passed as it is, costs no retain (measured: the property cost two retains and releases per
    /// registration, 6%).
    @inline(__always)
    func withActingContainer<Result, Failure: Error>(
        _ body: (DependencyContainer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard SlowPathGate.isOpen, let layer = OverrideLayer.active(for: root) else { return try body(self) }
        return try body(overriding(in: layer))
    }
}
