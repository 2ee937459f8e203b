/// The teardowns that threw during ``DependencyContainer/shutdown()``, or at the end of a unit of
/// work: every teardown runs, and every failure is reported here, each with the type whose
/// instance it was closing (and the unit that owned it).
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

        /// The number of the unit of work that owned the instance (see ``UnitOfWork/number``);
        /// `nil` for an instance the container owned.
        public let unitOfWork: Int?

        /// What the teardown threw.
        public let underlyingError: any Error

        init(
            requestedType: String,
            scope: DependencyContainerScope,
            unitNumber: Int? = nil,
            underlyingError: any Error
        ) {
            self.requestedType = requestedType
            self.scope = scope
            self.unitOfWork = unitNumber
            self.underlyingError = underlyingError
        }

        /// `'Database' in global: <what the teardown threw>`; `'Transaction' in global, unit of
        /// work #3: …` for an instance a unit owned.
        public var description: String {
            let place = scope.placeDescription()
            let owner = unitOfWork.map { ", unit of work #\($0)" } ?? ""
            return "'\(requestedType)' in \(place)\(owner): \(underlyingError)"
        }
    }

    /// The kind of failure: ``Code/teardownFailed``.
    public let code = Code.teardownFailed

    /// The teardowns that threw, in the order they ran (newest instance first).
    public let failures: [Failure]

    /// What the unit's work threw before its teardowns ran, when both failed: thrown by
    /// ``DependencyContainer/withUnitOfWork(isolation:_:)`` (and ``UnitOfWork`` closes made after
    /// a failure) in place of the work's error, so that neither failure is lost. `nil` otherwise.
    public let workError: (any Error)?

    /// What was being ended: `Shutting down the container`, `Ending unit of work #3`.
    private let ending: String

    init(failures: [Failure]) {
        self.init(failures: failures, ending: "Shutting down the container")
    }

    init(failures: [Failure], endingUnit unit: UnitOfWork, workError: (any Error)? = nil) {
        self.init(failures: failures, ending: "Ending \(unit)", workError: workError)
    }

    init(failures: [Failure], ending: String, workError: (any Error)? = nil) {
        self.failures = failures
        self.ending = ending
        self.workError = workError
    }

    /// A count, then each failure; then the work's error, if it threw first.
    public var description: String {
        let count = failures.count == 1 ? "1 teardown" : "\(failures.count) teardowns"
        var lines = ["\(ending) failed: \(count) threw."] + failures.map { "- \($0)" }
        if let workError {
            lines.append("The unit's work had thrown first: \(workError)")
        }
        return lines.joined(separator: "\n")
    }
}

// MARK: - Log lines

extension DependencyShutdownError {
    /// One line of a log that reports a shutdown that failed, in Relay's words: what the
    /// integrations log (`RelayServiceLifecycle`'s `DependencyContainerService`, `RelayVapor`'s
    /// `DependencyContainerLifecycle`), so that every one reports a failure alike.
    public struct LogLine: Hashable, Sendable {
        /// The message: `Teardown failed: 'Cache' in global: the socket was already closed`.
        public let message: String

        /// What a structured logger attaches to it: for a failed teardown, `relay.type` (the type,
        /// `Cache`) and `relay.scope` (the scope, `global`); empty otherwise.
        public let metadata: [String: String]
    }

    /// The lines that report a container's shutdown that threw `error`: for a
    /// `DependencyShutdownError`, one per failed teardown, in the order they ran (newest instance
    /// first), so that each failure can be found and counted on its own, with its type and scope as
    /// metadata; for any other error, one line.
    ///
    /// ```swift
    /// do {
    ///     try await container.shutdown()
    /// } catch {
    ///     for line in DependencyShutdownError.logLines(reporting: error) {
    ///         logger.error("\(line.message)", metadata: line.metadata.mapValues { .string($0) })
    ///     }
    /// }
    /// // error: Teardown failed: 'Cache' in global: the socket was already closed [relay.scope=global relay.type=Cache]
    /// ```
    ///
    /// - Parameter error: What `shutdown()` threw.
    /// - Returns: The lines, to log at `error`.
    public static func logLines(reporting error: any Error) -> [LogLine] {
        guard let failed = error as? DependencyShutdownError else {
            return [LogLine(message: "Shutting down the dependency container failed: \(error)", metadata: [:])]
        }
        var lines = failed.failures.map { failure in
            LogLine(
                message: "Teardown failed: \(failure)",
                metadata: ["relay.type": failure.requestedType, "relay.scope": "\(failure.scope)"])
        }
        if let workError = failed.workError {
            lines.append(LogLine(message: "The unit's work had thrown first: \(workError)", metadata: [:]))
        }
        return lines
    }
}
