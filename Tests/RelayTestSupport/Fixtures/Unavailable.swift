/// An error a factory throws in the tests.
public struct Unavailable: Error, CustomStringConvertible {
    /// "the database is unavailable": the text that error messages quote.
    public var description: String { "the database is unavailable" }

    /// The error.
    public init() {}
}
