/// Launches a program, runs `body` with it, and stops the program when `body` returns or throws.
///
/// The scoped form is the one to use in tests: however a test ends (an assertion that fails, an
/// error thrown, a task cancelled), the program and everything in its process group is stopped
/// before this function returns.
///
/// ```swift
/// let port = try FreePort.next()
/// let launcher = ProgramLauncher(
///     executable: try ProgramExecutable.product("bookshelf"),
///     arguments: ["--port", "\(port)"],
///     readiness: .acceptingConnections(port: port)
/// )
/// try await withLaunchedProgram(launcher) { program in
///     // send requests to 127.0.0.1:port; program.standardError holds the server's log
/// }
/// ```
///
/// Works the same under Swift Testing and XCTest: it depends on neither.
///
/// - Parameters:
///   - launcher: What to launch and when it counts as ready.
///   - isolation: The caller's actor; passed implicitly.
///   - body: The test's work with the running program.
/// - Returns: What `body` returns.
/// A program that ends on its own while `body` runs (killed, crashed, or exited with a status
/// other than 0) fails the test once `body` returns, unless `body` saw its end: it stopped the
/// program (``LaunchedProgram/stop(gracePeriod:)``) or waited for its exit
/// (``LaunchedProgram/waitForExit(timeout:fileID:line:)``). The error names the signal or the
/// status, and the last lines the program wrote to standard error.
///
/// - Throws: ``ProgramLaunchError`` when launching fails (its message shows the command line and
///   the captured output), or what `body` throws; after the program stops, ``ProgramLaunchError``
///   with code ``ProgramLaunchError/Code-swift.struct/endedDuringTest`` when it had ended on its
///   own, ``ProgramLaunchError/Code-swift.struct/unansweredStubCalls`` when its stubs made calls
///   the launcher's ``ProgramLauncher/stubAnswers`` gave no answer for, and
///   ``ProgramLaunchError/Code-swift.struct/unusedInstructions`` when the launcher rejects
///   instructions nothing resolved.
public func withLaunchedProgram<Result>(
    _ launcher: ProgramLauncher,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LaunchedProgram) async throws -> Result
) async throws -> Result {
    let program = try await launcher.launch()
    do {
        let result = try await body(program)
        await program.stopAfterTest()
        // A program that died under the test fails it, even where the test's requests coped.
        if let ended = program.endedDuringTestError() { throw ended }
        // A forgotten answer fails the test, even where the program coped with the failed call.
        if let unanswered = program.unansweredStubCallsError() { throw unanswered }
        if let unused = program.unusedInstructionsError() { throw unused }
        return result
    } catch {
        await program.stop()
        throw error
    }
}
