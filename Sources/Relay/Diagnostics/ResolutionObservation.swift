/// The process-wide resolution observer.
final class ResolutionObservation: @unchecked Sendable {
    // Safety: `current` is read and written only inside `lock`.

    static let shared = ResolutionObservation()

    private let lock = PthreadMutex()
    private var current: (@Sendable (ResolutionEvent) -> Void)?

    var observer: (@Sendable (ResolutionEvent) -> Void)? {
        lock.withLock { current }
    }

    func set(_ observer: (@Sendable (ResolutionEvent) -> Void)?) {
        let (wasSet, isSet) = lock.withLock {
            let wasSet = current != nil
            current = observer
            return (wasSet, observer != nil)
        }
        // The gate counts the observer once, however often it is replaced.
        if isSet, !wasSet { SlowPathGate.open() }
        if wasSet, !isSet { SlowPathGate.close() }
    }
}
