/// Every problem ``DependencyContainer/check()`` found in the declared graph, found without running
/// a factory.
///
/// ```
/// Checking the container found 2 problems, without building anything:
/// - 'ReportService' in global depends on 'Mailer', which is not registered in global.
///     path: ReportService -> Mailer
///     fix: register 'Mailer', or make the dependency optional ('Mailer?') if it may be absent.
/// ...
/// ```
public struct DependencyCheckError: Error, Sendable, CustomStringConvertible {
    /// The problems, in registration order (roots before their scopes), each cycle once.
    public let problems: [Problem]

    /// What the check covered, and what it could not.
    public let check: DependencyCheck

    /// One problem in the declared graph.
    public struct Problem: Sendable, CustomStringConvertible {
        /// What is wrong.
        public let code: Code
        /// The registration whose declared dependency is wrong, as a graph node identifier
        /// (`scope/Type["name"]`).
        public let registration: String
        /// The path from that registration to the problem: `ReportService -> Mailer`, and for a
        /// cycle the whole loop, back to where it started.
        public let path: [String]
        /// What is wrong, in a sentence naming the types and the scope.
        public let message: String
        /// What to do about it.
        public let fix: String

        /// The message, the path and the fix, one per line.
        public var description: String {
            "\(message)\n  path: \(path.joined(separator: " -> "))\n  fix: \(fix)"
        }
    }

    /// What kind of problem was found.
    ///
    /// New codes may be added; a `switch` over codes needs a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Kind: String {
            case notRegistered, cycle, captiveDependency, asyncFactory, argumentMismatch
        }

        fileprivate let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// A declared dependency that nothing on the route of the registration's container (the
        /// container, then its root) registers.
        public static let notRegistered = Code(.notRegistered)
        /// Declared dependencies, none of them deferred (`Lazy`, `Provider`), that lead back to
        /// where they started: no resolve of them could end.
        public static let cycle = Code(.cycle)
        /// A longer-lived registration (a singleton, eager or weak) that depends on a shorter-lived
        /// instance it would hold past its owner's end: a `.unitOfWork` registration (which a
        /// resolve refuses with ``DependencyResolutionError/Code/captiveDependency``), or a
        /// `.transient` or `.graph` one with a teardown (which then waits for `shutdown()`).
        public static let captiveDependency = Code(.captiveDependency)
        /// A synchronous factory that depends on a registration with an async factory: a synchronous
        /// resolve cannot await it (``DependencyResolutionError/Code/asyncFactory``).
        public static let asyncFactory = Code(.asyncFactory)
        /// A dependency declared by type alone on a type registered only with runtime arguments,
        /// which a resolve by type cannot pass.
        public static let argumentMismatch = Code(.argumentMismatch)

        /// The code's name.
        public var description: String { kind.rawValue }
    }

    /// A count, then each problem with its path and fix.
    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        let details = problems.map {
            "- " + $0.description.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
        }
        return (["Checking the container found \(count), without building anything:"] + details)
            .joined(separator: "\n")
    }
}
