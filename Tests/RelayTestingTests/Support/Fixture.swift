import RelayTesting

/// A launcher for the package's `RelayTestingFixture` executable, which `swift test` builds beside
/// these tests (see Tests/RelayTestingFixture/main.swift for its modes).
func fixture(
    _ arguments: [String],
    instructions: [String] = [],
    readiness: ReadinessCondition = .immediately
) throws -> ProgramLauncher {
    ProgramLauncher(
        executable: try ProgramExecutable.product("RelayTestingFixture"),
        arguments: arguments,
        dependencyInstructions: instructions,
        readiness: readiness
    )
}
