public import Dispatch
import Foundation

/// Runs `body` on `threads` new threads that start together, and waits for all of them.
///
/// The threads are released at once, so that they contend for whatever `body` touches. A thread
/// of its own also gives a test a stack of a chosen size.
///
/// ```swift
/// let finished = concurrently(threads: 8) { _ in _ = try? container.resolve(Store.self) }
/// #expect(finished)
/// ```
///
/// - Parameters:
///   - threads: How many threads run `body`.
///   - timeout: How long to wait for all of them.
///   - stackSize: The stack size of each thread, in bytes; the platform's default when `nil`.
///   - body: The work of one thread, given the thread's index (`0..<threads`).
/// - Returns: `false` when the threads did not all finish in time: a deadlock, in these tests.
public func concurrently(
    threads: Int,
    timeout: DispatchTimeInterval = .seconds(20),
    stackSize: Int? = nil,
    _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<threads {
        done.enter()
        let thread = Thread {
            start.wait()
            body(index)
            done.leave()
        }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }
    for _ in 0..<threads { start.signal() }
    return done.wait(timeout: .now() + timeout) == .success
}
