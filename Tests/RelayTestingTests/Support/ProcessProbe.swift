import Foundation
import RelayTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looks at processes from the outside, to check that a stopped program left nothing behind.
enum ProcessProbe {
    /// Whether a process with this identifier is alive. A zombie (ended, not yet reaped, which a
    /// container's init may never do for orphans) counts as gone.
    static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return errno != ESRCH }
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
        #else
        return true
        #endif
    }

    /// Waits until the process with this identifier has ended, for at most `limit`: woken by its
    /// end (a pidfd on Linux, a kqueue elsewhere), which works for a process that is not this
    /// one's child, rather than by looking again and again. An ended process counts as gone
    /// whether or not it has been reaped, as for ``isAlive(_:)``. The waiting runs on a plain
    /// thread of its own.
    ///
    /// - Returns: Whether the process ended within `limit`.
    static func waitUntilGone(_ pid: Int32, within limit: Duration) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: blockUntilGone(pid, within: limit)) }
        }
    }

    #if os(Linux)
    private static func blockUntilGone(_ pid: Int32, within limit: Duration) -> Bool {
        let descriptor = openPidfd(pid)
        // No such process: it ended and was reaped already.
        guard descriptor >= 0 else { return errno == ESRCH }
        defer { close(descriptor) }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(limit / .milliseconds(1))
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready >= 0 { return ready > 0 }
            guard errno == EINTR else { return !isAlive(pid) }
        }
    }

    /// A descriptor that becomes readable when process `pid` ends (`pidfd_open`, Linux 5.3), or -1
    /// with `errno` set. Swift's Glibc module does not import `sys/pidfd.h`, and glibc before 2.36
    /// has no wrapper: the function is looked up, or else the system call is made through
    /// `syscall` (number 434 on every Linux architecture; glibc's `syscall` reads its arguments as
    /// integers only, so a call through a non-variadic pointer passes them as it expects).
    private static func openPidfd(_ pid: Int32) -> Int32 {
        if let symbol = dlsym(nil, "pidfd_open") {
            let open = unsafeBitCast(symbol, to: (@convention(c) (pid_t, UInt32) -> Int32).self)
            return open(pid, 0)
        }
        guard let symbol = dlsym(nil, "syscall") else {
            errno = ENOSYS
            return -1
        }
        let call = unsafeBitCast(symbol, to: (@convention(c) (Int, Int, Int) -> Int).self)
        return Int32(truncatingIfNeeded: call(434, Int(pid), 0))
    }
    #else
    private static func blockUntilGone(_ pid: Int32, within limit: Duration) -> Bool {
        let queue = kqueue()
        guard queue >= 0 else { return !isAlive(pid) }
        defer { close(queue) }
        var change = kevent(
            ident: UInt(pid), filter: Int16(EVFILT_PROC), flags: UInt16(EV_ADD | EV_ONESHOT), fflags: NOTE_EXIT,
            data: 0, udata: nil)
        var event = kevent()
        let (seconds, attoseconds) = limit.components
        var timeout = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        let count = kevent(queue, &change, 1, &event, 1, &timeout)
        guard count > 0 else { return count < 0 ? errno == ESRCH : false }
        // A change that failed comes back as an event; no such process: it ended and was reaped.
        if event.flags & UInt16(EV_ERROR) != 0 { return event.data == Int(ESRCH) }
        return true
    }
    #endif
}

/// A launcher for `/bin/sh -c script`, the small programs these tests start.
func shell(
    _ script: String,
    readiness: ReadinessCondition = .immediately,
    readinessTimeout: Duration = .seconds(30)
) -> ProgramLauncher {
    ProgramLauncher(
        executable: ProgramExecutable(path: "/bin/sh"),
        arguments: ["-c", script],
        readiness: readiness,
        readinessTimeout: readinessTimeout
    )
}
