import Foundation

/// Makes identifiers for new books.
///
/// The default makes UUIDs; tests inject ``SequentialIDGenerator`` (`book-1`, `book-2`, …).
public protocol IDGenerator: Sendable {
    /// A new identifier, never returned before by this generator.
    func nextID() -> String
}

/// Random UUIDs in lower case: `9c5b94b1-35ad-49bb-b118-8e8fc24abf80`.
public struct UUIDGenerator: IDGenerator {
    /// Creates the generator.
    public init() {}

    /// A new identifier.
    public func nextID() -> String {
        UUID().uuidString.lowercased()
    }
}
