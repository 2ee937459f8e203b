#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The program's side of the wiring account: it writes what ``InjectDependenciesArgumentParser``
/// applied, then traces every resolve of that root, to the file the launcher handed the program.
///
/// Nothing here runs unless ``WiringAccount/environmentVariable`` names a valid channel: without
/// it no tracer is installed, the slow-path gate stays as it was, and the resolve path is untouched.
final class WiringAccountWriter: Sendable {
    /// One writer per channel and root, so a program that runs the parser twice traces once.
    private struct Key: Hashable {
        let descriptor: Int32
        let root: ObjectIdentifier
    }

    private static let writers = LockedValue<[Key: WiringAccountWriter]>([:])

    /// What has been written, and whether writing failed (after which nothing more is tried).
    private struct State {
        var written: Set<WiringAccountRecord.Resolution> = []
        var failed = false
    }

    private let channel: Channel
    private let root: DependencyContainer
    /// Held while a line is written, so lines from racing resolves never interleave.
    private let state = LockedValue(State())

    private init(channel: Channel, root: DependencyContainer) {
        self.channel = channel
        self.root = root
    }

    /// The launcher's file: a descriptor, and the device and inode it must still be open on.
    private struct Channel {
        let descriptor: Int32
        let device: UInt64
        let inode: UInt64

        /// Whether the descriptor is still open on the launcher's file. A program may close
        /// descriptors it inherited and open others in their place (its database, say); a line
        /// written there would corrupt it.
        var isOpen: Bool {
            var info = stat()
            // By bit pattern: a signed `dev_t` (Apple platforms) is never converted with a trap.
            return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
                && UInt64(truncatingIfNeeded: info.st_dev) == device && UInt64(truncatingIfNeeded: info.st_ino) == inode
        }
    }

    /// Reports what `registry` applied, and from now on every resolve of its root, when
    /// `environment` names a channel; does nothing otherwise.
    ///
    /// - Parameters:
    ///   - registry: The instructions just applied, and their root.
    ///   - index: The index they were checked against, whose type keys the account lists.
    ///   - environment: The environment the parser was given; `nil` for the process's.
    static func report(
        _ registry: DynamicDependencyRegistry,
        index: DynamicDependencyIndex,
        environment: [String: String]?
    ) {
        // One variable looked up, not the whole environment copied: this runs on every injection.
        let value = environment.map { $0[WiringAccount.environmentVariable] } ?? processVariable()
        guard let value, let channel = channel(value) else { return }
        let root = registry.container
        let (writer, isNew) = writers.withLockedValue { writers in
            let key = Key(descriptor: channel.descriptor, root: ObjectIdentifier(root))
            if let existing = writers[key] { return (existing, false) }
            let writer = WiringAccountWriter(channel: channel, root: root)
            writers[key] = writer
            return (writer, true)
        }
        writer.writeInjection(registry, index: index)
        // After the injection record: a reader takes the first line for it.
        if isNew {
            ResolutionObservation.shared.addTracer { trace in writer.write(trace) }
        }
    }

    /// The process's ``WiringAccount/environmentVariable``, if it is set.
    private static func processVariable() -> String? {
        getenv(WiringAccount.environmentVariable).map { String(cString: $0) }
    }

    /// The channel a value names, `FD:DEVICE:INODE`, if its descriptor is open on a regular file
    /// with that device and inode; the descriptor is then kept from the program's own children.
    private static func channel(_ value: String) -> Channel? {
        let parts = value.split(separator: ":")
        guard parts.count == 3, let descriptor = Int32(parts[0]), descriptor >= 0,
            let device = UInt64(parts[1]), let inode = UInt64(parts[2])
        else { return nil }
        let channel = Channel(descriptor: descriptor, device: device, inode: inode)
        guard channel.isOpen else { return nil }
        // The program's children inherit the variable; they must not inherit the file too.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        // Appends from every thread land at the end, whatever the shared offset says.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_APPEND)
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

    private func write(_ trace: ResolutionTrace) {
        // The root's own resolves, and those of the sessions opened over it. Work in a session
        // mostly asks the root's own containers, with the session's layer active in its task.
        let session: String?
        if trace.container.root === root {
            session = SessionRegistry.name(ofActiveLayerOver: root)
        } else if trace.container.family.overriddenRoot === root,
            let name = SessionRegistry.name(ofLayerRoot: trace.container.root)
        {
            session = name
        } else {
            return
        }
        let answered = ResolutionEngine.registration(resolving: trace.key, from: trace.container)
        // An alias shows the lifecycle of the registration it forwards to, as the graph does.
        let lifecycle = answered.map { found in
            (Aliases.target(of: found.registration, heldBy: found.holder)?.registration ?? found.registration).lifecycle
        }
        let (outcome, failure): (WiringAccountRecord.Outcome, String?) =
            switch trace.outcome {
            case .built: (.built, nil)
            case .cached: (.cached, nil)
            case .failed(let code): (.failed, code.description)
            }
        let resolution = WiringAccountRecord.Resolution(
            type: String(describing: trace.key.metatype), name: trace.key.name, scope: trace.container.scope.tag,
            registeredIn: answered?.holder.scope.tag, lifecycle: lifecycle?.rawValue,
            injectedBy: answered?.registration.instruction,
            instanceType: trace.instanceType.map { String(describing: $0) }, outcome: outcome, failure: failure,
            requestedBy: trace.requestedBy.map { DependencyGraph.nodeID(scope: $0.scope, key: $0.key) },
            session: session)
        state.withLockedValue { state in
            guard state.written.insert(resolution).inserted else { return }
            write(WiringAccountRecord(resolution: resolution), in: &state)
        }
    }

    /// Writes one record as a line, if the channel is still the launcher's file; called with the
    /// state locked.
    private func write(_ record: WiringAccountRecord, in state: inout State) {
        guard !state.failed, let line = try? record.line() else { return }
        // One `fstat` per line, and a line only per distinct resolve: cheap next to the write.
        guard channel.isOpen else {
            state.failed = true
            return
        }
        var offset = 0
        while offset < line.count {
            let count = line.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return Self.systemWrite(channel.descriptor, base + offset, bytes.count - offset)
            }
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                // The launcher is gone or the disk is full: the account is a diagnostic, and the
                // program goes on without it.
                state.failed = true
                return
            }
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}
