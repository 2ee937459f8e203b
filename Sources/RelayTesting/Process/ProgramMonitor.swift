import Relay

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What is known about a running program: its output so far, whether its output streams are
/// closed, and how it ended. Threads that read the program's pipes and Foundation's termination
/// handler feed it; tasks wait on it for a condition, with a time limit.
final class ProgramMonitor: Sendable {
    /// One of the program's two output streams.
    enum Stream: Sendable {
        case standardOutput
        case standardError
    }

    /// How the program ended. The launcher turns it into the public `ProgramExit`; this folder
    /// keeps a type of its own so that process handling does not depend on the launcher's API.
    struct Termination: Sendable, Equatable {
        /// Whether the program exited by itself or a signal ended it.
        enum Reason: Sendable {
            case exited
            case signalled
        }

        /// Whether the program exited by itself or a signal ended it.
        let reason: Reason

        /// The exit status, or the number of the signal that ended the program.
        let status: Int32

        /// What a program never seen to end counts as: ended by `SIGKILL`.
        static let killed = Termination(reason: .signalled, status: SIGKILL)
    }

    /// A copy of what the monitor knows, for conditions to inspect.
    struct State: Sendable {
        var standardOutput: [UInt8] = []
        var standardError: [UInt8] = []
        var openStreams = 2
        var termination: Termination?

        var standardOutputText: String { String(decoding: standardOutput, as: UTF8.self) }
        var standardErrorText: String { String(decoding: standardError, as: UTF8.self) }
        var hasTerminated: Bool { termination != nil }
        var isDrained: Bool { openStreams == 0 }

        /// The first line of either stream that contains `text`; a line still being written counts.
        func line(containing text: String) -> String? {
            var search = LineSearch(text: text)
            return search.firstMatch(in: self)
        }
    }

    private struct Waiter: Sendable {
        /// A line being looked for, if any; it remembers how far it has looked.
        var search: LineSearch?
        let condition: @Sendable (State) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
        /// Set just after the waiter is registered, so that the time limit cannot run out before
        /// there is a waiter for it to end.
        var timer: Task<Void, Never>?

        /// Whether the wait is over, looking only at what arrived since the last call.
        mutating func isSatisfied(by state: State) -> Bool {
            search?.firstMatch(in: state) != nil || condition(state)
        }
    }

    private struct Storage: Sendable {
        var state = State()
        var waiters: [Int: Waiter] = [:]
        var nextWaiterID = 0
    }

    private let storage = LockedValue(Storage())

    /// A copy of the current state.
    var state: State { storage.withLockedValue { $0.state } }

    // MARK: - Feeding

    /// Records bytes the program wrote.
    func append(_ bytes: [UInt8], to stream: Stream) {
        update { state in
            switch stream {
            case .standardOutput: state.standardOutput.append(contentsOf: bytes)
            case .standardError: state.standardError.append(contentsOf: bytes)
            }
        }
    }

    /// Records that one output stream reached its end.
    func close(_ stream: Stream) {
        update { $0.openStreams -= 1 }
    }

    /// Records how the program ended.
    func terminate(_ termination: Termination) {
        update { $0.termination = termination }
    }

    private func update(_ change: (inout State) -> Void) {
        let satisfied = storage.withLockedValue { storage -> [Waiter] in
            change(&storage.state)
            let state = storage.state
            var ready: [Waiter] = []
            for id in Array(storage.waiters.keys) where storage.waiters[id]?.isSatisfied(by: state) == true {
                if let waiter = storage.waiters.removeValue(forKey: id) { ready.append(waiter) }
            }
            return ready
        }
        for waiter in satisfied {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    // MARK: - Waiting

    /// Waits until a line contains `text` or `condition` holds, or `timeout` passes.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait at most.
    ///   - honoursCancellation: Whether cancelling the calling task ends the wait early (as a
    ///     timeout). Stopping a program must finish even in a cancelled test, so it passes `false`.
    ///   - text: A text to find in a line of either stream. Each byte of output is looked at
    ///     about once however long the wait, where a condition that reads the whole output costs
    ///     the whole output on every chunk.
    ///   - condition: Checked now and after every change; it runs under the monitor's lock, so it
    ///     must be cheap.
    /// - Returns: `true` when the line appeared or the condition held, `false` on timeout or
    ///   cancellation.
    func wait(
        timeout: Duration,
        honoursCancellation: Bool = true,
        forLineContaining text: String? = nil,
        until condition: @escaping @Sendable (State) -> Bool = { _ in false }
    ) async -> Bool {
        if !honoursCancellation {
            return await Task {
                await self.wait(timeout: timeout, forLineContaining: text, until: condition)
            }.value
        }
        let id = storage.withLockedValue { storage in
            defer { storage.nextWaiterID += 1 }
            return storage.nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                var waiter = Waiter(
                    search: text.map { LineSearch(text: $0) }, condition: condition, continuation: continuation)
                // `nil` while waiting; otherwise whether the wait succeeded.
                let outcome = storage.withLockedValue { storage -> Bool? in
                    if waiter.isSatisfied(by: storage.state) { return true }
                    if Task.isCancelled { return false }
                    storage.waiters[id] = waiter
                    return nil
                }
                if let outcome {
                    continuation.resume(returning: outcome)
                    return
                }
                let timer = Task {
                    guard (try? await Task.sleep(for: timeout)) != nil else { return }
                    self.expire(id)
                }
                let waiting = storage.withLockedValue { storage -> Bool in
                    storage.waiters[id]?.timer = timer
                    return storage.waiters[id] != nil
                }
                if !waiting { timer.cancel() }
            }
        } onCancel: {
            self.expire(id)
        }
    }

    /// Ends a wait that timed out or was cancelled; a wait already ended is left alone.
    private func expire(_ id: Int) {
        let waiter = storage.withLockedValue { $0.waiters.removeValue(forKey: id) }
        guard let waiter else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(returning: false)
    }
}
