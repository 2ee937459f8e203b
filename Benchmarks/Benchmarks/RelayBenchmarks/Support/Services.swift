// The services the scenarios build. Final classes, as services usually are: every instance is one
// heap allocation, so "allocations per operation" counts the objects built plus whatever the
// library adds.

/// The singleton of scenarios 1, 4, 6 and 8.
final class Service: Sendable {
    init() {}
}

/// The root of the small graph of scenarios 2 and 3: `A(B(D), C)`.
final class GraphA: Sendable {
    let b: GraphB
    let c: GraphC

    init(b: GraphB, c: GraphC) {
        self.b = b
        self.c = c
    }
}

final class GraphB: Sendable {
    let d: GraphD

    init(d: GraphD) {
        self.d = d
    }
}

final class GraphC: Sendable {
    init() {}
}

final class GraphD: Sendable {
    init() {}
}

/// A factory as swift-dependencies spells a transient: a dependency whose value builds anew.
struct Factory<Product>: Sendable {
    let make: @Sendable () -> Product
}
