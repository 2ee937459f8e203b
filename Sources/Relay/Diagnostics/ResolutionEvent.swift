/// One call to `resolve`, as an observer sees it: what was asked for, where, whether it was built
/// or found cached, and how long it took.
///
/// Set an observer with ``DependencyContainer/observeResolutions(_:)``, or for one task with
/// ``DependencyContainer/withResolutionObserver(_:isolation:operation:)``; the `RelayLogging`
/// product (trait `LoggingSupport`) turns these events into swift-log messages.
public struct ResolutionEvent: Sendable, CustomStringConvertible {
    /// What happened.
    public enum Outcome: Sendable, Hashable, CustomStringConvertible {
        /// A factory ran: the type's own, and perhaps its dependencies'.
        case built
        /// The instance was cached; no factory ran.
        case cached
        /// Resolution threw.
        case failed(DependencyResolutionError.Code)
        /// A factory threw `CancellationError`, or the wait for another's build was cancelled:
        /// the resolve threw it as it is, from either the synchronous or the async `resolve`.
        case cancelled

        /// `built`, `cached`, `failed (code)` or `cancelled`.
        public var description: String {
            switch self {
            case .built: "built"
            case .cached: "cached"
            case .failed(let code): "failed (\(code))"
            case .cancelled: "cancelled"
            }
        }
    }

    /// The type asked for, with its name if it has one: `Tracker["google"]`.
    public let requestedType: String

    /// The scope of the container that was asked.
    public let scope: DependencyContainerScope

    /// Whether it was built, cached, or failed.
    public let outcome: Outcome

    /// How long the resolve took, its dependencies included.
    public let duration: Duration

    /// How many factories were running around this resolve: 0 for a call from outside any factory.
    public let depth: Int

    /// `Clock in scope 'checkout': built in 12 µs (depth 1)`.
    public var description: String {
        let place = scope.placeDescription()
        let micros = Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6
        let time = micros < 10 ? String(format1: micros) : String(Int(micros.rounded()))
        return "\(requestedType) in \(place): \(outcome) in \(time) µs (depth \(depth))"
    }
}

extension String {
    /// A number with one decimal, without Foundation's formatters.
    fileprivate init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
