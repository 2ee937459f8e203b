import Relay
import RelayTestSupport
import Testing

/// A unit of work that the objects of one resolution share.
final class UnitOfWork: Sendable {}

/// Two users of a ``UnitOfWork``, built in one resolution.
struct Repository: Sendable {
    let work: UnitOfWork
}

struct Service: Sendable {
    let work: UnitOfWork
    let repository: Repository
}

@Suite("The graph lifecycle")
struct GraphLifecycleTests {
    let root = DependencyContainer()

    func register(serviceLifecycle: LifecycleType = .transient) {
        root.register(UnitOfWork.self, lifecycle: .graph) { _ in UnitOfWork() }
        root.register(Repository.self, lifecycle: .transient) { container in
            try Repository(work: container.resolve(UnitOfWork.self))
        }
        root.register(Service.self, lifecycle: serviceLifecycle) { container in
            try Service(work: container.resolve(UnitOfWork.self), repository: container.resolve(Repository.self))
        }
    }

    @Test("one resolution shares one instance; the next resolution gets a new one")
    func oneInstancePerResolution() throws {
        register()
        let first = try root.resolve(Service.self)
        #expect(first.work === first.repository.work)
        let second = try root.resolve(Service.self)
        #expect(second.work === second.repository.work)
        #expect(second.work !== first.work)
    }

    @Test("resolved on its own, each resolve is a new instance")
    func resolvedOnItsOwnIsNewEachTime() throws {
        register()
        #expect(try root.resolve(UnitOfWork.self) !== (try root.resolve(UnitOfWork.self)))
    }

    @Test("a failed resolution leaves nothing behind for the next one")
    func aFailedResolutionLeavesNothingBehind() throws {
        register()
        let fail = Locked(true)
        root.register(Repository.self, lifecycle: .transient) { container in
            let work = try container.resolve(UnitOfWork.self)
            if fail.withLock({ $0 }) { throw Unavailable() }
            return Repository(work: work)
        }
        let firstWork = Locked<UnitOfWork?>(nil)
        root.register(Service.self, lifecycle: .transient) { container in
            let work = try container.resolve(UnitOfWork.self)
            firstWork.withLock { $0 = $0 ?? work }
            return try Service(work: work, repository: container.resolve(Repository.self))
        }
        #expect(throws: DependencyResolutionError.self) { try root.resolve(Service.self) }
        fail.withLock { $0 = false }
        let service = try root.resolve(Service.self)
        #expect(service.work === service.repository.work)
        #expect(service.work !== firstWork.withLock { $0 })
    }

    @Test("async resolution shares one instance across async factories and child tasks")
    func asyncResolutionSharesAcrossChildTasks() async throws {
        root.register(UnitOfWork.self, lifecycle: .graph) { _ in UnitOfWork() }
        root.register(Repository.self, lifecycle: .transient) { container async throws in
            try await Repository(work: container.resolve(UnitOfWork.self))
        }
        root.register(Service.self, lifecycle: .transient) { container async throws in
            async let repository = container.resolve(Repository.self)
            let work = try await container.resolve(UnitOfWork.self)
            return try await Service(work: work, repository: repository)
        }
        let first = try await root.resolve(Service.self)
        #expect(first.work === first.repository.work)
        let second = try await root.resolve(Service.self)
        #expect(second.work !== first.work)
    }

    @Test("a singleton built in a resolution keeps the instance of that resolution")
    func aSingletonKeepsItsResolutionsInstance() throws {
        register(serviceLifecycle: .singleton)
        let service = try root.resolve(Service.self)
        #expect(service.work === service.repository.work)
        #expect(try root.resolve(Service.self).work === service.work)
    }

    @Test("instructions accept lifecycle=graph")
    func instructionsAcceptGraph() throws {
        let instruction = try DependencyInjectionInstruction(parsing: "type=a,factory=b,lifecycle=graph")
        #expect(instruction.lifecycle == .graph)
    }

    @Test("in a scope, and under an override, one resolution still shares one instance")
    func scopesAndOverrides() async throws {
        let checkout = root.container(for: .checkout)
        checkout.register(UnitOfWork.self, lifecycle: .graph) { _ in UnitOfWork() }
        checkout.register(Repository.self, lifecycle: .transient) { container in
            try Repository(work: container.resolve(UnitOfWork.self))
        }
        checkout.register(Service.self, lifecycle: .transient) { container in
            try Service(work: container.resolve(UnitOfWork.self), repository: container.resolve(Repository.self))
        }
        let scoped = try await checkout.resolve(Service.self)
        #expect(scoped.work === scoped.repository.work)
        register()
        let replaced = UnitOfWork()
        try await root.withOverrides { overrides in
            overrides.register(UnitOfWork.self, lifecycle: .graph) { _ in replaced }
        } operation: {
            let service = try await root.resolve(Service.self)
            #expect(service.work === replaced)
            #expect(service.repository.work === replaced)
        }
    }

    @Test("validate() builds it and the graph shows its lifecycle")
    func validationAndTheGraph() throws {
        register()
        try root.validateSynchronously()
        let graph = root.dependencyGraphSynchronously()
        #expect(graph.nodes.first { $0.id == "global/UnitOfWork" }?.lifecycle == .graph)
        #expect(graph.edges.contains(.init(from: "global/Repository", to: "global/UnitOfWork")))
        #expect(graph.edges.contains(.init(from: "global/Service", to: "global/UnitOfWork")))
    }
}
