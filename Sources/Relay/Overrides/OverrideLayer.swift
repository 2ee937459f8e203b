/// Registrations that replace a root's for one task and its child tasks: the engine behind
/// `DependencyContainer.withOverrides(_:operation:)`.
///
/// A layer is a root container of its own, one per override, bound to the root it overrides.
/// While it is active, the overridden root and its scopes consult the layer first: what the
/// layer registers wins, and what the base would build is built into the layer instead, so that
/// no singleton made under an override ever reaches the base (or another test).
final class OverrideLayer: Sendable {
    /// The root whose registrations this layer overrides.
    let base: DependencyContainer

    /// Where the override's registrations and the instances built under it live. Its factories
    /// resolve what it does not hold from `base`, through this layer.
    let overrides: DependencyContainer

    /// The layer that was active when this one started, for nested overrides.
    let outer: OverrideLayer?

    /// Collects the edges of the graph while resolving, for `dependencyGraph()`; `nil` otherwise.
    let recorder: DependencyGraph.Recorder?

    init(base: DependencyContainer, outer: OverrideLayer?, recorder: DependencyGraph.Recorder? = nil) {
        self.base = base
        self.overrides = DependencyContainer(
            scope: .global, table: RegistrationTable(), family: ContainerFamily(overriding: base), parent: nil)
        self.outer = outer
        self.recorder = recorder
    }

    /// The innermost active layer, for the current task.
    @TaskLocal static var current: OverrideLayer?

    /// The innermost layer of the current task that overrides `root`, if any.
    @inline(__always)
    static func active(for root: DependencyContainer) -> OverrideLayer? {
        var layer = current
        while let candidate = layer {
            if candidate.base === root { return candidate }
            layer = candidate.outer
        }
        return nil
    }

    /// The layers of the current task that override the same root as this one, innermost first.
    var chain: [OverrideLayer] {
        var layers: [OverrideLayer] = []
        var layer: OverrideLayer? = self
        while let candidate = layer {
            if candidate.base === base { layers.append(candidate) }
            layer = candidate.outer
        }
        return layers
    }
}
