#if LoggingSupport
public import Logging
import Relay

/// Reports every resolution through swift-log: which factory built what, new or cached, how long
/// it took.
///
/// ```swift
/// var logger = Logger(label: "relay")
/// logger.logLevel = .debug
/// ResolutionLogging.start(logger: logger)
/// // debug: BookStore in global: built in 41.0 µs (depth 0) [relay.type=BookStore relay.outcome=built …]
/// ResolutionLogging.stop()
/// ```
///
/// It is a switch for run time: a server can turn it on from an admin endpoint or a signal while
/// chasing a slow request. This product is built only with the package trait `LoggingSupport`,
/// so users of the core `Relay` product never resolve swift-log.
public enum ResolutionLogging {
    /// Starts logging every resolution in the process, replacing any other resolution observer.
    ///
    /// - Parameters:
    ///   - logger: Where to log.
    ///   - level: The level of successful and cancelled resolutions; failures are logged at
    ///     `.warning` or above.
    public static func start(logger: Logger, level: Logger.Level = .debug) {
        DependencyContainer.observeResolutions { event in
            let metadata: Logger.Metadata = [
                "relay.type": "\(event.requestedType)",
                "relay.scope": "\(event.scope)",
                "relay.outcome": "\(event.outcome)",
                "relay.duration_ns":
                    "\(event.duration.components.attoseconds / 1_000_000_000 + event.duration.components.seconds * 1_000_000_000)",
                "relay.depth": "\(event.depth)",
            ]
            switch event.outcome {
            case .failed:
                logger.log(level: max(level, .warning), "\(event)", metadata: metadata)
            // Cancellation is the caller's (a client that went away), not a fault of the wiring.
            case .built, .cached, .cancelled:
                logger.log(level: level, "\(event)", metadata: metadata)
            }
        }
    }

    /// Stops logging resolutions (and removes any other resolution observer).
    public static func stop() {
        DependencyContainer.observeResolutions(nil)
    }
}
#endif
