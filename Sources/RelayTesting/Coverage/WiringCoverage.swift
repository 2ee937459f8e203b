public import Relay

/// What a test run's launched programs and sessions never exercised, merged over every launch and
/// session: registrations never resolved, factory keys never named by an instruction, instructions
/// whose registration nothing resolved, and stub answers the program never asked for.
///
/// RelayTesting records into ``shared`` as programs stop (from their wiring accounts) and as
/// sessions end; read ``report`` at the end of a run (print it, or attach it to a test's results):
///
/// ```swift
/// print(WiringCoverage.shared.report)
/// ```
///
/// ```text
/// Never exercised in this run:
///   bookshelf: registration BookImporter in bulkImport never resolved
///   bookshelf: factory key catalogFailingToClose never used
///   bookshelf: instruction type=idGenerator,factory=sequentialIDs (session 4f…) never resolved
///   stub answer catalogClient.search (launch of bookshelf) never asked
/// ```
///
/// An instruction nothing resolved is almost always a test that does not test what it says;
/// a launcher's ``ProgramLauncher/rejectsUnusedInstructions`` turns it into a failure, as strict
/// stubs do in Mockito.
public final class WiringCoverage: Sendable {
    /// The run's coverage, which RelayTesting records into.
    public static let shared = WiringCoverage()

    private struct Registration: Hashable, CustomStringConvertible {
        let program: String
        let scope: String
        let type: String
        let name: String?

        var description: String {
            "\(program): registration \(type)\(name.map { "[\"\($0)\"]" } ?? "") in \(scope) never resolved"
        }
    }

    private struct State {
        /// Per program (executable name): what it registered, and what was resolved, over every launch.
        var registered: Set<Registration> = []
        var resolved: Set<Registration> = []
        var factoryKeys: [String: Set<String>] = [:]
        var usedFactoryKeys: [String: Set<String>] = [:]
        var unusedInstructions: [String] = []
        var unaskedAnswers: [String] = []
    }

    private let state = LockedValue(State())

    /// Creates an empty record; tests of the coverage itself make their own.
    public init() {}

    /// Forgets everything recorded.
    public func reset() {
        state.withLockedValue { $0 = State() }
    }

    // MARK: - Recording

    /// Records a launch's account, as its program stops.
    ///
    /// - Parameters:
    ///   - account: The program's wiring account.
    ///   - program: The program's name.
    ///   - stubAnswers: The launch's stub answers, if any.
    public func recordLaunch(_ account: WiringAccount, program: String, stubAnswers: StubAnswers?) {
        let launchResolutions = account.resolutions.filter { $0.session == nil }
        let unused = Self.unusedInstructions(
            account.injections.map(\.instruction), among: launchResolutions
        ).map { "\(program): instruction \($0) (launch) never resolved" }
        let unasked = (stubAnswers?.unaskedAnswers ?? []).map { "stub answer \($0) (launch of \(program)) never asked" }
        state.withLockedValue { state in
            // A registration with runtime arguments is never built by a resolve the account sees.
            for node in account.registrations where node.arguments == nil {
                state.registered.insert(
                    Registration(program: program, scope: node.scope, type: node.type, name: node.name))
            }
            // A session's resolves count too: in a shared program, most of the work is sessions'.
            for resolution in account.resolutions {
                let scope = resolution.registeredIn ?? resolution.scope
                state.resolved.insert(
                    Registration(program: program, scope: scope.tag, type: resolution.type, name: resolution.name))
            }
            state.factoryKeys[program, default: []].formUnion(account.factoryKeys.map(\.tag))
            state.usedFactoryKeys[program, default: []].formUnion(account.injections.map(\.factoryKey.tag))
            state.unusedInstructions += unused
            state.unaskedAnswers += unasked
        }
    }

    /// Records a session as it ends.
    ///
    /// - Parameters:
    ///   - name: The session's name.
    ///   - instructions: Its instructions.
    ///   - account: The program's account, read as the session ended.
    ///   - program: The program's name.
    ///   - stubAnswers: The session's stub answers, if any.
    /// - Returns: The session's instructions that nothing resolved.
    @discardableResult
    public func recordSession(
        _ name: String,
        instructions: [DependencyInjectionInstruction],
        account: WiringAccount,
        program: String,
        stubAnswers: StubAnswers?
    ) -> [String] {
        let unused = Self.unusedInstructions(
            instructions.map(\.description), among: account.resolutions.filter { $0.session == name })
        let unasked = (stubAnswers?.unaskedAnswers ?? []).map {
            "stub answer \($0) (session \(name.prefix(8))…) never asked"
        }
        state.withLockedValue { state in
            state.usedFactoryKeys[program, default: []].formUnion(instructions.map(\.factory.tag))
            state.unusedInstructions += unused.map {
                "\(program): instruction \($0) (session \(name.prefix(8))…) never resolved"
            }
            state.unaskedAnswers += unasked
        }
        return unused
    }

    /// The instructions no resolution names as the one that made its registration.
    static func unusedInstructions(_ instructions: [String], among resolutions: [ResolvedDependency]) -> [String] {
        let used = Set(resolutions.compactMap(\.injectedBy))
        return instructions.filter { !used.contains($0) }
    }

    // MARK: - Reading

    /// What was never exercised, so far.
    public var report: WiringCoverageReport {
        state.withLockedValue { state in
            let unresolved = state.registered.subtracting(state.resolved).map(\.description).sorted()
            var unusedKeys: [String] = []
            for (program, keys) in state.factoryKeys.sorted(by: { $0.key < $1.key }) {
                let used = state.usedFactoryKeys[program] ?? []
                unusedKeys += keys.subtracting(used).sorted().map { "\(program): factory key \($0) never used" }
            }
            return WiringCoverageReport(
                unresolvedRegistrations: unresolved, unusedFactoryKeys: unusedKeys,
                unusedInstructions: state.unusedInstructions, unaskedStubAnswers: state.unaskedAnswers)
        }
    }
}

/// What a run never exercised; see ``WiringCoverage``. Each entry is one sentence.
public struct WiringCoverageReport: Sendable, Hashable, CustomStringConvertible {
    /// Registrations of a program that no launch or session resolved.
    public let unresolvedRegistrations: [String]
    /// Factory keys of a program's index that no instruction named.
    public let unusedFactoryKeys: [String]
    /// Instructions whose registration nothing resolved, in the launch or session that gave them.
    public let unusedInstructions: [String]
    /// Stub answers the test gave that the program never asked for.
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
