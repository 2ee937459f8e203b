import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The program's side of the channel to the test that launched it: the stubs the test answers
/// send their calls here, and a thread of its own reads the answers and resumes the callers, and
/// reads the test's commands (re-wiring, sessions) and hands them to the ``ProgramControl`` the
/// parser attached.
///
/// It exists only when ``InjectDependenciesArgumentParser`` finds ``environmentVariable`` naming
/// a socket the program inherited, with the device and inode the launcher wrote: a program not
/// launched so (a release build, a plain run) opens nothing, starts no thread, and no resolve path
/// knows it exists. Its reading thread starts with the first call, or when the parser attaches
/// what carries out commands.
@_spi(ControlChannel)
public final class ControlChannel: StubCallAnswering {
    /// The variable in which the launcher names the channel: `FD:DEVICE:INODE:MILLISECONDS`, the
    /// last being how long a call waits for its answer.
    public static let environmentVariable = "RELAY_CONTROL_CHANNEL"

    /// How long a call waits for its answer.
    public let timeLimit: Duration

    private let socket: ControlDescriptor

    private struct Pending {
        let call: StubCall
        let continuation: CheckedContinuation<String, any Error>
    }

    private struct State {
        var nextID: UInt64 = 1
        var pending: [UInt64: Pending] = [:]
        /// Calls whose identifier is taken and whose continuation is not handed over yet, and those
        /// of them cancelled in between.
        var registering: Set<UInt64> = []
        var cancelledWhileRegistering: Set<UInt64> = []
        var isReading = false
        /// Why the channel is closed; `nil` while it is open.
        var closed: String?
    }

    private let state = LockedValue(State())
    /// What carries out the test's commands; `nil` until the parser attaches it.
    private let control = LockedValue<ProgramControl?>(nil)
    /// Held while a frame is written, so frames from racing calls never interleave.
    private let writing = LockedValue(())

    private init(socket: ControlDescriptor, timeLimit: Duration) {
        self.socket = socket
        self.timeLimit = timeLimit
    }

    /// The channels opened so far, by the value that named them: one per process in practice.
    private static let opened = LockedValue<[String: ControlChannel]>([:])

    /// The channel `environment` names (the process's when `nil`), if it names one the program
    /// inherited; `nil` otherwise, having opened nothing.
    static func named(in environment: [String: String]?) -> ControlChannel? {
        let value =
            environment.map { $0[environmentVariable] } ?? getenv(environmentVariable).map { String(cString: $0) }
        guard let value else { return nil }
        return opened.withLockedValue { opened in
            if let channel = opened[value] { return channel }
            guard let channel = open(value) else { return nil }
            opened[value] = channel
            return channel
        }
    }

    /// Opens the channel `value` names, if its descriptor is open on a socket with its device and
    /// inode: a descriptor the program closed and reused for its own file is never written to.
    private static func open(_ value: String) -> ControlChannel? {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 4, let descriptor = Int32(parts[0]), descriptor > 2,
            let device = UInt64(parts[1]), let inode = UInt64(parts[2]), let milliseconds = Int64(parts[3]),
            milliseconds > 0
        else { return nil }
        let socket = ControlDescriptor(descriptor)
        guard let identity = socket.socketIdentity, identity.device == device, identity.inode == inode else {
            return nil
        }
        // The program's own children inherit the variable, but must not inherit the socket.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        socket.preventsBrokenPipeSignal()
        return ControlChannel(socket: socket, timeLimit: .milliseconds(milliseconds))
    }

    // MARK: - Calls

    /// Sends `call` to the test and waits for its answer (the time limit is ``StubCalls``' to keep).
    public func answer(_ call: StubCall) async throws -> String {
        let id = state.withLockedValue { state in
            let id = state.nextID
            state.nextID += 1
            state.registering.insert(id)
            return id
        }
        startReadingOnce()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
                let refusal = state.withLockedValue { state -> (any Error)? in
                    state.registering.remove(id)
                    if state.cancelledWhileRegistering.remove(id) != nil { return CancellationError() }
                    if let reason = state.closed { return StubCallError(.channelClosed, call: call, detail: reason) }
                    state.pending[id] = Pending(call: call, continuation: continuation)
                    return nil
                }
                if let refusal {
                    continuation.resume(throwing: refusal)
                    return
                }
                send(.call(id: id, call: call))
            }
        } onCancel: {
            let pending = state.withLockedValue { state -> Pending? in
                if state.registering.contains(id) { state.cancelledWhileRegistering.insert(id) }
                return state.pending.removeValue(forKey: id)
            }
            pending?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Writes one message; a channel that cannot be written is closed, failing what waits on it.
    private func send(_ message: ControlMessage) {
        guard let bytes = try? ControlFrame.bytes(of: message), bytes.count - 4 <= ControlFrame.maximumLength else {
            close(because: "a message could not be encoded within the channel's limit")
            return
        }
        // A blocking write from a task: frames are small, and the test reads continuously, so the
        // socket's buffer takes them at once; a test process that stopped reading fails the call
        // by its time limit.
        let written = writing.withLockedValue { _ in socket.writeAll(bytes) }
        if !written { close(because: "the test is gone: writing to it failed") }
    }

    // MARK: - Commands

    /// Hands the test's commands to `control` from now on, and takes sessions (the first parser to
    /// attach wins: the program's own).
    func attach(_ control: ProgramControl) {
        self.control.withLockedValue { current in
            if current == nil { current = control }
        }
        SessionRegistry.accept()
        startReadingOnce()
    }

    private func perform(_ command: ControlCommand, id: UInt64) {
        let control = self.control.withLockedValue { $0 }
        Task {
            let refusal: ProgramControl.Refusal? =
                if let control { await control.perform(command) } else {
                    ProgramControl.Refusal(reason: "the program attached nothing to carry out commands")
                }
            send(.commandDone(id: id, refusal: refusal?.reason, code: refusal?.code))
        }
    }

    // MARK: - Answers

    private func startReadingOnce() {
        let starts = state.withLockedValue { state in
            defer { state.isReading = true }
            return !state.isReading
        }
        guard starts else { return }
        let thread = Thread { [self] in readAnswers() }
        thread.name = "Relay control channel"
        // It reads and decodes small frames; the default 8 MiB would only reserve address space.
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// Reads answers until the channel ends, then fails every call still waiting.
    private func readAnswers() {
        var reader = ControlFrame.Reader()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let bytes = socket.readSome(into: &buffer)
            guard !bytes.isEmpty else {
                close(because: "the test closed it")
                return
            }
            reader.append(bytes)
            do {
                while let message = try reader.next() { deliver(message) }
            } catch {
                close(because: "the test sent \(error)")
                return
            }
        }
    }

    private func deliver(_ message: ControlMessage) {
        switch message {
        case .answer(let id, let value):
            take(id)?.continuation.resume(returning: value)
        case .failure(let id, let error):
            take(id)?.continuation.resume(throwing: error)
        case .command(let id, let command):
            perform(command, id: id)
        case .call, .commandDone:
            // Calls go from the program to the test, and so do commands' outcomes.
            break
        }
    }

    /// The call waiting for `id`, no longer waiting; `nil` for one that timed out or was cancelled.
    private func take(_ id: UInt64) -> Pending? {
        state.withLockedValue { $0.pending.removeValue(forKey: id) }
    }

    private func close(because reason: String) {
        let (failed, isFirst) = state.withLockedValue { state -> ([Pending], Bool) in
            let isFirst = state.closed == nil
            if isFirst { state.closed = reason }
            defer { state.pending = [:] }
            return (Array(state.pending.values), isFirst)
        }
        // The test then reads the end, and fails its commands at once rather than by their limit.
        // The descriptor stays open (never reused while this object can write to it).
        if isFirst { socket.shutDown() }
        for pending in failed {
            pending.continuation.resume(
                throwing: StubCallError(.channelClosed, call: pending.call, detail: reason))
        }
    }
}
