#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What may be done to an inherited descriptor: each operation checks first that the number is
/// still open on the file handed over (``InheritedDescriptor/isIntact``), and refuses, touching
/// nothing, when it is not.
///
/// Why: the number may have been closed and given to another file (see ``InheritedDescriptor``).
/// A write there would corrupt that file, a read would steal its bytes, a shutdown would cut a
/// stranger's connection.
///
/// What the checks cannot do: the kernel looks a number up anew at each call, and nothing ties the
/// `fstat` to the call it guards. A thread of the program that closes the number and opens another
/// file on it between the two still receives that one call: a write of at most the rest of one
/// frame or line, a read of what one `read` returns (which is then dropped), or a shutdown. Only
/// the kernel could close that window; it is a few instructions wide, where without the checks
/// every later call went to the stranger. A `read` blocked when the number is closed keeps reading
/// the file it started on (the kernel holds that file for the call): what it returns came from the
/// handed-over socket, but the check after it fails, and it is dropped all the same.
extension InheritedDescriptor {
    /// How a write ended.
    package enum WriteOutcome: Sendable, Equatable {
        /// Every byte was written.
        case written
        /// The number is open on another file now: nothing more was written.
        case replaced
        /// Writing failed with this `errno` (the reader is gone, the disk is full).
        case failed(errno: Int32)
        /// The time limit passed with bytes still unwritten (the reader stopped reading).
        case timedOut
    }

    /// How a read ended.
    package enum ReadOutcome: Sendable, Equatable {
        /// These bytes were read.
        case read(ArraySlice<UInt8>)
        /// The other side closed it, or reading failed.
        case ended
        /// The number is open on another file now: nothing was read, or what was read is dropped.
        case replaced
    }

    /// Makes the descriptor safe to use, if it is still the one handed over: closed on exec (the
    /// receiver's own children inherit its environment, and must not inherit the descriptor with
    /// it); for a socket on Apple platforms, no `SIGPIPE` when its reader is gone (Linux asks per
    /// write); for a regular file, appended to, so that writes from every thread land at its end.
    ///
    /// - Returns: `false`, having changed nothing, when the number is open on another file.
    package func adopt() -> Bool {
        guard isIntact else { return false }
        _ = fcntl(number, F_SETFD, FD_CLOEXEC)
        switch kind {
        case .socket:
            #if canImport(Darwin)
            var on: Int32 = 1
            _ = setsockopt(number, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
        case .regularFile:
            _ = fcntl(number, F_SETFL, fcntl(number, F_GETFL) | O_APPEND)
        }
        return true
    }

    /// Writes every byte, however the kernel splits the write, checking before each part.
    ///
    /// A socket is written without blocking: when its buffer is full the write waits for room, at
    /// most until `limit` has passed since the call began. A regular file's write waits for no
    /// reader, and takes no limit. A write that ends any other way than ``WriteOutcome/written``
    /// may have written part of `bytes`: the stream is broken, and the caller ends it.
    ///
    /// - Parameters:
    ///   - bytes: What to write.
    ///   - limit: How long a socket's write may wait for room; `nil` for as long as it takes.
    /// - Returns: How the write ended.
    package func write(_ bytes: [UInt8], within limit: Duration?) -> WriteOutcome {
        let clock = ContinuousClock()
        let deadline = limit.map { clock.now.advanced(by: $0) }
        var offset = 0
        while true {
            switch writeWithoutWaiting(bytes, from: offset) {
            case .written(let count) where count == bytes.count:
                return .written
            case .written(let count):
                offset = count
                guard waitForRoom(until: deadline, on: clock) else { return .timedOut }
            case .replaced:
                return .replaced
            case .failed(let code):
                return .failed(errno: code)
            }
        }
    }

    /// How a write that never waits ended.
    package enum WriteWithoutWaitingOutcome: Sendable, Equatable {
        /// This many bytes were written (all of them, or as many as the socket had room for).
        case written(Int)
        /// The number is open on another file now: nothing more was written.
        case replaced
        /// Writing failed with this `errno` (the reader is gone).
        case failed(errno: Int32)
    }

    /// Writes what the socket has room for now, never waiting, checking before each part: what
    /// is left is the caller's to write with ``write(_:within:)`` (another thread, which may wait).
    ///
    /// - Parameter bytes: What to write.
    /// - Returns: How many bytes were written, or why writing stopped.
    package func writeWithoutWaiting(_ bytes: [UInt8]) -> WriteWithoutWaitingOutcome {
        writeWithoutWaiting(bytes, from: 0)
    }

    /// Writes `bytes` from `offset` on as far as the socket has room now: the one loop of both
    /// writes.
    ///
    /// - Returns: How far `bytes` is written (counted from its start), or why writing stopped.
    private func writeWithoutWaiting(_ bytes: [UInt8], from start: Int) -> WriteWithoutWaitingOutcome {
        var offset = start
        while offset < bytes.count {
            guard isIntact else { return .replaced }
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return systemWrite(base + offset, buffer.count - offset)
            }
            if count > 0 {
                offset += count
                continue
            }
            let code = errno
            if count < 0 && code == EINTR { continue }
            guard count < 0 && (code == EAGAIN || code == EWOULDBLOCK) else {
                return .failed(errno: count < 0 ? code : EIO)
            }
            break
        }
        return .written(offset)
    }

    /// Reads what is there, blocking until something is; checks before the read and after it.
    ///
    /// - Parameter buffer: Where the bytes go; its size is the most one read takes.
    /// - Returns: How the read ended.
    package func read(into buffer: inout [UInt8]) -> ReadOutcome {
        while true {
            guard isIntact else { return .replaced }
            let count = buffer.withUnsafeMutableBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return systemRead(base, bytes.count)
            }
            let code = errno
            // Whatever came, the number may have been reused while the read waited: bytes that
            // cannot be known to be the handed-over file's are never used.
            guard isIntact else { return .replaced }
            if count > 0 { return .read(buffer[0..<count]) }
            if count < 0 && code == EINTR { continue }
            return .ended
        }
    }

    /// Ends both directions of a socket, waking a thread blocked reading it on either side.
    ///
    /// - Returns: `false`, having shut nothing down, when the number is open on another file.
    @discardableResult
    package func shutDown() -> Bool {
        guard isIntact else { return false }
        _ = shutdown(number, Int32(SHUT_RDWR))
        return true
    }

    // MARK: - System calls

    /// Waits until the socket has room to write or `deadline` passes.
    ///
    /// - Returns: `false` when the deadline passed first.
    private func waitForRoom(until deadline: ContinuousClock.Instant?, on clock: ContinuousClock) -> Bool {
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let remaining = clock.now.duration(to: deadline)
                guard remaining > .zero else { return false }
                milliseconds = SocketDescriptor.pollMilliseconds(remaining)
            }
            var request = pollfd(fd: number, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&request, 1, milliseconds)
            // Room, or an error or hang-up that the next write reports.
            if ready > 0 { return true }
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return true }
        }
    }

    private func systemWrite(_ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        switch kind {
        case .regularFile:
            #if canImport(Glibc)
            Glibc.write(number, bytes, count)
            #elseif canImport(Musl)
            Musl.write(number, bytes, count)
            #else
            Darwin.write(number, bytes, count)
            #endif
        case .socket:
            // Never blocking (the caller waits for room with a limit), and with no SIGPIPE when the
            // reader is gone: the write fails with EPIPE instead (Apple platforms: `adopt()`).
            #if canImport(Darwin)
            Darwin.send(number, bytes, count, Int32(MSG_DONTWAIT))
            #elseif canImport(Musl)
            Musl.send(number, bytes, count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            #else
            Glibc.send(number, bytes, count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            #endif
        }
    }

    private func systemRead(_ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(number, bytes, count)
        #elseif canImport(Musl)
        Musl.read(number, bytes, count)
        #else
        Darwin.read(number, bytes, count)
        #endif
    }
}
