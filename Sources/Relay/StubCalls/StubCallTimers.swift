import Foundation

/// The time limits of stub calls answered by code that might never return (``StubCallDeadline``),
/// kept by one thread for the whole process instead of a sleeping task per call.
///
/// Why: a task per call was two more jobs for the cooperative pool on every call (start to sleep,
/// then wake to be cancelled), on a pool of two threads on a two-core machine, where each costs a
/// thread wake in the middle of the round trip. Here a call costs a lock and a dictionary entry.
///
/// The thread never needs waking for a call in the common case: while no limit waits, it sleeps
/// at most the shortest limit it has seen, so a call made meanwhile with that limit or a longer
/// one is due after it wakes anyway. Only a call due before the thread wakes (a shorter limit than
/// any before) wakes it. What fires runs in a task of its own, so a slow one (an answer written
/// to a test that does not read) never holds up the next limit.
///
/// <!-- snippet: fragment: internal, and the race it times is private to StubCallDeadline -->
/// ```swift
/// let timer = StubCallTimers.shared.schedule(after: .seconds(10)) { race.timeOut() }
/// // the answer came first:
/// StubCallTimers.shared.cancel(timer)
/// ```
final class StubCallTimers: @unchecked Sendable {
    // Safety: every stored property but `lock` is read and written only inside `lock.withLock`,
    // so no two threads touch them at once.

    /// The process's timers; its thread starts with the first limit.
    static let shared = StubCallTimers()

    private struct Timer {
        let deadline: UInt64
        let fire: @Sendable () -> Void
    }

    private let lock = ConditionLock()
    private var timers: [UInt64: Timer] = [:]
    private var nextID: UInt64 = 1
    /// While the thread waits: when it wakes at the latest (monotonic nanoseconds).
    private var wakesAt: UInt64?
    /// The shortest limit scheduled so far, in nanoseconds: how long the thread sleeps at most
    /// when no limit waits.
    private var shortestLimit = UInt64.max
    private var hasThread = false

    /// Runs `fire`, in a task, once `limit` has passed, unless ``cancel(_:)`` comes first.
    ///
    /// - Returns: The timer, to cancel it.
    func schedule(after limit: Duration, _ fire: @escaping @Sendable () -> Void) -> UInt64 {
        let span = PthreadCondition.nanoseconds(limit)
        let deadline = PthreadCondition.deadline(after: limit).nanoseconds
        let (id, startsThread) = lock.withLock { () -> (UInt64, Bool) in
            let id = nextID
            nextID += 1
            timers[id] = Timer(deadline: deadline, fire: fire)
            shortestLimit = min(shortestLimit, max(span, 1))
            if let wakesAt, deadline < wakesAt { lock.broadcast() }
            defer { hasThread = true }
            return (id, !hasThread)
        }
        if startsThread {
            let thread = Thread { [self] in run() }
            thread.name = "Relay stub call time limits"
            // It only compares numbers and starts tasks.
            thread.stackSize = 128 * 1024
            thread.start()
        }
        return id
    }

    /// Drops `timer`: it will not fire. Nothing happens for a timer that fired already.
    func cancel(_ timer: UInt64) {
        _ = lock.withLock { timers.removeValue(forKey: timer) }
    }

    /// Fires each timer when it is due, for the life of the process.
    private func run() {
        while true {
            let due = lock.withLock { () -> [@Sendable () -> Void] in
                while true {
                    let now = PthreadCondition.monotonicNanoseconds()
                    var due: [@Sendable () -> Void] = []
                    var nearest = UInt64.max
                    for (id, timer) in timers {
                        if timer.deadline <= now {
                            due.append(timer.fire)
                            timers[id] = nil
                        } else {
                            nearest = min(nearest, timer.deadline)
                        }
                    }
                    if !due.isEmpty { return due }
                    let (idle, overflows) = now.addingReportingOverflow(shortestLimit)
                    let wake = min(nearest, overflows ? .max : idle)
                    wakesAt = wake
                    _ = lock.wait(until: PthreadCondition.Deadline(nanoseconds: wake))
                    wakesAt = nil
                }
            }
            for fire in due { Task { fire() } }
        }
    }
}
