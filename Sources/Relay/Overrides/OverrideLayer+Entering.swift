/// Entering a layer: the one way code runs under an override (`withOverrides`, a session's work, a
/// deferred first read made under one, a validation's run). A layer entered any other way would
/// be invisible: resolution looks for the task's override only while the gate is open.
extension OverrideLayer {
    /// Runs `operation` with this layer the current task's innermost override.
    func entered<Result>(_ operation: () throws -> Result) rethrows -> Result {
        try SlowPathGate.whileOpen { try Self.$current.withValue(self, operation: operation) }
    }

    /// Runs async `operation` with this layer the current task's innermost override, on
    /// `isolation` (the caller's, for a public entry point).
    func entered<Result>(
        isolation: isolated (any Actor)?,
        _ operation: () async throws -> Result
    ) async rethrows -> Result {
        try await SlowPathGate.whileOpen {
            try await Self.$current.withValue(self, operation: operation, isolation: isolation)
        }
    }
}
