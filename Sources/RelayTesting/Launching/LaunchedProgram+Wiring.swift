import Relay

extension LaunchedProgram {
    /// What the program wired, in its own words: the instructions it applied, its registrations,
    /// and every distinct resolve it has made, with the Swift type of what each returned.
    ///
    /// A program reports this with no code of its own: Relay's `InjectDependenciesArgumentParser`
    /// writes it (to a file the launcher hands the program) when the launcher asked, and only then.
    /// The account holds every resolve the program made up to this call, so read it after the
    /// requests whose wiring the test checks:
    ///
    /// ```swift
    /// try await Bookshelf.with(.init(type: .bookStore, factory: .inMemoryBookStore)) { shelf in
    ///     _ = try await shelf.client.get("books")
    ///     let wiring = try await shelf.program.wiring()
    ///     #expect(wiring.injection(for: .bookStore)?.factoryKey == .inMemoryBookStore)
    ///     #expect(wiring.resolved(.bookStore)?.returned(InMemoryBookStore.self) == true)
    /// }
    /// ```
    ///
    /// It waits until the program has reported its injection, which a server does before it is
    /// ready; a program that ends first, or does not report in time, fails the call. The program's
    /// account stays readable after it has ended.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for the program's first report at most; 10 seconds by default.
    ///   - fileID: The calling file, for errors.
    ///   - line: The calling line, for errors.
    /// - Returns: The account as the program has written it so far.
    /// - Throws: ``ProgramLaunchError`` with code ``ProgramLaunchError/Code/wiringAccountUnavailable``
    ///   when the program ended or timed out without reporting, was launched with
    ///   ``ProgramLauncher/collectsWiringAccount`` off, or wrote something unreadable;
    ///   `CancellationError` when the calling task is cancelled while waiting.
    public func wiring(
        timeout: Duration = .seconds(10),
        fileID: String = #fileID,
        line: Int = #line
    ) async throws -> WiringAccount {
        func failure(_ problem: ProgramLaunchError.Problem) -> ProgramLaunchError {
            ProgramLaunchError(
                problem, commandLine: commandLine, standardOutput: standardOutput, standardError: standardError,
                fileID: fileID, line: line)
        }
        guard let file = wiringAccountFile else { throw failure(.wiringAccountNotCollected(program: name)) }
        func read() throws -> WiringAccount? {
            do {
                return try file.account()
            } catch {
                throw failure(.unreadableWiringAccount(program: name, error: error))
            }
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            // Whether it had ended before the read: then the read saw all it will ever write.
            let ended = !isRunning
            if let account = try read() { return account }
            if ended { throw failure(.endedWithoutWiringAccount(program: name)) }
            try Task.checkCancellation()
            if clock.now >= deadline { throw failure(.wiringAccountTimedOut(program: name, timeout: timeout)) }
            // The program writes the file without telling anyone: look again every 20 ms, and at
            // once if it ends.
            _ = await waitForTermination(timeout: .milliseconds(20))
        }
    }
}
