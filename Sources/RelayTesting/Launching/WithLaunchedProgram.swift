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
/// - Throws: ``ProgramLaunchError`` when launching fails (its message shows the command line and
///   the captured output), or what `body` throws; after the program stops, ``ProgramLaunchError``
///   with code ``ProgramLaunchError/Code-swift.struct/unansweredStubCalls`` when its stubs made calls
///   the launcher's ``ProgramLauncher/stubAnswers`` gave no answer for.
public func withLaunchedProgram<Result>(
    _ launcher: ProgramLauncher,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LaunchedProgram) async throws -> Result
) async throws -> Result {
    let program = try await launcher.launch()
    do {
        let result = try await body(program)
        await program.stop()
        // A forgotten answer fails the test, even where the program coped with the failed call.
        if let unanswered = program.unansweredStubCallsError() { throw unanswered }
        if let unused = program.unusedInstructionsError() { throw unused }
        return result
    } catch {
        await program.stop()
        throw error
    }
}
