/// The frames the program has for the test (its stubs' calls, its commands' outcomes), waiting in
/// order for the one thread that writes them to the channel.
///
/// Why a thread of its own: a write to a test that has stopped reading waits for room in the
/// socket, and a task that waited there would hold one of the few threads of Swift's cooperative
/// pool (two on a two-core machine) for as long as it lasted. A task only posts its frame here and
/// goes on to await its answer; the writer waits, within the channel's time limit per frame (see
/// ``ControlChannel``), and the pool never does.
///
/// ```swift
/// if outbox.post(frame) == .startsWriter { startWriter() }
/// // on the writer's thread:
/// while let frame = outbox.next() { send(frame) }
/// ```
final class ControlOutbox: @unchecked Sendable {
    // Safety: `life` is read and written only inside `lock.withLock`, so no two threads touch it
    // at once; nothing else is stored.

    private let lock = ConditionLock()
    private var life = Life.idle

    private enum Life {
        /// Nothing posted yet, and no writer.
        case idle
        /// The writer runs; these frames wait for it, first to be written first.
        case open([[UInt8]])
        /// The channel is closed: what waited is dropped, and nothing more is taken.
        case ended
    }

    /// What became of a posted frame.
    enum Posting: Equatable {
        /// It is the first: the caller starts the writer, which takes it.
        case startsWriter
        /// It waits for the running writer.
        case queued
        /// The channel is closed: it is dropped.
        case refused
    }

    /// Adds `frame` after those waiting.
    func post(_ frame: [UInt8]) -> Posting {
        lock.withLock {
            switch life {
            case .idle:
                life = .open([frame])
                return .startsWriter
            case .open(var frames):
                life = .ended  // lets `frames` be changed in place
                frames.append(frame)
                life = .open(frames)
                lock.broadcast()
                return .queued
            case .ended:
                return .refused
            }
        }
    }

    /// The next frame, once there is one; `nil` once the channel is closed. Called by the writer
    /// only, which it blocks.
    func next() -> [UInt8]? {
        lock.withLock {
            while true {
                switch life {
                case .open(var frames) where !frames.isEmpty:
                    life = .ended  // lets `frames` be changed in place
                    let frame = frames.removeFirst()
                    life = .open(frames)
                    return frame
                case .ended:
                    return nil
                case .idle, .open:
                    // Bounded as every wait is; woken by a post or the end long before.
                    _ = lock.wait(until: PthreadCondition.deadline(after: .seconds(3_600)))
                }
            }
        }
    }

    /// Drops what waits and refuses what comes: the channel is closed. The writer's ``next()``
    /// then returns `nil`.
    func end() {
        lock.withLock {
            life = .ended
            lock.broadcast()
        }
    }
}
