/// A dependency resolved anew on each use: resolvable for any registered type without a
/// registration of its own.
///
/// Ask for `Provider<Service>` where an object needs a fresh instance of a `.transient` service
/// each time, or must not build it before it is needed:
///
/// ```swift
/// struct RequestHandler {
///     let makeParser: Provider<RequestParser>
///
///     func handle(_ request: HTTPRequest) throws -> Command {
///         let parser = try makeParser()   // once per request
///         return try parser.parse(request)
///     }
/// }
///
/// container.register(RequestHandler.self) { container in
///     try RequestHandler(makeParser: container.resolve(Provider<RequestParser>.self))
/// }
/// ```
///
/// Each call resolves `Service` from the container that made the provider (under the override
/// active there, if any), so the registration's lifecycle decides: a new instance for
/// `.transient`, the same one for `.singleton`, and for `.graph` a new one per call: each call is a
/// resolution of its own, even one made during the resolution that made the provider (a ``Lazy``
/// continues that resolution instead). Resolving the provider checks that `Service` is
/// registered, and builds nothing. A `Provider` does not keep its container alive; used after the
/// container is gone, it throws ``DependencyResolutionError/Code/containerReleased``.
public struct Provider<Service>: Sendable {
    private let source: DeferredResolution

    init(source: DeferredResolution) {
        self.source = source
    }

    /// Resolves the service.
    ///
    /// - Returns: What the container hands out for it now.
    /// - Throws: ``DependencyResolutionError`` when resolving it fails; a factory's
    ///   `CancellationError` as it is.
    public func callAsFunction() throws -> Service {
        try source.resolve(Service.self)
    }

    /// Resolves the service, awaiting an async factory.
    ///
    /// - Returns: What the container hands out for it now.
    /// - Throws: ``DependencyResolutionError`` when resolving it fails; a factory's
    ///   `CancellationError` as it is.
    nonisolated(nonsending) public func callAsFunction() async throws -> Service {
        try await source.resolve(Service.self)
    }
}

extension Provider: SynthesizedService {
    static func wrappedKey(name: String?) -> RegistrationKey {
        RegistrationKey(Service.self, name: name)
    }

    static var defersBuild: Bool { true }

    static func make(name: String?, in container: DependencyContainer) throws -> Provider<Service> {
        Provider(source: try DeferredResolution.checked(Service.self, name: name, in: container, wrappedIn: Self.self))
    }

    nonisolated(nonsending) static func make(name: String?, in container: DependencyContainer) async throws -> Provider<
        Service
    > {
        Provider(source: try DeferredResolution.checked(Service.self, name: name, in: container, wrappedIn: Self.self))
    }
}
