/// The frames the program has for the test (its stubs' calls, its commands' outcomes), written
/// whole and in order: by the task that posts one when nothing is being written or waits and the
/// socket has room for it, else by one thread of its own.
///
/// Why the poster writes: a round trip of a stub call is a handful of thread wakes, each costing
/// tens of microseconds; handing every frame to a thread was one more. A write that never waits
/// costs one system call, and a frame is small, so it almost always fits.
///
/// Why a thread for the rest: a write to a test that has stopped reading waits for room in the
/// socket, and a task that waited there would hold one of the few threads of Swift's cooperative
/// pool (two on a two-core machine) for as long as it lasted. What a poster could not write goes
/// to the writer, which waits within the channel's time limit per frame (see ``ControlChannel``),
/// and the pool never does.
///
/// ```swift
/// switch outbox.post(frame) {
/// case .writeNow:
///     let remainder = writeWhatFits(frame)
///     if outbox.wrote(leaving: remainder) { startWriter() }
/// case .startsWriter: startWriter()
/// case .queued, .refused: break
/// }
/// // on the writer's thread:
/// while let frame = outbox.next() { send(frame) }
/// ```
final class ControlOutbox: @unchecked Sendable {
    // Safety: every stored property but `lock` is read and written only inside `lock.withLock`, so
    // no two threads touch them at once.

    private let lock = ConditionLock()
    /// The frames waiting, first to be written first.
    private var frames: [[UInt8]] = []
    /// Whether a poster or the writer is writing a frame now: nobody else may start one.
    private var isWriting = false
    /// Whether the frame being written is the writer's (its next ``next()`` ends it).
    private var writerIsWriting = false
    /// Whether the writer thread has been asked for.
    private var hasWriter = false
    /// The channel is closed: what waited is dropped, and nothing more is taken.
    private var isEnded = false

    /// What the poster of a frame does.
    enum Posting: Equatable {
        /// Write it now, without waiting, then say what was left with ``ControlOutbox/wrote(leaving:)``.
        case writeNow
        /// It waits; the caller starts the writer, which takes it.
        case startsWriter
        /// It waits for the running writer.
        case queued
        /// The channel is closed: it is dropped.
        case refused
    }

    /// Adds `frame` after those waiting, or lets its poster write it when nothing is before it.
    func post(_ frame: [UInt8]) -> Posting {
        lock.withLock {
            if isEnded { return .refused }
            if !isWriting && frames.isEmpty {
                isWriting = true
                return .writeNow
            }
            frames.append(frame)
            lock.broadcast()
            if hasWriter { return .queued }
            hasWriter = true
            return .startsWriter
        }
    }

    /// Ends a poster's write, which left `remainder` unwritten (`nil` when it wrote it all).
    ///
    /// - Returns: Whether the caller starts the writer: frames wait (the remainder first), and no
    ///   writer was asked for yet.
    func wrote(leaving remainder: [UInt8]?) -> Bool {
        lock.withLock {
            isWriting = false
            if isEnded { return false }
            if let remainder { frames.insert(remainder, at: 0) }
            guard !frames.isEmpty else { return false }
            lock.broadcast()
            if hasWriter { return false }
            hasWriter = true
            return true
        }
    }

    /// The next frame, once there is one and nobody else is writing; `nil` once the channel is
    /// closed. Called by the writer only, which it blocks; calling it again says the frame it
    /// returned is written.
    func next() -> [UInt8]? {
        lock.withLock {
            if writerIsWriting {
                writerIsWriting = false
                isWriting = false
            }
            while true {
                if isEnded { return nil }
                if !isWriting && !frames.isEmpty {
                    isWriting = true
                    writerIsWriting = true
                    return frames.removeFirst()
                }
                // Bounded as every wait is; woken by a post, a poster's end or the end long before.
                _ = lock.wait(until: PthreadCondition.deadline(after: .seconds(3_600)))
            }
        }
    }

    /// Drops what waits and refuses what comes: the channel is closed. The writer's ``next()``
    /// then returns `nil`.
    func end() {
        lock.withLock {
            isEnded = true
            frames = []
            lock.broadcast()
        }
    }
}
