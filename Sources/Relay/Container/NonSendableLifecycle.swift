/// The lifecycles a service that is not `Sendable` may be registered with.
///
/// A container hands a shared instance (a singleton, eager, weak or `.graph` one) to every caller,
/// on any thread, task or actor: Swift's checker would never let one non-`Sendable` instance reach
/// all of them, and the container must not be a way around it. So `DependencyContainer.register(_:name:lifecycle:with:)`
/// takes only a `Sendable` service, and one that is not is registered with one of these:
///
/// - ``transient``: every resolve builds its own instance, which that resolver alone holds.
/// - ``unchecked(_:)``: any lifecycle, shared, on your word that the instance is safe to share
///   (it locks its own state, or only one isolation domain ever resolves it). The compiler no
///   longer checks it; the name says so where it is written.
///
/// ```swift
/// final class DraftEditor { var text = "" }            // not Sendable
/// container.register(DraftEditor.self, lifecycle: .transient) { _ in DraftEditor() }
///
/// final class LegacyCache { … }                          // guarded by its own lock
/// container.register(LegacyCache.self, lifecycle: .unchecked(.singleton)) { _ in LegacyCache() }
/// ```
public struct NonSendableLifecycle: Hashable, Sendable {
    /// The lifecycle the registration gets.
    public let lifecycle: LifecycleType

    private init(_ lifecycle: LifecycleType) {
        self.lifecycle = lifecycle
    }

    /// A new instance on every resolve, never kept: each resolver owns the one it gets.
    public static let transient = NonSendableLifecycle(.transient)

    /// A shared lifecycle for a service that is not `Sendable`, unchecked: you state that sharing
    /// its instance across threads, tasks and actors is safe.
    ///
    /// - Parameter lifecycle: The lifecycle, shared or not.
    public static func unchecked(_ lifecycle: LifecycleType) -> NonSendableLifecycle {
        NonSendableLifecycle(lifecycle)
    }
}
