/// Every failure of ``DependencyContainer/start()``: one entry per eager singleton that could not
/// be built.
public struct DependencyStartError: Error, CustomStringConvertible, Sendable {
    /// The failures, in the order the eager singletons were registered.
    public let failures: [DependencyResolutionError]

    /// A count, then each failure's full message.
    public var description: String {
        let count = failures.count == 1 ? "1 eager singleton" : "\(failures.count) eager singletons"
        let details = failures.map {
            "- " + $0.description.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
        }
        return (["Starting the container failed: \(count) could not be built."] + details)
            .joined(separator: "\n")
    }
}
