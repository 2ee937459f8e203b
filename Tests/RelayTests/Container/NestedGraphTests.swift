import Relay
import Testing

/// `.graph` registrations that resolve each other: the instances of one resolution stay shared,
/// whichever of them happened to make the resolution's storage (Swinject's default object scope,
/// which the migration guide maps to `.graph`).
@Suite("Nested graph registrations")
struct NestedGraphTests {
    final class Food: Sendable {}

    final class Cat: Sendable {
        let food: Food
        init(food: Food) { self.food = food }
    }

    final class Person: Sendable {
        let cat: Cat
        let food: Food
        init(cat: Cat, food: Food) {
            self.cat = cat
            self.food = food
        }
    }

    private func container(personLifecycle: LifecycleType) -> DependencyContainer {
        let root = DependencyContainer()
        root.register(Food.self, lifecycle: .graph) { _ in Food() }
        root.register(Cat.self, lifecycle: .graph) { container in try Cat(food: container.resolve(Food.self)) }
        root.register(Person.self, lifecycle: personLifecycle) { container in
            try Person(cat: container.resolve(Cat.self), food: container.resolve(Food.self))
        }
        return root
    }

    @Test(
        "the owner and the cat share one food, resolved synchronously",
        arguments: [LifecycleType.graph, .transient, .singleton])
    func sharedSynchronously(personLifecycle: LifecycleType) throws {
        let person = try container(personLifecycle: personLifecycle).resolve(Person.self)
        #expect(person.food === person.cat.food)
    }

    @Test(
        "the owner and the cat share one food, resolved with await",
        arguments: [LifecycleType.graph, .transient, .singleton])
    func sharedAsynchronously(personLifecycle: LifecycleType) async throws {
        let person = try await container(personLifecycle: personLifecycle).resolve(Person.self)
        #expect(person.food === person.cat.food)
    }

    @Test("two resolutions get two graphs")
    func twoResolutionsTwoGraphs() throws {
        let root = container(personLifecycle: .graph)
        let first = try root.resolve(Person.self)
        let second = try root.resolve(Person.self)
        #expect(first.food !== second.food)
    }
}
