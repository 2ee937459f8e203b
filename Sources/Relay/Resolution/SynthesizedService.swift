/// A type the container answers without a registration of its own, from the registration of the
/// type it wraps: `Optional<Service>`, ``Lazy``, ``Provider``.
///
/// Asked for only when a key has no registration, so the resolve of a registered type never
/// looks for it.
protocol SynthesizedService {
    /// The key whose registration answers for this type under `name`.
    static func wrappedKey(name: String?) -> RegistrationKey

    /// Whether the wrapped registration is built later, when the value is used (``Lazy``,
    /// ``Provider``), rather than with the value (`Optional`).
    static var defersBuild: Bool { get }

    /// Makes the value from the wrapped registration.
    static func make(name: String?, in container: DependencyContainer) throws -> Self

    /// Makes the value from the wrapped registration, awaiting an async factory.
    nonisolated(nonsending) static func make(name: String?, in container: DependencyContainer) async throws -> Self
}
