import Foundation

/// A value behind an `NSLock`, for collecting results from test threads. (`Synchronization.Mutex`
/// locks inside the uninstrumented standard library, so the thread sanitizer cannot see it.)
final class Locked<Value>: @unchecked Sendable {
    // Safety: `value` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
