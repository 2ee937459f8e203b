/// What a ``Lazy`` or ``Provider`` resolves later: a key in the container that made it, under the
/// override that was active there.
struct DeferredResolution: Sendable {
    /// The root of the container that made the value, held weakly, so that an instance that keeps
    /// a `Lazy` does not keep its own container alive. (A root keeps its scopes' registrations; the
    /// scope's container itself may come and go.)
    private weak var root: DependencyContainer?

    /// The scope of the container that made the value.
    private let scope: DependencyContainerScope

    let name: String?

    /// The override active where the value was made, which the later resolve sees too.
    private let layer: OverrideLayer?

    /// The runtime arguments the value was resolved with, passed on to each resolve it makes.
    private let arguments: CarriedArguments?

    init(name: String?, in container: DependencyContainer, arguments: CarriedArguments? = nil) {
        self.root = container.root
        self.scope = container.scope
        self.name = name
        self.layer = container.activeOverride
        self.arguments = arguments
    }

    func resolve<Service>(_ type: Service.Type) throws -> Service {
        try resolve(type, in: liveContainer(for: type))
    }

    nonisolated(nonsending) func resolve<Service>(_ type: Service.Type) async throws -> Service {
        try await resolve(type, in: liveContainer(for: type))
    }

    /// Resolves in `container`, which ``liveContainer(for:)`` returned.
    func resolve<Service>(_ type: Service.Type, in container: DependencyContainer) throws -> Service {
        guard let arguments else { return try underLayer { try container.resolve(type, name: name) } }
        let key = arguments.key(for: type, name: name)
        return try arguments.passing(to: key) { try underLayer { try container.resolve(key: key) } }
    }

    nonisolated(nonsending) func resolve<Service>(_ type: Service.Type, in container: DependencyContainer) async throws
        -> Service
    {
        guard let arguments else { return try await underLayer { try await container.resolve(type, name: name) } }
        let key = arguments.key(for: type, name: name)
        return try await arguments.passing(to: key) { try await underLayer { try await container.resolve(key: key) } }
    }

    /// Runs `body` under the override that was active where the value was made, if any.
    private func underLayer<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let layer else { return try body() }
        SlowPathGate.open()
        defer { SlowPathGate.close() }
        return try OverrideLayer.$current.withValue(layer, operation: body)
    }

    /// Runs `body` under the override that was active where the value was made, if any, awaiting.
    nonisolated(nonsending) private func underLayer<Result>(
        _ body: nonisolated(nonsending) () async throws -> Result
    ) async rethrows -> Result {
        guard let layer else { return try await body() }
        SlowPathGate.open()
        defer { SlowPathGate.close() }
        return try await OverrideLayer.$current.withValue(layer, operation: body)
    }

    func liveContainer<Service>(for type: Service.Type) throws -> DependencyContainer {
        guard let container = root?.container(for: scope) else {
            let key = RegistrationKey(type, name: name)
            throw DependencyResolutionError(
                code: .containerReleased, requested: key, scope: scope, path: [key.description])
        }
        return container
    }

    /// Checks, when the value is made, that the container can answer `type`: a mistyped
    /// dependency fails where it is declared, not on first use.
    static func checked<Service, Wrapper>(
        _ type: Service.Type,
        name: String?,
        in container: DependencyContainer,
        wrappedIn wrapper: Wrapper.Type
    ) throws -> DeferredResolution {
        // Arguments passed for the wrapper are the wrapped registration's, kept for its resolves.
        let arguments = PendingArguments.carry(forWrapper: wrapper, name: name)
        let key = arguments?.key(for: type, name: name) ?? RegistrationKey(type, name: name)
        guard container.canAnswer(key) else { throw container.notRegisteredError(for: key) }
        container.recordDeferredEdge(to: key)
        return DeferredResolution(name: name, in: container, arguments: arguments)
    }
}
