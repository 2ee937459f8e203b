import Foundation

/// What a program found when it checked its own wiring and exited, without running a factory: the
/// graph of its registrations (``DependencyContainer/check()``), its dynamic index against what it
/// registers, and any instructions it was given.
///
/// A program that runs ``InjectDependenciesArgumentParser`` checks itself when it is started with
/// `--check-dependencies` (in builds whose test hooks are open: debug builds, by default): it prints
/// this report and exits, with status 0 when nothing is wrong and 1 otherwise. That makes a one-line
/// CI step, and a one-line test:
///
/// ```text
/// $ swift run bookshelf --check-dependencies
/// Checked 9 of 10 registrations and their 9 declared dependencies without building anything.
/// Index: 4 type keys, 6 factory keys. No problems.
/// Not checked (their dependencies are not declared):
/// - bulkImport/BookCatalogClient: its factory declares no dependencies: …
/// ```
///
/// RelayTesting's launcher asks for the same report as JSON (``environmentVariable`` names the file),
/// and keeps the ``index`` to check a test's instructions before it starts the program.
public struct DependencySelfCheck: Codable, Sendable, CustomStringConvertible {
    /// The variable naming the file a launcher wants the report in, as JSON; the program writes it
    /// and exits instead of running.
    public static let environmentVariable = "RELAY_DEPENDENCY_CHECK"

    /// The command-line flag that asks a program to print the report and exit.
    public static let flag = "--check-dependencies"

    /// The program's dynamic index, by name.
    public let index: DependencyIndexSummary

    /// What was found wrong, in order: the instructions, then the graph, then the index.
    public let problems: [Problem]

    /// How many registrations the graph check covered, and how many declared dependencies it followed.
    public let checkedRegistrations: Int

    /// How many declared dependencies were followed.
    public let checkedDependencies: Int

    /// The registrations whose dependencies are not declared, with why (see
    /// ``DependencyCheck/unchecked``): what the check could not see.
    public let unchecked: [String]

    /// One thing wrong.
    public struct Problem: Codable, Sendable, Hashable, CustomStringConvertible {
        /// Where it was found: `instruction`, `graph` or `index`.
        public let area: String
        /// The code of the error that says it (``DependencyCheckError/Code``,
        /// ``DynamicDependencyIndexError/Code``, ``DependencyInjectionInstructionError``'s kind).
        public let code: String
        /// The whole message, with its path and fix.
        public let message: String

        /// The area, the code and the message.
        public var description: String { "[\(area): \(code)] \(message)" }
    }

    /// Whether nothing was found wrong.
    public var passed: Bool { problems.isEmpty }

    /// The graph summary, the index, each problem, then what was not checked.
    public var description: String {
        var lines = [
            "Checked \(checkedRegistrations) of \(checkedRegistrations + unchecked.count) registrations and their "
                + "\(checkedDependencies) declared dependencies without building anything.",
            "Index: \(index.types.count) type keys, \(index.factories.count) factory keys. "
                + (passed ? "No problems." : "\(problems.count) problem\(problems.count == 1 ? "" : "s"):"),
        ]
        lines += problems.map { "- " + $0.description.replacingOccurrences(of: "\n", with: "\n  ") }
        if !unchecked.isEmpty {
            lines.append("Not checked (their dependencies are not declared):")
            lines += unchecked.map { "- \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    init(
        index: DependencyIndexSummary, problems: [Problem], checkedRegistrations: Int, checkedDependencies: Int,
        unchecked: [String]
    ) {
        self.index = index
        self.problems = problems
        self.checkedRegistrations = checkedRegistrations
        self.checkedDependencies = checkedDependencies
        self.unchecked = unchecked
    }
}
