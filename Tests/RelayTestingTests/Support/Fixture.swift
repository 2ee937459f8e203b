import RelayTesting

/// A launcher for the package's `RelayTestingFixture` executable, which `swift test` builds beside
/// these tests (see Tests/RelayTestingFixture/main.swift for its modes).
func fixture(
    _ arguments: [String],
    instructions: [String] = [],
    readiness: ReadinessCondition = .immediately
) throws -> ProgramLauncher {
    var launcher = ProgramLauncher(
        executable: try ProgramExecutable.product("RelayTestingFixture"),
        arguments: arguments,
        dependencyInstructions: instructions,
        readiness: readiness
    )
    // One executable, a program per mode, each with its own index: the launcher's check against the
    // index it read once per executable would hold one mode's index against another's instructions.
    // PreLaunchCheckTests turns it on, in one mode.
    launcher.checksInstructionsBeforeLaunch = false
    return launcher
}
