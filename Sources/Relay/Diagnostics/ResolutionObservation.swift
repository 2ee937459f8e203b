/// The process-wide resolution observer, and the tracers Relay installs for itself.
///
/// Both are reached only on the slow path: while neither is set, the gate stays closed and a
/// resolve never looks here.
final class ResolutionObservation: Sendable {
    static let shared = ResolutionObservation()

    /// Who is told about each resolve.
    struct Listeners: Sendable {
        /// The user's observer, set with `observeResolutions(_:)`; at most one.
        var observer: (@Sendable (ResolutionEvent) -> Void)?

        /// Relay's own listeners (the wiring account), told more than an observer is. Never
        /// removed: they live as long as the process.
        var tracers: [@Sendable (ResolutionTrace) -> Void] = []

        /// Whether anyone listens, so that resolution must measure and report.
        var isActive: Bool { observer != nil || !tracers.isEmpty }
    }

    private let current = LockedValue(Listeners())

    /// Everyone listening now.
    var listeners: Listeners {
        current.withLockedValue { $0 }
    }

    /// The user's observer, if one is set.
    var observer: (@Sendable (ResolutionEvent) -> Void)? {
        listeners.observer
    }

    func set(_ observer: (@Sendable (ResolutionEvent) -> Void)?) {
        update { $0.observer = observer }
    }

    /// Adds a tracer for the rest of the process's life.
    func addTracer(_ tracer: @escaping @Sendable (ResolutionTrace) -> Void) {
        update { $0.tracers.append(tracer) }
    }

    private func update(_ change: (inout Listeners) -> Void) {
        let (wasActive, isActive) = current.withLockedValue { listeners in
            let wasActive = listeners.isActive
            change(&listeners)
            return (wasActive, listeners.isActive)
        }
        // The gate counts the listeners once, however many there are and however often the
        // observer is replaced.
        if isActive, !wasActive { SlowPathGate.open() }
        if wasActive, !isActive { SlowPathGate.close() }
    }
}
