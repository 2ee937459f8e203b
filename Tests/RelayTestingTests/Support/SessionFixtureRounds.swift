import RelayTesting

/// The rounds of the fixture's `sessions` mode (see Tests/RelayTestingFixture/SessionFixture.swift):
/// each begins with the line `round N begins`, greets, reads the session file, and greets there.
/// A test that changed something (the wiring, the file) waits for a round that began after the
/// change, instead of for time: that round resolved and read the file after it.
enum SessionFixtureRounds {
    /// Waits until `program` has run a whole round that it began after this call, and returns the
    /// lines that round wrote, after its `begins` line.
    ///
    /// - Parameter program: A program launched in the fixture's `sessions` mode.
    /// - Returns: The round's lines, joined by newlines.
    /// - Throws: What `LaunchedProgram.waitForOutput(containing:)` throws when no such round comes.
    static func nextWholeRound(of program: LaunchedProgram) async throws -> String {
        // Rounds up to `begun` may have started before the call; the next one starts after it.
        let begun = lines(of: program).compactMap(roundNumber).last ?? 0
        let next = begun + 1
        _ = try await program.waitForOutput(containing: beginning(of: next + 1))
        let written = lines(of: program)
        guard let start = written.firstIndex(of: beginning(of: next)),
            let end = written.firstIndex(of: beginning(of: next + 1))
        else { return "" }
        return written[(start + 1)..<end].joined(separator: "\n")
    }

    private static func lines(of program: LaunchedProgram) -> [String] {
        program.standardOutput.split(separator: "\n").map(String.init)
    }

    private static func beginning(of round: Int) -> String { "round \(round) begins" }

    private static func roundNumber(_ line: String) -> Int? {
        guard line.hasPrefix("round "), line.hasSuffix(" begins") else { return nil }
        return Int(line.dropFirst("round ".count).dropLast(" begins".count))
    }
}
