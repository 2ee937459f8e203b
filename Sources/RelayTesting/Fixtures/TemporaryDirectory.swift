public import Foundation

/// A new, empty directory of its own for one test's files: a database, a configuration, logs.
///
/// Tests that run in parallel each make their own, so no two programs under test share a file.
/// ``withTemporaryDirectory(prefix:isolation:_:)`` removes it when the test ends.
///
/// ```swift
/// try await withTemporaryDirectory { directory in
///     let database = directory.file(named: "books.sqlite")
///     launcher.arguments += ["--database", database.path]
/// }
/// ```
public struct TemporaryDirectory: Sendable, Hashable {
    /// The directory.
    public let url: URL

    /// Creates a new, empty directory under the system's temporary directory.
    ///
    /// ```swift
    /// let directory = try TemporaryDirectory(prefix: "bookshelf")
    /// defer { directory.remove() }
    /// launcher.arguments += ["--database", directory.file(named: "books.sqlite").path]
    /// ```
    ///
    /// - Parameter prefix: The start of the directory's name; a UUID follows it.
    /// - Throws: The file system's error when the directory cannot be created.
    public init(prefix: String = "RelayTesting") throws {
        let name = "\(prefix)-\(UUID().uuidString)"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of a file named `name` in the directory; the file is not created.
    ///
    /// - Parameter name: The file's name.
    /// - Returns: The file's URL.
    public func file(named name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: false)
    }

    /// Removes the directory and everything in it; a directory already gone is not an error.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs `body` with a new temporary directory, and removes the directory afterwards, also when
/// `body` throws.
///
/// ```swift
/// let rows = try await withTemporaryDirectory(prefix: "bookshelf") { directory in
///     try await countBooks(in: directory.file(named: "books.sqlite"))
/// }
/// ```
///
/// - Parameters:
///   - prefix: The start of the directory's name.
///   - isolation: The caller's actor; passed implicitly.
///   - body: The work that uses the directory.
/// - Returns: What `body` returns.
/// - Throws: What creating the directory or `body` throws.
public func withTemporaryDirectory<Result>(
    prefix: String = "RelayTesting",
    isolation: isolated (any Actor)? = #isolation,
    _ body: (TemporaryDirectory) async throws -> Result
) async throws -> Result {
    let directory = try TemporaryDirectory(prefix: prefix)
    defer { directory.remove() }
    return try await body(directory)
}
