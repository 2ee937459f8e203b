import Dispatch
import Foundation

/// Runs `body` on `threads` new threads (with a given stack size, if any) that start together, and
/// waits up to `timeout` for all of them. Returns `false` when they did not all finish in time (a deadlock, in these tests).
func concurrently(
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
