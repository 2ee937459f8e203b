/// How long a container keeps what a factory built.
///
/// ```swift
/// container.register(Clock.self, lifecycle: .transient) { _ in SystemClock() }
/// ```
public enum LifecycleType: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Built once per container, on the first resolve, and kept until ``DependencyContainer/releaseSingletons()``.
    case singleton

    /// Built anew on every resolve and never retained by the container.
    case transient

    /// Shared while something outside the container holds it; built anew once every holder lets go.
    ///
    /// The factory must return a class instance; a value type cannot be held weakly and is an error.
    case weak

    /// A singleton built by ``DependencyContainer/start()-3x8dh`` rather than on first use.
    ///
    /// Before `start()`, or when registered after it, it is built on first use like a singleton.
    case eagerSingleton

    /// The lifecycle's name as written in instructions (`lifecycle=transient`).
    public var description: String { rawValue }

    /// Whether the container keeps a strong reference to what the factory built.
    var isCached: Bool {
        self == .singleton || self == .eagerSingleton
    }
}
