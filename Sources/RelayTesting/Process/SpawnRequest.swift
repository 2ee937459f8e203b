import CRelayTestingSpawn
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What to start and with which descriptors, in Swift values; ``spawn()`` hands it to the C side.
struct SpawnRequest: Sendable {
    /// The executable.
    var executable: URL
    /// The program's arguments, after its name (which is the executable's path, as a shell passes it).
    var arguments: [String]
    /// The whole environment the program starts with.
    var environment: [String: String]
    /// The working directory; the test's own when `nil`.
    var workingDirectory: URL?
    /// The descriptors that become the program's 0, 1 and 2.
    var standardInput: Int32
    var standardOutput: Int32
    var standardError: Int32
    /// Descriptors that become the program's 3 and 4, in order (at most two).
    var inherited: [Int32] = []
    /// The signal the program gets when the calling thread ends; `nil` for none.
    var parentDeathSignal: Int32?

    /// Starts the program from the calling thread. On Linux, ``parentDeathSignal`` is tied to this
    /// thread: see ``ParentThread``.
    ///
    /// - Returns: The program's process identifier.
    /// - Throws: ``SpawnError`` naming the step that failed.
    func spawn() throws(SpawnError) -> Int32 {
        let path = executable.path
        let argumentStrings = CStrings([path] + arguments)
        let environmentStrings = CStrings(environment.map { "\($0.key)=\($0.value)" })
        let result = path.withCString { path in
            argumentStrings.withPointers { arguments in
                environmentStrings.withPointers { environment in
                    withOptionalCString(workingDirectory?.path) { directory in
                        var request = relay_spawn_request(
                            path: path, arguments: arguments, environment: environment,
                            working_directory: directory, standard_input: standardInput,
                            standard_output: standardOutput, standard_error: standardError,
                            inherited: inherited.first ?? -1,
                            inherited_second: inherited.dropFirst().first ?? -1,
                            parent_death_signal: parentDeathSignal ?? 0)
                        return relay_spawn(&request)
                    }
                }
            }
        }
        guard result.error == 0 else {
            throw SpawnError(
                step: result.step, code: result.error, executable: path, workingDirectory: workingDirectory?.path)
        }
        return result.pid
    }

    private func withOptionalCString<Result>(
        _ string: String?,
        _ body: (UnsafePointer<CChar>?) -> Result
    ) -> Result {
        guard let string else { return body(nil) }
        return string.withCString(body)
    }
}

/// Strings copied to C, each ending with a NUL, in a list that ends with a null pointer: what
/// `execve` takes. Freed when the value goes away.
private final class CStrings {
    private var pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    deinit {
        for pointer in pointers { free(pointer) }
    }

    func withPointers<Result>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        pointers.withUnsafeBufferPointer { buffer in
            // Never empty: the list always holds its terminating null pointer.
            guard let base = buffer.baseAddress else { preconditionFailure("a C string list is never empty") }
            return body(base)
        }
    }
}
