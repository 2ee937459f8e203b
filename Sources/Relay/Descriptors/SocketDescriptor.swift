#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The two system calls around a socket that both sides of the control channel make on a
/// descriptor of their own: waiting for it under a deadline, and closing it. (`close` alone means
/// something else inside the types that close channels.)
package enum SocketDescriptor {
    /// Waits until `descriptor` is ready for `events` (`POLLIN`, `POLLOUT`), or `deadline` passes.
    ///
    /// - Returns: `false` when the deadline passed first, or polling failed.
    package static func wait(
        _ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant, on clock: ContinuousClock
    ) -> Bool {
        while true {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            // Rounded up, so a wait never ends just before its deadline and spins.
            let milliseconds = Int32(
                clamping: remaining.components.seconds * 1_000
                    + (remaining.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            var request = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&request, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return false }
        }
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
