// Types whose factories can be made to need each other: CycleA -> CycleB -> CycleA, or through
// CycleC for a longer cycle.

/// Built from a ``CycleB``.
public final class CycleA: Sendable {
    /// The ``CycleB`` it was built with.
    public let b: CycleB

    /// An instance holding `b`.
    public init(b: CycleB) { self.b = b }
}

/// Built from anything: a ``CycleA`` for a cycle of two, a ``CycleC`` for a cycle of three.
public final class CycleB: Sendable {
    /// What it was built with.
    public let a: any Sendable

    /// An instance holding `a`.
    public init(a: any Sendable) { self.a = a }
}

/// Built from a ``CycleA``.
public final class CycleC: Sendable {
    /// The ``CycleA`` it was built with.
    public let a: CycleA

    /// An instance holding `a`.
    public init(a: CycleA) { self.a = a }
}
