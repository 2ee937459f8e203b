/// Whether `message` is Relay's account of a unit of work whose one teardown threw: the
/// description of its `DependencyShutdownError`, as the integrations log it.
///
/// ```
/// Ending unit of work #7 failed: 1 teardown threw.
/// - 'Ledger' in global, unit of work #7: the ledger would not close
/// ```
///
/// (A unit that ended because its owner dropped it says `Ending unit of work #7 (dropped without
/// being closed) failed: …`.) The unit's number depends on the units made before, so it is matched,
/// not compared: the same number on both lines.
///
/// - Parameters:
///   - message: The logged message.
///   - type: The type whose teardown threw.
///   - error: What it threw, as text.
public func describesFailedTeardown(_ message: String, of type: String, threw error: String) -> Bool {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == 2,
        let header = lines[0].wholeMatch(
            of: /Ending unit of work #(\d+)( \(dropped without being closed\))? failed: 1 teardown threw\./)
    else { return false }
    return lines[1] == "- '\(type)' in global, unit of work #\(header.1): \(error)"
}
