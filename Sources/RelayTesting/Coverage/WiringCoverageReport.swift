/// What a run never exercised; see ``WiringCoverage``. Each entry is one sentence, one per
/// instruction, stub answer, factory key or registration, saying in how many launches and sessions.
///
/// ```swift
/// let report = WiringCoverage.shared.report
/// #expect(report.unusedInstructions.isEmpty, "\(report)")
/// ```
public struct WiringCoverageReport: Sendable, Hashable, CustomStringConvertible {
    /// Registrations of a program that no launch or session resolved.
    public let unresolvedRegistrations: [String]
    /// Factory keys of a program's index that no instruction named.
    public let unusedFactoryKeys: [String]
    /// Instructions whose registration nothing resolved, with how many of the launches or sessions
    /// that gave them left them unused.
    public let unusedInstructions: [String]
    /// Stub answers the test gave that the program never asked for, with how many of the launches
    /// or sessions that gave them never asked.
    public let unaskedStubAnswers: [String]

    /// Whether everything was exercised.
    public var isEmpty: Bool {
        unresolvedRegistrations.isEmpty && unusedFactoryKeys.isEmpty && unusedInstructions.isEmpty
            && unaskedStubAnswers.isEmpty
    }

    /// One line per entry, grouped, or a line saying all was exercised.
    public var description: String {
        let entries = unusedInstructions + unaskedStubAnswers + unusedFactoryKeys + unresolvedRegistrations
        guard !entries.isEmpty else {
            return "Every registration, factory key, instruction and stub answer was exercised."
        }
        return (["Never exercised in this run:"] + entries.map { "  " + $0 }).joined(separator: "\n")
    }
}
