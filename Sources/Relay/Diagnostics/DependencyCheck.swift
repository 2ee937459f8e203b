/// What ``DependencyContainer/check()`` looked at without running a factory: how much of the graph
/// it could check, and what it could not.
///
/// ```swift
/// let check = try container.check()
/// print(check)
/// // Checked 41 of 43 registrations and their 87 declared dependencies without building anything.
/// // Not checked (their factories declare no dependencies):
/// // - global/PaymentGateway: register it by its initializer, or declare what its factory resolves with .dependsOn(…)
/// ```
public struct DependencyCheck: Sendable, CustomStringConvertible {
    /// How many registrations (of the container, and for a root of its scopes) were checked.
    public let checkedRegistrations: Int

    /// How many declared dependencies were followed.
    public let checkedDependencies: Int

    /// The registrations whose dependencies are unknown, as graph node identifiers
    /// (`scope/Type["name"]`), each with why and what to do: a factory written as a closure that
    /// declares nothing, or a dynamic instruction's factory.
    public let unchecked: [Unchecked]

    /// A registration `check()` could not look into.
    public struct Unchecked: Sendable, Hashable, CustomStringConvertible {
        /// The registration's node identifier, as in ``DependencyGraph/Node/id``.
        public let registration: String
        /// Why it was not checked, and how to make it checkable.
        public let reason: String

        /// The identifier and the reason on one line.
        public var description: String { "\(registration): \(reason)" }
    }

    /// A summary line, then the unchecked registrations.
    public var description: String {
        let total = checkedRegistrations + unchecked.count
        var lines = [
            "Checked \(checkedRegistrations) of \(total) registrations and their \(checkedDependencies) declared "
                + "dependencies without building anything."
        ]
        if !unchecked.isEmpty {
            lines.append("Not checked (their dependencies are not declared):")
            lines += unchecked.map { "- \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
