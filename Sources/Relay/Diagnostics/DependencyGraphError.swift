/// Every failure found while building a whole graph at once: by ``DependencyContainer/start()``
/// (the eager singletons) or by ``DependencyContainer/validate()`` (every registration).
///
/// ```
/// Validating the container failed: 2 registrations could not be built.
/// - 'HTTPClient' is not registered in global.
///     resolution path: OrderService -> PaymentGateway -> HTTPClient
///     ...
/// ```
public struct DependencyGraphError: Error, CustomStringConvertible, Sendable {
    /// What was being done when the failures were found.
    ///
    /// New codes may be added; a `switch` over codes needs a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Kind: String {
            case startFailed, validationFailed
        }

        fileprivate let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// ``DependencyContainer/start()`` could not build some eager singletons.
        public static let startFailed = Code(.startFailed)
        /// ``DependencyContainer/validate()`` could not build some registrations.
        public static let validationFailed = Code(.validationFailed)

        /// The code's name.
        public var description: String { kind.rawValue }
    }

    /// What was being done.
    public let code: Code

    /// The failures, in registration order (roots before their scopes).
    public let failures: [DependencyResolutionError]

    /// For ``Code/validationFailed``: the teardowns that threw when validation tore down what it
    /// built, newest instance first.
    public let teardownFailures: [DependencyShutdownError.Failure]

    init(code: Code, failures: [DependencyResolutionError], teardownFailures: [DependencyShutdownError.Failure] = []) {
        self.code = code
        self.failures = failures
        self.teardownFailures = teardownFailures
    }

    /// A count, then each failure's full message.
    public var description: String {
        let (action, noun) =
            switch code.kind {
            case .startFailed: ("Starting", "eager singleton")
            case .validationFailed: ("Validating", "registration")
            }
        let count = failures.count == 1 ? "1 \(noun)" : "\(failures.count) \(noun)s"
        let details = failures.map {
            "- " + $0.description.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
        }
        var lines = ["\(action) the container failed: \(count) could not be built."] + details
        if !teardownFailures.isEmpty {
            let teardowns = teardownFailures.count == 1 ? "1 teardown" : "\(teardownFailures.count) teardowns"
            if failures.isEmpty {
                lines = ["\(action) the container failed: \(teardowns) of what it built threw."]
            } else {
                lines.append("And \(teardowns) of what it built threw:")
            }
            lines += teardownFailures.map { "- \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
