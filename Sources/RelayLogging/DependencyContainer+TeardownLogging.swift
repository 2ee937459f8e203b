#if LoggingSupport
public import Logging
public import Relay

extension DependencyContainer {
    /// Logs, through swift-log, the teardown failures that no caller receives.
    ///
    /// Those are the failures of an ending nobody awaits: a unit of work dropped without being
    /// ended (a request whose response was never written), an instance built for a unit that had
    /// ended while it was built, what ``Relay/DependencyContainer/validateSynchronously()`` built.
    /// Every other failure reaches whoever ended its owner (``Relay/UnitOfWork/close()``,
    /// `withUnitOfWork`, ``Relay/DependencyContainer/shutdown()``), so without this they would wait,
    /// unseen, for the next shutdown (which still reports them).
    ///
    /// ```swift
    /// DependencyContainer.global.logTeardownFailures(to: logger)
    /// // error: Ending unit of work #12 (dropped without being closed) failed: 1 teardown threw. …
    /// ```
    ///
    /// Each failure is logged once, as it happens, its message the failure's description (the
    /// types, their units, what each teardown threw). It sets the container family's observer
    /// (``Relay/DependencyContainer/observeTeardownFailures(_:)``), replacing any other;
    /// `observeTeardownFailures(nil)` stops it. `RelayVapor`'s `useRelay` and `RelayServiceLifecycle`'s
    /// `DependencyContainerService` do the same with their own loggers.
    ///
    /// - Parameters:
    ///   - logger: Where to log.
    ///   - level: The level of each failure; `.error` by default.
    public func logTeardownFailures(to logger: Logger, level: Logger.Level = .error) {
        observeTeardownFailures { failure in
            logger.log(level: level, "\(failure)")
        }
    }
}
#endif
