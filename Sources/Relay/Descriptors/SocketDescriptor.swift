#if canImport(Glibc)
package import Glibc
#elseif canImport(Musl)
package import Musl
#elseif canImport(Darwin)
package import Darwin
#endif

/// The system calls around a socket that both sides of the control channel make on a descriptor of
/// their own, each with its platform differences in one place: opening a socket that is closed on
/// exec and never raises `SIGPIPE`, a Unix socket's address, connecting, sending, waiting under a
/// deadline, and closing. (`close`
/// alone means something else inside the types that close channels.)
package enum SocketDescriptor {
    /// Opens a stream socket (IPv4, or `AF_UNIX`), closed on exec, whose sends never raise
    /// `SIGPIPE` (Linux passes `MSG_NOSIGNAL` on each send; Apple platforms set `SO_NOSIGPIPE` here).
    ///
    /// - Parameter family: `AF_INET` or `AF_UNIX`.
    /// - Returns: The descriptor, or -1 with `errno` set.
    package static func streamSocket(family: Int32 = AF_INET) -> Int32 {
        #if canImport(Darwin)
        let descriptor = socket(family, SOCK_STREAM, 0)
        guard descriptor >= 0 else { return -1 }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var noSignal: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
        #else
        return socket(family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        #endif
    }

    /// Runs `body` with the address of the Unix socket at `path`; `nil` when the path does not fit
    /// (`sun_path` holds at most 103 bytes and a zero on every platform).
    package static func withUnixAddress<Result>(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) -> Result? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let fits = withUnsafeMutableBytes(of: &address.sun_path) { place in
            guard bytes.count < place.count, !bytes.contains(0) else { return false }
            place.copyBytes(from: bytes)
            place[bytes.count] = 0
            return true
        }
        guard fits else { return nil }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Starts connecting `descriptor` to `address`.
    ///
    /// - Returns: What `connect` returns: 0, or -1 with `errno` set (`EINPROGRESS` for a
    ///   non-blocking socket still connecting).
    package static func connect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.connect(descriptor, address, length)
        #elseif canImport(Musl)
        Musl.connect(descriptor, address, length)
        #else
        Darwin.connect(descriptor, address, length)
        #endif
    }

    /// Sends once, without `SIGPIPE` when the peer is gone.
    ///
    /// - Returns: What `send` returns: the count sent, or -1 with `errno` set.
    package static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #elseif canImport(Musl)
        Musl.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(descriptor, bytes, count, 0)
        #endif
    }

    /// Sends all of `bytes` before `deadline`, waiting whenever a non-blocking socket is full.
    ///
    /// - Returns: `false` when the deadline passed or the peer is gone.
    package static func send(
        _ bytes: [UInt8], to descriptor: Int32, until deadline: ContinuousClock.Instant, on clock: ContinuousClock
    ) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return send(descriptor, base + offset, buffer.count - offset)
            }
            if count > 0 {
                offset += count
            } else if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) {
                guard wait(descriptor, for: Int16(POLLOUT), until: deadline, on: clock) else { return false }
            } else {
                return false
            }
        }
        return true
    }

    /// Waits until `descriptor` is ready for `events` (`POLLIN`, `POLLOUT`), or `deadline` passes.
    ///
    /// - Returns: `false` when the deadline passed first, or polling failed.
    package static func wait(
        _ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant, on clock: ContinuousClock
    ) -> Bool {
        while true {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            let milliseconds = pollMilliseconds(remaining)
            var request = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&request, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return false }
        }
    }

    /// `duration` as `poll`'s timeout: whole milliseconds, rounded up, so that a wait never ends
    /// just before its deadline and spins.
    package static func pollMilliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// Sends each write of a TCP socket at once, never holding a small one back for the peer's
    /// acknowledgement of the last (Nagle's algorithm): a stub call is a small frame each way.
    package static func sendsAtOnce(_ descriptor: Int32) {
        var on: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Closes a descriptor this process opened.
    package static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #elseif canImport(Musl)
        _ = Musl.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }
}
