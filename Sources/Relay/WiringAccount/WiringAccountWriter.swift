#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The program's side of the wiring account: it writes what ``InjectDependenciesArgumentParser``
/// applied, then what the root's factories build, to the file the launcher handed the program, or,
/// for a program that connected to its test itself, on the control channel.
///
/// Nothing here runs unless ``WiringAccount/environmentVariable`` names a valid file, or the
/// program connected to its test: otherwise no listener is installed and no registration reports. With it, the program still resolves
/// through the code a plain run does: builds are reported through ``BuildReporting`` (the first
/// of each registration, and what its factory builds while it runs), cached reads never are, and
/// the slow-path gate stays as it was.
final class WiringAccountWriter: Sendable {
    /// One writer per destination and root, so a program that runs the parser twice traces once.
    private struct Key: Hashable {
        let destination: Destination.Identity
        let root: ObjectIdentifier
    }

    /// Where the lines go.
    private enum Destination: Sendable {
        /// The launcher's file.
        case file(InheritedDescriptor)
        /// The channel to a test the program connected to itself: one frame per line.
        case channel(ControlChannel)

        /// A file by its descriptor's number, a channel by its object.
        enum Identity: Hashable {
            case file(Int32)
            case channel(ObjectIdentifier)
        }

        var identity: Identity {
            switch self {
            case .file(let file): .file(file.number)
            case .channel(let channel): .channel(ObjectIdentifier(channel))
            }
        }
    }

    private static let writers = LockedValue<[Key: WiringAccountWriter]>([:])

    /// What has been written, and whether writing failed (after which nothing more is tried).
    private struct State {
        var written: Set<WiringAccountRecord.Resolution> = []
        var failed = false
    }

    /// Where the lines go. A program may close descriptors it inherited and open others in their
    /// place (its database, say): every write to a file checks first that the number is still the
    /// launcher's file, since a line written elsewhere would corrupt it.
    private let destination: Destination
    private let root: DependencyContainer
    /// Held while a line is written, so lines from racing resolves never interleave.
    private let state = LockedValue(State())

    private init(destination: Destination, root: DependencyContainer) {
        self.destination = destination
        self.root = root
    }

    /// Reports what `registry` applied, and from now on every resolve of its root, when
    /// `environment` names a file, or `channel` is one the program connected to its test on; does
    /// nothing otherwise.
    ///
    /// - Parameters:
    ///   - registry: The instructions just applied, and their root.
    ///   - index: The index they were checked against, whose type keys the account lists.
    ///   - environment: The environment the parser was given; `nil` for the process's.
    ///   - channel: The parser's channel to its test, if it has one.
    static func report(
        _ registry: DynamicDependencyRegistry,
        index: DynamicDependencyIndex,
        environment: [String: String]?,
        channel: ControlChannel?
    ) {
        // One variable looked up, not the whole environment copied: this runs on every injection.
        let value = environment.map { $0[WiringAccount.environmentVariable] } ?? processVariable()
        let destination: Destination
        if let value, let file = file(value) {
            destination = .file(file)
        } else if let channel, channel.carriesWiringAccount {
            destination = .channel(channel)
        } else {
            return
        }
        let root = registry.container
        let (writer, isNew) = writers.withLockedValue { writers in
            let key = Key(destination: destination.identity, root: ObjectIdentifier(root))
            if let existing = writers[key] { return (existing, false) }
            let writer = WiringAccountWriter(destination: destination, root: root)
            writers[key] = writer
            return (writer, true)
        }
        writer.writeInjection(registry, index: index)
        // After the injection record: a reader takes the first line for it.
        if isNew {
            BuildReporting.addListener(reporting: root.registrationsInFamily { _ in true }.map(\.registration)) {
                writer.write($0)
            }
        }
    }

    /// The process's ``WiringAccount/environmentVariable``, if it is set.
    private static func processVariable() -> String? {
        getenv(WiringAccount.environmentVariable).map { String(cString: $0) }
    }

    /// The file a value names, `FD:DEVICE:INODE`, if its descriptor is open on a regular file
    /// with that device and inode; the descriptor is then kept from the program's own children,
    /// and appended to (lines from every thread land at the end, whatever the shared offset says).
    private static func file(_ value: String) -> InheritedDescriptor? {
        guard let (channel, extra) = InheritedDescriptor.decode(value, as: .regularFile), extra == nil,
            channel.adopt()
        else { return nil }
        return channel
    }

    // MARK: - Records

    private func writeInjection(_ registry: DynamicDependencyRegistry, index: DynamicDependencyIndex) {
        let instructions = registry.orderedDefinitions.map { definition in
            WiringAccountRecord.Instruction(
                typeKey: definition.instruction.type.tag, factoryKey: definition.instruction.factory.tag,
                scope: definition.scope.tag, lifecycle: definition.lifecycle.rawValue,
                instruction: definition.instruction.description, type: String(describing: definition.type))
        }
        var typeKeys: [String: String] = [:]
        for key in index.typeKeys {
            if let type = index.type(for: key) { typeKeys[key.tag] = String(describing: type) }
        }
        let injection = WiringAccountRecord.Injection(
            processIdentifier: getpid(), instructions: instructions, typeKeys: typeKeys,
            registrations: Exploration.registrationNodes(of: root), factoryKeys: index.factoryKeys.map(\.tag))
        state.withLockedValue { state in
            write(WiringAccountRecord(injection: injection), in: &state)
        }
    }

    /// Writes what a report says, once per distinct record: the root's own builds and resolves,
    /// and those of the sessions opened over it. Work in a session mostly asks the root's own
    /// containers, with the session's layer active in its task: a report is made in the resolving
    /// task, so the session is the one active there.
    private func write(_ report: BuildReport) {
        let asked = report.askedIn
        let session: String?
        if asked.root === root {
            session = SessionRegistry.name(ofActiveLayerOver: root)
        } else if asked.family.overriddenRoot === root, let name = SessionRegistry.name(ofLayerRoot: asked.root) {
            session = name
        } else {
            // Another root's, or a layer over this root that is no session (a validation's).
            return
        }
        // An alias shows the lifecycle of the registration it forwards to, as the graph does.
        let lifecycle = report.registration.map { registration in
            report.registeredIn.flatMap { Aliases.target(of: registration, heldBy: $0)?.registration }?.lifecycle
                ?? registration.lifecycle
        }
        let (outcome, failure): (WiringAccountRecord.Outcome, String?) =
            switch report.outcome {
            case .built: (.built, nil)
            case .cached: (.cached, nil)
            case .cancelled: (.cancelled, nil)
            case .failed(let code): (.failed, code.description)
            }
        let resolution = WiringAccountRecord.Resolution(
            type: String(describing: report.key.metatype), name: report.key.name, scope: asked.scope.tag,
            registeredIn: report.registeredIn?.scope.tag, lifecycle: lifecycle?.rawValue,
            injectedBy: report.registration?.instruction,
            instanceType: report.instanceType.map { String(describing: $0) }, outcome: outcome, failure: failure,
            requestedBy: report.requestedBy.map { DependencyGraph.nodeID(scope: $0.scope, key: $0.key) },
            session: session)
        state.withLockedValue { state in
            guard state.written.insert(resolution).inserted else { return }
            write(WiringAccountRecord(resolution: resolution), in: &state)
        }
    }

    /// Writes one record as a line, if the file is still the launcher's, or hands it to the
    /// channel's writer; called with the state locked, so lines keep their order.
    private func write(_ record: WiringAccountRecord, in state: inout State) {
        guard !state.failed, let line = try? record.line() else { return }
        switch destination {
        case .file(let file):
            // One `fstat` per write, and a line only per distinct resolve: cheap next to the
            // write. A regular file's write waits for no reader, so it takes no time limit. A
            // number reused for another file, a launcher gone, a disk full: the account is a
            // diagnostic, and the program goes on without it.
            if file.write(line, within: nil) != .written { state.failed = true }
        case .channel(let channel):
            // Handed to the channel's writing thread, never waiting for the socket; lost, like the
            // rest of what is queued, if the program crashes first (the file would keep it).
            channel.sendAccountRecord(String(decoding: line.dropLast(), as: UTF8.self))
        }
    }
}
