/// What a test may do to the program it launched, through the channel: re-wire it, put back its
/// launch wiring, open and end sessions. Each command is checked as the launch's instructions were
/// (the same index, allow-list and replacement rule), all or nothing.
///
/// The parser that applied the launch's instructions makes it, so a command can do no more than
/// an instruction on the command line could.
final class ProgramControl: Sendable {
    private let index: DynamicDependencyIndex
    private let root: DependencyContainer
    private let allowedTypes: Set<DependencyTypeKey>?
    private let allowsUnregisteredTypes: Bool
    private let channel: ControlChannel

    /// Where a registration that re-wiring replaced was, to put it back.
    private struct Slot: Hashable {
        let scope: DependencyContainerScope
        let key: RegistrationKey
    }

    /// The registrations the program launched with, for each slot re-wiring has replaced; its lock
    /// is held through a whole re-wiring or reset, so two commands never interleave (no user code
    /// runs meanwhile: checking decodes configurations, registering runs no factory).
    private let launchWiring = LockedValue<[Slot: AnyRegistration]>([:])

    init(
        index: DynamicDependencyIndex,
        root: DependencyContainer,
        allowedTypes: Set<DependencyTypeKey>?,
        allowsUnregisteredTypes: Bool,
        channel: ControlChannel
    ) {
        self.index = index
        self.root = root
        self.allowedTypes = allowedTypes
        self.allowsUnregisteredTypes = allowsUnregisteredTypes
        self.channel = channel
    }

    /// Why a command was refused: the reason, and a code for a refusal the test words itself.
    struct Refusal: Error {
        let reason: String
        var code: ControlRefusalCode?
    }

    /// Carries out `command`; returns why it was refused, or `nil` when it was done.
    func perform(_ command: ControlCommand) async -> Refusal? {
        do {
            switch command {
            case .rewire(let texts):
                try rewire(texts)
            case .resetWiring:
                resetWiring()
            case .openSession(let name, let texts, let milliseconds):
                try openSession(name, texts, timeLimit: milliseconds.map { .milliseconds(max(1, $0)) })
            case .endSession(let name):
                try await endSession(name)
            }
            return nil
        } catch let refusal as Refusal {
            return refusal
        } catch {
            return Refusal(reason: "\(error)")
        }
    }

    // MARK: - Re-wiring

    private func rewire(_ texts: [String]) throws {
        let registry = try checked(texts, answering: channel)
        launchWiring.withLockedValue { saved in
            for definition in registry.orderedDefinitions {
                let slot = Slot(scope: definition.scope, key: RegistrationKey(definition.type, name: nil))
                guard saved[slot] == nil,
                    let current = root.container(for: slot.scope).table.withRead({ $0.registration(for: slot.key) })
                else { continue }
                saved[slot] = current
            }
            // Instances the replaced registrations built stay with their owner, which ends them
            // (the container at shutdown): a request in flight keeps what it resolved.
            registry.registerDependencies()
        }
    }

    private func resetWiring() {
        launchWiring.withLockedValue { saved in
            for (slot, registration) in saved {
                root.container(for: slot.scope).add(registration)
            }
            saved = [:]
        }
    }

    // MARK: - Sessions

    private func openSession(_ name: String, _ texts: [String], timeLimit: Duration?) throws {
        guard !name.isEmpty, name.utf8.count <= DependencySession.maximumNameLength else {
            throw DependencySessionError(.malformedName, name: String(name.prefix(DependencySession.maximumNameLength)))
        }
        // A session nothing reads would serve nothing: every request would be the program's own.
        guard !SessionRegistry.readers(of: root).isEmpty else {
            throw Refusal(
                reason: "nothing in this program reads sessions: no integration's unit-of-work middleware "
                    + "is made, and no reader declared with DependencySession.declareReader(_:in:)",
                code: .noSessionReader)
        }
        let registry = try checked(
            texts,
            answering: SessionStubAnswerer(channel: channel, session: name, timeLimit: timeLimit ?? channel.timeLimit))
        let layer = OverrideLayer(base: root, outer: nil)
        for definition in registry.orderedDefinitions {
            definition.register(in: layer.overrides)
        }
        let session = DependencySession(
            name: name, instructions: registry.orderedDefinitions.map(\.instruction), layer: layer)
        guard SessionRegistry.add(session, root: root) else {
            throw SessionAlreadyOpen(name: name)
        }
    }

    private func endSession(_ name: String) async throws {
        guard let session = SessionRegistry.remove(named: name, root: root) else {
            throw DependencySessionError(.unknownSession, name: name)
        }
        let failures = await Teardowns.endEverything(ownedBy: session.layer.overrides)
        if !failures.isEmpty { throw DependencyShutdownError(failures: failures) }
    }

    /// A session name the test gave twice.
    private struct SessionAlreadyOpen: Error, CustomStringConvertible {
        let name: String
        var description: String { "a session '\(name.echoed)' is open already" }
    }

    // MARK: - Checking

    /// The instructions, parsed and checked as the parser checks a launch's.
    private func checked(_ texts: [String], answering: any StubCallAnswering) throws -> DynamicDependencyRegistry {
        var instructions: [DependencyInjectionInstruction] = []
        for text in texts {
            var instruction = try DependencyInjectionInstruction(parsing: text)
            instruction.origin = instruction.origin ?? .code
            instructions.append(instruction)
        }
        return try DynamicDependencyRegistry.checked(
            instructions, index: index, container: root, allowedTypes: allowedTypes,
            allowsUnregisteredTypes: allowsUnregisteredTypes, answering: answering)
    }
}

/// The channel, for the stubs of one session: each call carries the session's name, so the test
/// answers it with that session's answers; the channel keeps the session's time limit.
struct SessionStubAnswerer: StubCallAnswering, StubCallDeadlineKeeping {
    let channel: ControlChannel
    let session: String
    /// The session's own limit: its answers' on the test's side.
    let timeLimit: Duration

    func answer(_ call: StubCall) async throws -> String {
        try await channel.answer(inSession(call), within: timeLimit)
    }

    func decide(_ call: StubCall) async throws -> StubCallDecision {
        try await channel.decide(inSession(call), within: timeLimit)
    }

    /// The call as the test sees it: carrying the session's name.
    private func inSession(_ call: StubCall) -> StubCall {
        StubCall(
            typeKey: call.typeKey, name: call.name, argument: call.argument, session: session, isSpied: call.isSpied)
    }
}
