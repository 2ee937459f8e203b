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
    /// types, their units, what each teardown threw). It adds an observer to the container family
    /// (``Relay/DependencyContainer/addTeardownFailureObserver(_:)``) beside any other: `RelayVapor`'s
    /// `useRelay` and `RelayServiceLifecycle`'s `DependencyContainerService`, which do the same with
    /// their own loggers, and the program's own observers all still see every failure. Pass what
    /// it returns to ``Relay/DependencyContainer/removeTeardownFailureObserver(_:)`` to stop it:
    ///
    /// ```swift
    /// let logging = DependencyContainer.global.logTeardownFailures(to: logger)
    /// // … when that logger is done with:
    /// DependencyContainer.global.removeTeardownFailureObserver(logging)
    /// ```
    ///
    /// - Parameters:
    ///   - logger: Where to log.
    ///   - level: The level of each failure; `.error` by default.
    /// - Returns: What identifies the observer, to remove it.
    @discardableResult
    public func logTeardownFailures(to logger: Logger, level: Logger.Level = .error) -> TeardownFailureObserverID {
        addTeardownFailureObserver { failure in
            logger.log(level: level, "\(failure)")
        }
    }
}
#endif
