/// An instance resolved on first use, then kept: the state behind ``Lazy`` and ``Injected``.
///
/// The first read is a ``Construction`` like a singleton's build: it claims the construction in the
/// ``ConstructionRegistry`` and resolves with no lock held; every other first read, synchronous or
/// async, waits for that build there (a thread blocks, a task suspends), as an edge of the one
/// wait-for graph. So the factory behind it runs once however the reads mix, and a cycle closed
/// through shared `Lazy` or `@Injected` values throws instead of hanging. A failure is not kept:
/// the readers waiting for that build get its error, and the next read resolves again.
final class FirstResolution<Service>: Construction, @unchecked Sendable {
    // Safety: `kept` is a locked value, reached only through its lock. The conformance lets the
    // registry hold the construction; the instance itself crosses threads only through `Lazy` and
    // `Injected`, which are `Sendable` only where `Service` is.

    private let kept = LockedValue<Service?>(nil)

    /// The instance kept by an earlier read; `nil` before the first read succeeds.
    private var instance: Service? { kept.withLockedValue { $0 } }

    /// The kept instance, or what `resolve` returns, kept; `resolve` runs once however many
    /// threads read at once.
    ///
    /// - Parameter container: Where `resolve` resolves, for the wait limit and for naming it in a cycle.
    func value(in container: DependencyContainer, resolving resolve: () throws -> Service) throws -> Service {
        if let instance { return instance }
        let resolver = AsyncResolutionPath.currentResolver
        let registry = ConstructionRegistry.shared
        while true {
            switch registry.claim(self, by: resolver, in: container, isCached: { instance != nil }) {
            case .cached:
                if let instance { return instance }
            case .build:
                do {
                    let resolved = try resolve()
                    registry.finish(self, with: .built) { kept.withLockedValue { $0 = resolved } }
                    return resolved
                } catch {
                    registry.finish(self, with: .failed(error))
                    throw error
                }
            case .wait(let ticket):
                let limit = container.waitLimit(for: resolver.id)
                switch registry.wait(
                    for: self, ticket: ticket, by: resolver, until: PthreadCondition.deadline(after: limit))
                {
                case .built?, .abandoned?:
                    continue
                case .failed(let error)?:
                    throw error
                case nil:
                    let path = container.pathDescriptions(on: .current) + [key.description]
                    throw DependencyResolutionError(
                        code: resolver.id.isTask ? .mustAwait : .waitTimedOut, requested: key,
                        in: container, path: path, waited: limit)
                }
            case .cycle(let loop):
                throw DependencyResolutionError(
                    code: .cycle, requested: key, in: container,
                    path: container.pathDescriptions(on: .current) + loop)
            }
        }
    }
}

extension FirstResolution where Service: Sendable {
    /// The kept instance, or what `resolve` returns, kept; `resolve` runs once however many tasks
    /// and threads read at once, and a task that waits for another's read suspends.
    ///
    /// - Parameter container: Where `resolve` resolves, for naming it in a cycle.
    func value(in container: DependencyContainer, resolving resolve: () async throws -> Service) async throws -> Service
    {
        if let instance { return instance }
        let resolver = AsyncResolutionPath.currentResolver
        let registry = ConstructionRegistry.shared
        while true {
            switch registry.claim(self, by: resolver, in: container, isCached: { instance != nil }) {
            case .cached:
                if let instance { return instance }
            case .build:
                do {
                    let resolved = try await resolve()
                    registry.finish(self, with: .built) { kept.withLockedValue { $0 = resolved } }
                    return resolved
                } catch {
                    // A read stopped by its own task's cancellation is not the waiters' failure:
                    // one of them reads anew.
                    registry.finish(self, with: Task.isCancelled ? .abandoned : .failed(error))
                    throw error
                }
            case .wait(let ticket):
                switch await registry.suspend(for: self, ticket: ticket, by: resolver) {
                case .built?, .abandoned?:
                    continue
                case .failed(let error)?:
                    throw error
                case nil:
                    throw CancellationError()
                }
            case .cycle(let loop):
                throw DependencyResolutionError(
                    code: .cycle, requested: key, in: container,
                    path: AsyncResolutionPath.current.descriptions + loop)
            }
        }
    }
}
