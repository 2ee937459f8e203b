extension DependencyContainer {
    /// The override active for this container's root in the current task, if any. While no
    /// override runs anywhere in the process, this is one relaxed atomic load.
    @inline(__always)
    var activeOverride: OverrideLayer? {
        SlowPathGate.isOpen ? OverrideLayer.active(for: root) : nil
    }

    /// The container that stands for this one under the active override (the override's own
    /// container for this scope), where registering, starting, releasing and shutting down act
    /// instead; `nil` when no override is active.
    @inline(__always)
    var overridingContainer: DependencyContainer? {
        guard SlowPathGate.isOpen, let layer = OverrideLayer.active(for: root) else { return nil }
        return overriding(in: layer)
    }

    /// The route of a resolve: the containers it searches, nearest first. Under an active override,
    /// at each level (this scope, then global) the override's layers innermost first, then the
    /// base; otherwise this container, then its root.
    ///
    /// The hot path walks the same route without an array (`ResolutionEngine.resolve(_:from:)`); everything else
    /// that searches (a lookup by arguments, `resolveAll`'s names, the wrappers' checks) takes it
    /// from here.
    var route: [DependencyContainer] {
        activeOverride?.lookupChain(for: scope) ?? lookupChain
    }
}
