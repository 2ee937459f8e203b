/// A value type to register: it has no identity, so a cached value is told apart by its `x`.
public struct Point: Equatable, Sendable {
    /// The value that tells points apart.
    public var x: Int

    /// A point at `x`.
    public init(x: Int) { self.x = x }
}
