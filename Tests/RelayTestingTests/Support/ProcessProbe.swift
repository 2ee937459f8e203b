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
