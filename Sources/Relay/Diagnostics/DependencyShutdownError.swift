/// The teardowns that threw during ``DependencyContainer/shutdown()``, or at the end of a unit of
/// work: every teardown runs, and every failure is reported here, each with the type whose
/// instance it was closing.
///
/// ```
/// Shutting down the container failed: 1 teardown threw.
/// - 'Database' in global: the connection was already closed
/// ```
public struct DependencyShutdownError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure.
    ///
    /// New codes may be added; a `switch` over codes needs a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Kind: String {
            case teardownFailed
        }

        fileprivate let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// At least one teardown threw.
        public static let teardownFailed = Code(.teardownFailed)

        /// The code's name.
        public var description: String { kind.rawValue }
    }

    /// One teardown that threw.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The type (and name) whose instance was being torn down: `Database`, `Tracker["audit"]`.
        public let requestedType: String

        /// The scope of the container that built the instance.
        public let scope: DependencyContainerScope

        /// What the teardown threw.
        public let underlyingError: any Error

        /// `'Database' in global: <what the teardown threw>`.
        public var description: String {
            let place = scope.placeDescription()
            return "'\(requestedType)' in \(place): \(underlyingError)"
        }
    }

    /// The kind of failure: ``Code/teardownFailed``.
    public let code = Code.teardownFailed

    /// The teardowns that threw, in the order they ran (newest instance first).
    public let failures: [Failure]

    /// What was being ended: `the container`, or a unit of work.
    private let ending: String

    init(failures: [Failure]) {
        self.failures = failures
        self.ending = "Shutting down the container"
    }

    init(failures: [Failure], endingUnit unit: UnitOfWork) {
        self.failures = failures
        self.ending = "Ending \(unit)"
    }

    /// A count, then each failure.
    public var description: String {
        let count = failures.count == 1 ? "1 teardown" : "\(failures.count) teardowns"
        return (["\(ending) failed: \(count) threw."] + failures.map { "- \($0)" })
            .joined(separator: "\n")
    }
}
