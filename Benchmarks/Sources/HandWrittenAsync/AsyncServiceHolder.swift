/// The floor of an async getter of a built service, as a program without a container writes it in
/// a module of its own: a stored instance returned by a `nonisolated(nonsending)` async method,
/// which runs on the caller's executor and so costs a caller on an actor no hop.
///
/// In its own module so that, like Relay's `resolve`, it cannot be inlined into the benchmark.
public final class AsyncServiceHolder<Service: AnyObject & Sendable>: Sendable {
    private let service: Service

    /// A holder of `service`, built already.
    public init(_ service: Service) {
        self.service = service
    }

    /// The service, returned on the caller's executor.
    nonisolated(nonsending) public func get() async throws -> Service {
        service
    }
}
