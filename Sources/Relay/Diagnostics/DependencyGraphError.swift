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
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// ``DependencyContainer/start()`` could not build some eager singletons.
        public static let startFailed = Code("startFailed")
        /// ``DependencyContainer/validate()`` could not build some registrations.
        public static let validationFailed = Code("validationFailed")

        /// The code's name.
        public var description: String { name }
    }

    /// What was being done.
    public let code: Code

    /// The failures, in registration order (roots before their scopes).
    public let failures: [DependencyResolutionError]

    /// A count, then each failure's full message.
    public var description: String {
        let (action, noun) =
            code == .startFailed ? ("Starting", "eager singleton") : ("Validating", "registration")
        let count = failures.count == 1 ? "1 \(noun)" : "\(failures.count) \(noun)s"
        let details = failures.map {
            "- " + $0.description.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
        }
        return (["\(action) the container failed: \(count) could not be built."] + details).joined(separator: "\n")
    }
}
