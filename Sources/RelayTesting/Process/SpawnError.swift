import CRelayTestingSpawn

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting a program failed: which step, and the system's error.
struct SpawnError: Error, CustomStringConvertible {
    /// The step, one of the C side's `RELAY_SPAWN_STEP_…` values.
    let step: Int32
    /// The `errno` value.
    let code: Int32
    /// The executable's path.
    let executable: String
    /// The working directory asked for, if any.
    let workingDirectory: String?

    /// What failed and why: "cannot execute /x/y: No such file or directory".
    var description: String {
        let reason = String(cString: strerror(code))
        switch step {
        case RELAY_SPAWN_STEP_EXEC: return "cannot execute \(executable): \(reason)"
        case RELAY_SPAWN_STEP_WORKING_DIRECTORY:
            return "cannot change to the working directory \(workingDirectory ?? "?"): \(reason)"
        case RELAY_SPAWN_STEP_FORK: return "cannot create a process: \(reason)"
        case RELAY_SPAWN_STEP_PROCESS_GROUP: return "cannot give the program a process group of its own: \(reason)"
        case RELAY_SPAWN_STEP_PARENT_DEATH_SIGNAL: return "cannot tie the program's life to the test's: \(reason)"
        case RELAY_SPAWN_STEP_DESCRIPTORS: return "cannot set up the program's standard input and output: \(reason)"
        default: return "cannot prepare to start the program: \(reason)"
        }
    }
}
