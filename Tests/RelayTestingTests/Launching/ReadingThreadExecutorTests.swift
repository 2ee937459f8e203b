import Foundation
import RelayTestSupport
import Testing

@testable import RelayTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The executor that runs the start of a channel's answers on its reading thread: what a task does
/// before it first suspends runs on the thread that started it; what it does after, when another
/// thread resumes it, runs on Swift's global executor.
@Suite("Answers start on the reading thread")
struct ReadingThreadExecutorTests {
    /// Where each step ran, by thread.
    final class Steps: Sendable {
        let steps = Locked<[(String, Bool)]>([])
        func record(_ step: String, onReader: Bool) { steps.withLock { $0.append((step, onReader)) } }
        var all: [(String, Bool)] { steps.withLock { $0 } }
    }

    @Test("a task started inside run runs there until it suspends, then elsewhere once resumed from elsewhere")
    func startsInline() async throws {
        let executor = ReadingThreadExecutor()
        let steps = Steps()
        let resume = Locked<CheckedContinuation<Void, Never>?>(nil)
        let done = Locked<CheckedContinuation<Void, Never>?>(nil)
        let readerThread = Locked<pthread_t?>(nil)
        @Sendable func onReader() -> Bool {
            readerThread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        }
        try await withDeadline {
            await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                done.withLock { $0 = finished }
                let reader = Thread {
                    readerThread.withLock { $0 = pthread_self() }
                    executor.run {
                        Task(executorPreference: executor) {
                            steps.record("started", onReader: onReader())
                            // A child inherits the preference: it runs here too, before run returns.
                            async let child: Bool = onReader()
                            steps.record("child", onReader: await child)
                            await withCheckedContinuation { continuation in
                                resume.withLock { $0 = continuation }
                            }
                            steps.record("resumed", onReader: onReader())
                            done.withLock { $0 }?.resume()
                        }
                    }
                    steps.record("run returned", onReader: true)
                    // Resumed by this thread, but outside run: the rest is the global executor's.
                    resume.withLock { $0 }?.resume()
                }
                reader.start()
            }
        }
        let all = steps.all
        #expect(all.map(\.0) == ["started", "child", "run returned", "resumed"])
        #expect(all.map(\.1) == [true, true, true, false])
    }
}
