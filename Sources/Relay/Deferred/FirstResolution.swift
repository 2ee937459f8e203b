/// An instance resolved on first use, then kept: the state behind ``Lazy`` and ``Injected``.
///
/// Concurrent first synchronous reads resolve once: the first holds a mutex that only readers of
/// this one value take, while it resolves. The mutex is recursive, so a factory that reads the
/// value it is building reaches the container, which reports the cycle. Concurrent first async
/// reads await one resolution instead, so no task blocks its thread.
final class FirstResolution<Service> {
    private let mutex = PthreadMutex(recursive: true)
    private var instance: Service?

    /// The first async read's resolution, which later async reads await.
    private var pending: (any Sendable)?

    init() {}

    /// The kept instance, or what `resolve` returns, kept. A failure is not kept: the next read
    /// resolves again.
    func value(resolving resolve: () throws -> Service) throws -> Service {
        try mutex.withLock {
            if let instance { return instance }
            let resolved = try resolve()
            instance = resolved
            return resolved
        }
    }
}

// Safety: `instance` and `pending` are read and written only while `mutex` is held, and the
// instance crosses threads only where it may.
extension FirstResolution: @unchecked Sendable where Service: Sendable {}

extension FirstResolution where Service: Sendable {
    /// The kept instance, or what `resolve` returns, awaited once however many tasks ask at once.
    func value(resolving resolve: @escaping @Sendable () async throws -> Service) async throws -> Service {
        let task: Task<Service, any Error>? = mutex.withLock {
            if instance != nil { return nil }
            if let pending = pending as? Task<Service, any Error> { return pending }
            // An unstructured task inherits the first reader's task-local values (its overrides,
            // its resolution path), and later readers await it rather than resolve again.
            let task = Task { try await resolve() }
            pending = task
            return task
        }
        guard let task else {
            if let instance = mutex.withLock({ instance }) { return instance }
            return try await value(resolving: resolve)
        }
        do {
            let resolved = try await task.value
            return mutex.withLock {
                pending = nil
                if let instance { return instance }
                instance = resolved
                return resolved
            }
        } catch {
            mutex.withLock { pending = nil }
            throw error
        }
    }
}
