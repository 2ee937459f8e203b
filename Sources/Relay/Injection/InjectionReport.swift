import Foundation

/// Where ``InjectDependenciesArgumentParser`` says what it injected: one readable block, so a
/// person reading a server's log sees at once that it runs with swapped dependencies.
///
/// ```swift
/// InjectDependenciesArgumentParser(report: .silent)
/// InjectDependenciesArgumentParser(report: .custom { logger.notice("\($0)") })
/// ```
public struct InjectionReport: Sendable {
    private let write: @Sendable (String) -> Void

    /// Whether to skip even formatting the block.
    private var isSilent = false

    /// Writes to standard error, leaving standard output to the program's own data. The default.
    public static let standardError = InjectionReport { text in
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Says nothing.
    public static let silent: InjectionReport = {
        var report = InjectionReport { _ in }
        report.isSilent = true
        return report
    }()

    /// Hands the block to a closure: a logger, say.
    ///
    /// - Parameter write: Receives the block, without a trailing line break.
    public static func custom(_ write: @escaping @Sendable (String) -> Void) -> InjectionReport {
        InjectionReport(write: write)
    }

    private init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Reports what a registry registered, if it registered anything.
    func report(_ registry: DynamicDependencyRegistry, overrides: [InstructionMerge.Override] = []) {
        let definitions = registry.orderedDefinitions
        guard !isSilent, !definitions.isEmpty else { return }
        let count = definitions.count == 1 ? "1 dependency" : "\(definitions.count) dependencies"
        let lines = definitions.map { definition in
            let place = definition.scope.placeDescription().echoed
            let origin = definition.instruction.origin.map { ", from \($0)" } ?? ""
            return "  \(definition.instruction.type) (\(definition.type)) <- \(definition.instruction.factory), "
                + "in \(place), \(definition.lifecycle)\(origin)"
        }
        let overridden = overrides.map { override in
            "  not applied: '\(override.overridden.description.echoed)' from "
                + "\(override.overridden.origin ?? .environment), overridden by '\(override.winner)' from "
                + "\(override.winner.origin ?? .code)"
        }
        write((["Relay injected \(count):"] + lines + overridden).joined(separator: "\n"))
    }
}
