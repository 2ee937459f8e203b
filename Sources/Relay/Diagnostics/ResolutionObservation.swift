/// Who observes resolutions: the process-wide observer a server sets, and the observers a test
/// scopes to its own task.
///
/// Both are reached only on the slow path: while neither is set anywhere, the gate stays closed
/// and a resolve never looks here.
final class ResolutionObservation: Sendable {
    static let shared = ResolutionObservation()

    /// The observer set with `observeResolutions(_:)`; at most one.
    private let processWide = LockedValue<(@Sendable (ResolutionEvent) -> Void)?>(nil)

    /// The observer of the current task's scope (`withResolutionObserver`), and of its child tasks.
    @TaskLocal static var scoped: (@Sendable (ResolutionEvent) -> Void)?

    /// The observers that see a resolve made here and now: the scope's, then the process's.
    var observers: Observers {
        Observers(scoped: Self.scoped, processWide: processWide.withLockedValue { $0 })
    }

    /// The observers one resolve reports to.
    struct Observers {
        let scoped: (@Sendable (ResolutionEvent) -> Void)?
        let processWide: (@Sendable (ResolutionEvent) -> Void)?

        /// Whether anyone observes this resolve.
        var isEmpty: Bool { scoped == nil && processWide == nil }

        /// Tells each observer.
        func tell(_ event: ResolutionEvent) {
            scoped?(event)
            processWide?(event)
        }
    }

    /// Sets or removes the process-wide observer; the gate counts it once, however often it is
    /// replaced.
    func setProcessWide(_ observer: (@Sendable (ResolutionEvent) -> Void)?) {
        let (wasSet, isSet) = processWide.withLockedValue { current in
            let wasSet = current != nil
            current = observer
            return (wasSet, observer != nil)
        }
        if isSet, !wasSet { SlowPathGate.open() }
        if wasSet, !isSet { SlowPathGate.close() }
    }
}
