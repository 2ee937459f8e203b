/// The process-wide resolution observer.
final class ResolutionObservation: Sendable {
    static let shared = ResolutionObservation()

    private let current = LockedValue<(@Sendable (ResolutionEvent) -> Void)?>(nil)

    var observer: (@Sendable (ResolutionEvent) -> Void)? {
        current.withLockedValue { $0 }
    }

    func set(_ observer: (@Sendable (ResolutionEvent) -> Void)?) {
        let (wasSet, isSet) = current.withLockedValue { current in
            let wasSet = current != nil
            current = observer
            return (wasSet, observer != nil)
        }
        // The gate counts the observer once, however often it is replaced.
        if isSet, !wasSet { SlowPathGate.open() }
        if wasSet, !isSet { SlowPathGate.close() }
    }
}
