/// A dependency resolved on first use, then kept: resolvable for any registered type without a
/// registration of its own.
///
/// Ask for `Lazy<Service>` where building `Service` early would be costly or would close a cycle:
///
/// ```swift
/// struct ReportService {
///     let exporter: Lazy<PDFExporter>
///
///     func pdf(of report: Report) throws -> PDF {
///         try exporter().render(report)   // the first call builds the exporter
///     }
/// }
///
/// container.register(ReportService.self) { container in
///     try ReportService(exporter: container.resolve(Lazy<PDFExporter>.self))
/// }
/// ```
///
/// Resolving the `Lazy` checks that `Service` is registered, and builds nothing. The first call
/// resolves `Service` from the container that made the `Lazy` (under the override active there, if
/// any) and keeps it; copies of a `Lazy` share what it kept. Concurrent first calls resolve once,
/// whether they call synchronously or with `await`, and a cycle closed through `Lazy` values
/// throws ``DependencyResolutionError/Code/cycle`` instead of hanging (see <doc:ThreadSafetyAndGuarantees>). A
/// `Lazy` does not keep its container alive; used after the container is gone, it throws
/// ``DependencyResolutionError/Code/containerReleased``.
public struct Lazy<Service> {
    private let source: DeferredResolution
    private let kept: FirstResolution<Service>

    init(source: DeferredResolution) {
        self.source = source
        self.kept = FirstResolution(key: RegistrationKey(Service.self, name: source.name))
    }

    /// The instance: resolved on the first call, the same one after.
    ///
    /// - Returns: The instance.
    /// - Throws: ``DependencyResolutionError`` when resolving it fails (a factory's
    ///   `CancellationError` as it is); the next call tries again.
    public func callAsFunction() throws -> Service {
        let container = try source.liveContainer(for: Service.self)
        return try kept.value(in: container) { try source.resolve(Service.self, in: container) }
    }
}

extension Lazy where Service: Sendable {
    /// The instance, awaiting an async factory on the first call; the same instance after.
    ///
    /// - Returns: The instance.
    /// - Throws: ``DependencyResolutionError`` when resolving it fails (a factory's
    ///   `CancellationError` as it is); the next call tries again.
    nonisolated(nonsending) public func callAsFunction() async throws -> Service {
        let container = try source.liveContainer(for: Service.self)
        return try await kept.value(in: container) { try await source.resolve(Service.self, in: container) }
    }
}

extension Lazy: Sendable where Service: Sendable {}

extension Lazy: ContinuesResolution {}

extension Lazy: SynthesizedService {
    static func wrappedKey(name: String?) -> RegistrationKey {
        RegistrationKey(Service.self, name: name)
    }

    static var defersBuild: Bool { true }

    static func make(name: String?, in container: DependencyContainer) throws -> Lazy<Service> {
        Lazy(source: try DeferredResolution.checked(Service.self, name: name, in: container, wrappedIn: Self.self))
    }

    nonisolated(nonsending) static func make(name: String?, in container: DependencyContainer) async throws -> Lazy<
        Service
    > {
        Lazy(source: try DeferredResolution.checked(Service.self, name: name, in: container, wrappedIn: Self.self))
    }
}
