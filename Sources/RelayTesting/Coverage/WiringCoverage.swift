public import Relay

/// What a test run's launched programs and sessions never exercised, merged over every launch and
/// session: registrations never resolved, factory keys never named by an instruction, instructions
/// whose registration nothing resolved, and stub answers the program never asked for.
///
/// RelayTesting records into ``shared`` (or the launcher's ``ProgramLauncher/wiringCoverage``) as
/// programs stop, from their wiring accounts, and as sessions end. Read ``report`` at the end of a
/// run: RelayTestingSupport's `.wiringCoverageReport` suite trait prints or attaches it when
/// the suites that hold it have ended, and its `WiringCoverageObserver` when an XCTest bundle
/// ends; or print it yourself:
///
/// ```swift
/// print(WiringCoverage.shared.report)
/// ```
///
/// ```text
/// Never exercised in this run:
///   bookshelf: instruction type=idGenerator,factory=sequentialIDs never resolved in 2 of 20 sessions (4f1c09a2…, 9b03e6d7…)
///   bookshelf: stub answer catalogClient.search never asked in 1 of 1 launch
///   bookshelf: factory key catalogFailingToClose never used in 3 launches and 20 sessions
///   bookshelf: registration BookImporter in bulkImport never resolved in 3 launches and 20 sessions
/// ```
///
/// Each instruction, stub answer, factory key and registration has one line, however many
/// launches and sessions gave it; a configuration is shown decoded, as the test wrote it.
/// A launch's instruction counts as used when anything resolved what it registered, in the launch
/// or in any session over it; a session's, when something resolved it in that session.
///
/// An instruction nothing resolved is almost always a test that does not test what it says;
/// a launcher's ``ProgramLauncher/rejectsUnusedInstructions`` turns it into a failure, as strict
/// stubs do in Mockito.
public final class WiringCoverage: Sendable {
    /// The run's coverage, which RelayTesting records into unless a launcher names another.
    public static let shared = WiringCoverage()

    /// A registration of a program, as its account lists it.
    private struct Registration: Hashable {
        let scope: String
        let type: String
        let name: String?

        var description: String { "\(type)\(name.map { "[\"\($0)\"]" } ?? "") in \(scope)" }
    }

    /// Where an instruction or a stub answer was given.
    private enum Origin: Hashable {
        case launch
        case session
    }

    /// One instruction or stub answer of a program, given in launches or in sessions.
    private struct Given: Hashable, Comparable {
        let program: String
        let text: String
        let origin: Origin

        static func < (lhs: Given, rhs: Given) -> Bool {
            (lhs.program, lhs.text, lhs.origin == .launch ? 0 : 1) < (
                rhs.program, rhs.text, rhs.origin == .launch ? 0 : 1
            )
        }
    }

    /// How often an instruction or a stub answer was given, and the sessions (or launches) that
    /// left it unused.
    private struct Tally {
        var given = 0
        /// A session's name cut to 8 digits, or `nil` for a launch, per launch or session that left
        /// it unused.
        var unusedIn: [String?] = []

        /// Counts one more launch or session that gave it, and whether that one left it unused.
        mutating func count(unused: Bool, in session: String?) {
            given += 1
            if unused { unusedIn.append(session) }
        }

        /// `2 of 20 sessions (4f1c09a2…, 9b03e6d7…)`, `1 of 1 launch`.
        func phrase(_ origin: Origin) -> String {
            let kind =
                switch origin {
                case .launch: given == 1 ? "launch" : "launches"
                case .session: given == 1 ? "session" : "sessions"
                }
            var text = "\(unusedIn.count) of \(given) \(kind)"
            let names = unusedIn.compactMap { $0 }
            if !names.isEmpty {
                text += " (" + names.prefix(3).map { "\($0)…" }.joined(separator: ", ")
                text += names.count > 3 ? ", …)" : ")"
            }
            return text
        }
    }

    /// What a program registered and resolved over every launch and session.
    private struct Program {
        var launches = 0
        var sessions = 0
        var registered: Set<Registration> = []
        var resolved: Set<Registration> = []
        var factoryKeys: Set<String> = []
        var namedFactoryKeys: Set<String> = []

        /// `in 3 launches and 20 sessions`.
        var runs: String {
            var parts: [String] = []
            if launches > 0 { parts.append("\(launches) launch\(launches == 1 ? "" : "es")") }
            if sessions > 0 { parts.append("\(sessions) session\(sessions == 1 ? "" : "s")") }
            return parts.isEmpty ? "" : " in " + parts.joined(separator: " and ")
        }
    }

    private struct State {
        var programs: [String: Program] = [:]
        var instructions: [Given: Tally] = [:]
        var answers: [Given: Tally] = [:]
        /// How many suites hold the coverage for its report (RelayTestingSupport's trait).
        var holders = 0
    }

    private let state = LockedValue(State())

    /// Creates an empty record, for a launcher's ``ProgramLauncher/wiringCoverage``; tests of the
    /// coverage itself make their own.
    ///
    /// ```swift
    /// let coverage = WiringCoverage()
    /// launcher.wiringCoverage = coverage
    /// ```
    public init() {}

    /// Forgets everything recorded.
    public func reset() {
        state.withLockedValue { state in
            let holders = state.holders
            state = State()
            state.holders = holders
        }
    }

    // MARK: - Recording

    /// Records a launch's account, as its program stops.
    ///
    /// ```swift
    /// let unused = coverage.recordLaunch(account, program: "bookshelf", stubAnswers: answers)
    /// ```
    ///
    /// - Parameters:
    ///   - account: The program's wiring account, with its sessions' resolves.
    ///   - program: The program's name.
    ///   - stubAnswers: The launch's stub answers, if any.
    /// - Returns: The launch's instructions that nothing resolved, configurations decoded.
    @discardableResult
    public func recordLaunch(_ account: WiringAccount, program: String, stubAnswers: StubAnswers?) -> [String] {
        let instructions = account.injections.map(\.instruction)
        let unused = Self.unusedLaunchInstructions(in: account)
        // What a session's own instruction registered is the session's, not the program's.
        let launchTexts = Set(instructions)
        let resolved = account.resolutions.filter { resolution in
            resolution.injectedBy.map(launchTexts.contains) ?? true
        }
        let answers = stubAnswers?.answerKeys ?? []
        let unasked = Set(stubAnswers?.unaskedAnswers ?? [])
        state.withLockedValue { state in
            var record = state.programs[program, default: Program()]
            record.launches += 1
            // A registration with runtime arguments is never built by a resolve the account sees.
            for node in account.registrations where node.arguments == nil {
                record.registered.insert(Registration(scope: node.scope, type: node.type, name: node.name))
            }
            for resolution in resolved {
                let scope = resolution.registeredIn ?? resolution.scope
                record.resolved.insert(Registration(scope: scope.tag, type: resolution.type, name: resolution.name))
            }
            record.factoryKeys.formUnion(account.factoryKeys.map(\.tag))
            record.namedFactoryKeys.formUnion(account.injections.map(\.factoryKey.tag))
            state.programs[program] = record
            for text in instructions {
                state.instructions[Given(program: program, text: text, origin: .launch), default: Tally()].count(
                    unused: unused.contains(Self.readable(text)), in: nil)
            }
            for answer in answers {
                state.answers[Given(program: program, text: answer, origin: .launch), default: Tally()].count(
                    unused: unasked.contains(answer), in: nil)
            }
        }
        return unused
    }

    /// Records a session as it ends.
    ///
    /// ```swift
    /// let unused = coverage.recordSession(
    ///     session.name, instructions: session.instructions, account: try await program.wiring(),
    ///     program: program.name, stubAnswers: session.stubAnswers)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The session's name.
    ///   - instructions: Its instructions.
    ///   - account: The program's account, read as the session ended.
    ///   - program: The program's name.
    ///   - stubAnswers: The session's stub answers, if any.
    /// - Returns: The session's instructions that nothing resolved in it, configurations decoded.
    @discardableResult
    public func recordSession(
        _ name: String,
        instructions: [DependencyInjectionInstruction],
        account: WiringAccount,
        program: String,
        stubAnswers: StubAnswers?
    ) -> [String] {
        let unused = Self.unusedSessionInstructions(instructions, session: name, in: account)
        let answers = stubAnswers?.answerKeys ?? []
        let unasked = Set(stubAnswers?.unaskedAnswers ?? [])
        let label = String(name.prefix(8))
        state.withLockedValue { state in
            state.programs[program, default: Program()].sessions += 1
            state.programs[program, default: Program()].namedFactoryKeys.formUnion(instructions.map(\.factory.tag))
            for instruction in instructions {
                state.instructions[
                    Given(program: program, text: instruction.description, origin: .session), default: Tally()
                ]
                .count(unused: unused.contains(instruction.readableDescription), in: label)
            }
            for answer in answers {
                state.answers[Given(program: program, text: answer, origin: .session), default: Tally()].count(
                    unused: unasked.contains(answer), in: label)
            }
        }
        return unused
    }

    // MARK: - What counts as used

    /// The launch's instructions that no resolve names as the one that made its registration, in
    /// the launch or in any session over it; configurations decoded.
    ///
    /// - Parameter account: The program's account.
    /// - Returns: The unused instructions, in the order the program applied them.
    static func unusedLaunchInstructions(in account: WiringAccount) -> [String] {
        let used = Set(account.resolutions.compactMap(\.injectedBy))
        return account.injections.map(\.instruction).filter { !used.contains($0) }.map(readable)
    }

    /// A session's instructions that no resolve in that session names; configurations decoded.
    ///
    /// - Parameters:
    ///   - instructions: The session's instructions.
    ///   - session: The session's name.
    ///   - account: The program's account.
    /// - Returns: The unused instructions, in order.
    static func unusedSessionInstructions(
        _ instructions: [DependencyInjectionInstruction],
        session: String,
        in account: WiringAccount
    ) -> [String] {
        let used = Set(account.resolutions.filter { $0.session == session }.compactMap(\.injectedBy))
        return instructions.filter { !used.contains($0.description) }.map(\.readableDescription)
    }

    /// An instruction as a program wrote it, with its configuration decoded for reading.
    static func readable(_ text: String) -> String {
        (try? DependencyInjectionInstruction(parsing: text))?.readableDescription ?? text
    }

    // MARK: - Suites that hold the report

    /// Counts a suite that reports the coverage when it ends.
    package func hold() {
        state.withLockedValue { $0.holders += 1 }
    }

    /// Lets go of the coverage for a suite.
    ///
    /// - Returns: Whether it was the last suite holding it: the one to report.
    package func release() -> Bool {
        state.withLockedValue { state in
            state.holders -= 1
            return state.holders == 0
        }
    }

    // MARK: - Reading

    /// What was never exercised, so far: one line per instruction, stub answer, factory key and
    /// registration.
    public var report: WiringCoverageReport {
        state.withLockedValue { state in
            var unresolved: [String] = []
            var unusedKeys: [String] = []
            for (name, program) in state.programs.sorted(by: { $0.key < $1.key }) {
                unusedKeys += program.factoryKeys.subtracting(program.namedFactoryKeys).sorted().map {
                    "\(name): factory key \($0) never used\(program.runs)"
                }
                unresolved += program.registered.subtracting(program.resolved).map(\.description).sorted().map {
                    "\(name): registration \($0) never resolved\(program.runs)"
                }
            }
            let instructions = state.instructions.filter { !$0.value.unusedIn.isEmpty }.sorted { $0.key < $1.key }
            let answers = state.answers.filter { !$0.value.unusedIn.isEmpty }.sorted { $0.key < $1.key }
            return WiringCoverageReport(
                unresolvedRegistrations: unresolved, unusedFactoryKeys: unusedKeys,
                unusedInstructions: instructions.map { given, tally in
                    "\(given.program): instruction \(Self.readable(given.text)) never resolved in "
                        + tally.phrase(given.origin)
                },
                unaskedStubAnswers: answers.map { given, tally in
                    "\(given.program): stub answer \(given.text) never asked in \(tally.phrase(given.origin))"
                })
        }
    }
}
