// `@preconcurrency`: the C library's `stdout` is a global variable, which strict concurrency
// checking refuses to read (see the safety note below).
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Line-buffers the program's standard output when the launcher that started it asks, so that a
/// readiness line written with `print()` reaches the test when it is written.
///
/// Standard output to a pipe is block-buffered by the C library: a program that prints
/// `listening on …` and then serves would hold the line in its buffer until the buffer fills or the
/// program exits, and a driver test waiting for the line would wait out its time-out. RelayTesting's
/// launcher sets `RELAY_LINE_BUFFERED_OUTPUT=1`, and Relay's `InjectDependenciesArgumentParser`,
/// which such a program runs at start-up, switches standard output to line buffering. Harmless
/// where it is not asked: nothing changes.
package enum LaunchedOutputBuffering {
    /// The variable a launcher sets to ask for it.
    package static let environmentVariable = "RELAY_LINE_BUFFERED_OUTPUT"

    /// Switches standard output to line buffering when `environment` asks for it.
    static func applyIfAsked(in environment: [String: String]) {
        guard environment[environmentVariable] == "1" else { return }
        // Safety: the C library's `stdout` is set once, before `main`, and never reassigned by the
        // program; reading the pointer races with nothing. The stream itself locks its own state.
        nonisolated(unsafe) let output = stdout
        // Flushed first: whatever the program wrote before keeps its place.
        fflush(output)
        setvbuf(output, nil, _IOLBF, 0)
    }
}
