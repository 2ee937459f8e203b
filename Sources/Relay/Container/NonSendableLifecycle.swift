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
/// final class LegacyCache {                             // guarded by its own lock
///     let lock = NSLock()
///     var entries: [String: Data] = [:]
/// }
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

/// The lifecycle of a service that is not `Sendable` and has a teardown: only ``unchecked(_:)``.
///
/// A teardown runs when the instance's owner ends (a unit of work, the container at shutdown), on
/// that owner's task, while the resolver may still hold the instance: for a `.transient` that
/// would hand one non-`Sendable` instance to two isolation domains, which the container never does
/// unchecked. So a non-`Sendable` service with a teardown is registered on your word that sharing
/// its instance is safe, and the word is written where it is registered:
///
/// ```swift
/// final class ScratchFile {                             // removes itself on any thread
///     let url = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)
///     init() throws { try Data().write(to: url) }
///     func remove() throws { try FileManager.default.removeItem(at: url) }
/// }
/// container.register(ScratchFile.self, lifecycle: .unchecked(.transient)) { _ in
///     try ScratchFile()
/// } teardown: { file in
///     try file.remove()
/// }
/// ```
///
/// Written `lifecycle: .transient` with a teardown, the registration does not compile: Swift then
/// asks for the service to be `Sendable`.
public struct UncheckedLifecycle: Hashable, Sendable {
    /// The lifecycle the registration gets.
    public let lifecycle: LifecycleType

    private init(_ lifecycle: LifecycleType) {
        self.lifecycle = lifecycle
    }

    /// Any lifecycle for a service that is not `Sendable`, unchecked: you state that handing its
    /// instance to other threads, tasks and actors (its teardown's among them) is safe.
    ///
    /// - Parameter lifecycle: The lifecycle, shared or not.
    public static func unchecked(_ lifecycle: LifecycleType) -> UncheckedLifecycle {
        UncheckedLifecycle(lifecycle)
    }
}
