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
/// what carries out commands. A message out is written by the task that sends it when the socket
/// has room, else by a writing thread (``ControlOutbox``), started the first time one is needed.
///
/// The channel keeps its calls' time limits itself, on the process's one timer thread
/// (``StubCallTimers``): a call costs no task of its own beside its caller's.
///
/// The socket is an ``InheritedDescriptor``: every read, write and shutdown checks first that its
/// number is still open on the launcher's socket. A program that closed it and opened something
/// else on that number finds its calls failing with the channel closed, and the stranger
/// untouched. A message that cannot be written within ``timeLimit`` (the test stopped reading)
/// closes the channel too: what it left half written cannot be taken back.
@_spi(ControlChannel)
public final class ControlChannel: StubCallAnswering, StubCallDeadlineKeeping {
    /// The variable in which the launcher names the channel: `FD:DEVICE:INODE:MILLISECONDS`, the
    /// last being how long a call waits for its answer.
    public static let environmentVariable = "RELAY_CONTROL_CHANNEL"

    /// How long a call waits for its answer.
    public let timeLimit: Duration

    private let socket: InheritedDescriptor

    private struct Pending {
        let call: StubCall
        /// Resumed with the test's answer, or `nil` for a spy's call the test passed.
        let continuation: CheckedContinuation<String?, any Error>
        /// Its time limit, which its error names.
        let limit: Duration
        /// Fails the call when its limit passes; cancelled when the call ends first.
        let timer: UInt64
    }

    private struct State {
        /// Each call's life, and whether the channel is closed (see ``ControlCalls``).
        var calls = ControlCalls<Pending>()
        /// Whether the reading thread has started.
        var isReading = false
    }

    private let state = LockedValue(State())
    /// What carries out the test's commands; `nil` until the parser attaches it.
    private let control = LockedValue<ProgramControl?>(nil)
    /// The messages waiting to be written, by one thread, whole and in order.
    private let outbox = ControlOutbox()

    /// Whether the program connected to its test itself (``ControlEndpoint``): such a test has no
    /// file for the wiring account, which then travels on the channel (``sendAccountRecord(_:)``).
    let carriesWiringAccount: Bool

    private init(socket: InheritedDescriptor, timeLimit: Duration, carriesWiringAccount: Bool = false) {
        self.carriesWiringAccount = carriesWiringAccount
        self.socket = socket
        self.timeLimit = timeLimit
    }

    /// The channels opened so far, by the value that named them: one per process in practice.
    private static let opened = LockedValue<[String: ControlChannel]>([:])

    /// The channel `environment` names (the process's when `nil`), if it names one the program
    /// inherited or an endpoint it may connect to (on this host, or any when `allowsOtherHosts`);
    /// `nil` otherwise, having opened nothing.
    static func named(in environment: [String: String]?, allowsOtherHosts: Bool = false) -> ControlChannel? {
        func read(_ name: String) -> String? {
            environment.map { $0[name] } ?? getenv(name).map { String(cString: $0) }
        }
        // An endpoint the program connects to itself, for a test that did not spawn it.
        if let endpoint = read(ControlEndpoint.environmentVariable) {
            return connected(to: endpoint, allowsOtherHosts: allowsOtherHosts)
        }
        let value = read(environmentVariable)
        guard let value else { return nil }
        return opened.withLockedValue { opened in
            if let channel = opened[value] { return channel }
            guard let channel = open(value) else { return nil }
            opened[value] = channel
            return channel
        }
    }

    /// Connects to the endpoint `value` names (once per value), or says on standard error why it
    /// could not: the program then runs without its test, as a plain run does.
    private static func connected(to value: String, allowsOtherHosts: Bool) -> ControlChannel? {
        opened.withLockedValue { opened -> ControlChannel? in
            if let channel = opened[value] { return channel }
            let endpoint: ControlEndpoint
            do {
                endpoint = try ControlEndpoint(parsing: value)
            } catch {
                FileHandle.standardError.write(
                    Data("Relay: \(ControlEndpoint.environmentVariable) names no endpoint: \(error)\n".utf8))
                return nil
            }
            switch ControlConnector.connect(to: endpoint, allowsOtherHosts: allowsOtherHosts) {
            case .failure(let failure):
                FileHandle.standardError.write(Data("Relay: no channel to the test: \(failure)\n".utf8))
                return nil
            case .success(let descriptor):
                guard let socket = InheritedDescriptor(handing: descriptor, as: descriptor, kind: .socket),
                    socket.adopt()
                else {
                    SocketDescriptor.close(descriptor)
                    return nil
                }
                let channel = ControlChannel(
                    socket: socket, timeLimit: .milliseconds(endpoint.callMilliseconds), carriesWiringAccount: true)
                opened[value] = channel
                return channel
            }
        }
    }

    /// Opens the channel `value` names, if its descriptor is open on a socket with its device and
    /// inode: a descriptor the program closed and reused for its own file is never touched.
    private static func open(_ value: String) -> ControlChannel? {
        guard let (socket, extra) = InheritedDescriptor.decode(value, as: .socket),
            let milliseconds = extra.flatMap({ Int64($0) }), milliseconds > 0, socket.adopt()
        else { return nil }
        return ControlChannel(socket: socket, timeLimit: .milliseconds(milliseconds))
    }

    // MARK: - Calls

    /// Sends `call` to the test and waits for its answer, at most ``timeLimit``.
    public func answer(_ call: StubCall) async throws -> String {
        try await answer(call, within: timeLimit)
    }

    /// Sends a spy's `call` to the test and waits for its decision, at most ``timeLimit``: its
    /// answer, or a pass, after which the real implementation's outcome goes back to the test for
    /// its journal.
    public func decide(_ call: StubCall) async throws -> StubCallDecision {
        try await decide(call, within: timeLimit)
    }

    /// Sends `call` to the test and waits for its answer, at most `limit`.
    func answer(_ call: StubCall, within limit: Duration) async throws -> String {
        guard let answer = try await exchange(call, within: limit).answer else {
            throw StubCallError(
                .unanswered, call: call,
                detail: "the test let the real implementation answer, and a stub has none: only a spy's call passes")
        }
        return answer
    }

    /// Sends a spy's `call` to the test and waits for its decision, at most `limit`.
    func decide(_ call: StubCall, within limit: Duration) async throws -> StubCallDecision {
        let (id, answer) = try await exchange(call, within: limit)
        if let answer { return .answer(answer) }
        return .pass { [self] outcome in
            switch outcome {
            case .success(let value): send(.outcome(id: id, value: value, error: nil))
            case .failure(let error): send(.outcome(id: id, value: nil, error: error))
            }
        }
    }

    /// Sends `call` and waits for the test's answer, at most `limit`; `nil` for a pass.
    private func exchange(_ call: StubCall, within limit: Duration) async throws -> (id: UInt64, answer: String?) {
        let id = state.withLockedValue { $0.calls.begin() }
        startReadingOnce()
        let answer = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String?, any Error>) in
                let timer = StubCallTimers.shared.schedule(after: limit) { [self] in
                    guard let pending = take(id) else { return }
                    pending.continuation.resume(
                        throwing: StubCallError(.timedOut, call: pending.call, detail: "\(pending.limit)"))
                }
                let pending = Pending(call: call, continuation: continuation, limit: limit, timer: timer)
                switch state.withLockedValue({ $0.calls.register(pending, as: id) }) {
                case .send:
                    send(.call(id: id, call: call))
                case .refuseCancelled, .refuseUnknown:
                    // (Unknown: never here, where each call registers once.)
                    StubCallTimers.shared.cancel(timer)
                    continuation.resume(throwing: CancellationError())
                case .refuseClosed(let reason):
                    StubCallTimers.shared.cancel(timer)
                    continuation.resume(throwing: StubCallError(.channelClosed, call: call, detail: reason))
                }
            }
        } onCancel: {
            guard let pending = state.withLockedValue({ $0.calls.cancel(id) }) else { return }
            StubCallTimers.shared.cancel(pending.timer)
            pending.continuation.resume(throwing: CancellationError())
        }
        return (id, answer)
    }

    /// Sends one line of the wiring account (a record, without its line break) to the test, after
    /// everything sent before it.
    func sendAccountRecord(_ line: String) {
        send(.accountRecord(line: line))
    }

    /// Writes one message, or what the socket has room for and the rest by the writing thread,
    /// after everything sent before it; never waits for the socket.
    private func send(_ message: ControlMessage) {
        guard let bytes = try? ControlFrame.bytes(of: message), bytes.count - 4 <= ControlFrame.maximumLength else {
            close(because: "a message could not be encoded within the channel's limit")
            return
        }
        switch outbox.post(bytes) {
        case .writeNow:
            let remainder: [UInt8]?
            switch socket.writeWithoutWaiting(bytes) {
            case .written(let count):
                remainder = count == bytes.count ? nil : Array(bytes[count...])
            case .replaced:
                _ = outbox.wrote(leaving: nil)
                close(because: replacedReason)
                return
            case .failed:
                _ = outbox.wrote(leaving: nil)
                close(because: "the test is gone: writing to it failed")
                return
            }
            if outbox.wrote(leaving: remainder) { startWriter() }
        case .startsWriter:
            startWriter()
        case .queued, .refused:
            return
        }
    }

    /// Starts the thread that writes what posters could not (once: the outbox says when).
    private func startWriter() {
        let thread = Thread { [self] in writeMessages() }
        thread.name = "Relay control channel writer"
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// Writes the messages posted, in order, until the channel closes; a message that cannot be
    /// written whole within the time limit closes it, failing what waits on it.
    private func writeMessages() {
        while let bytes = outbox.next() {
            switch socket.write(bytes, within: timeLimit) {
            case .written:
                continue
            case .replaced:
                close(because: replacedReason)
            case .timedOut:
                close(because: "the test did not read a message within \(timeLimit)")
            case .failed:
                close(because: "the test is gone: writing to it failed")
            }
            return
        }
    }

    /// Why the channel closed when its number no longer names the launcher's socket (short: a
    /// call's error quotes at most 80 characters of it).
    private var replacedReason: String {
        "the program closed descriptor \(socket.number), or opened another file as \(socket.number)"
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
            let bytes: ArraySlice<UInt8>
            switch socket.read(into: &buffer) {
            case .read(let read):
                bytes = read
            case .ended:
                close(because: "the test closed it")
                return
            case .replaced:
                close(because: replacedReason)
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
        case .pass(let id):
            take(id)?.continuation.resume(returning: nil)
        case .command(let id, let command):
            perform(command, id: id)
        case .call, .commandDone, .hello, .outcome, .accountRecord:
            // Calls go from the program to the test, and so do commands' outcomes.
            break
        case .welcome, .refused:
            // The handshake is over before this thread starts: a second one is the test's mistake.
            close(because: "the test sent a handshake message after the handshake")
        }
    }

    /// The call waiting for `id`, no longer waiting, its timer stopped; `nil` for one that timed
    /// out or was cancelled.
    private func take(_ id: UInt64) -> Pending? {
        guard let pending = state.withLockedValue({ $0.calls.answer(id) }) else { return nil }
        StubCallTimers.shared.cancel(pending.timer)
        return pending
    }

    private func close(because reason: String) {
        let (failed, isFirst) = state.withLockedValue { $0.calls.close(because: reason) }
        // Nothing more is written; the writer stops.
        outbox.end()
        // The test then reads the end, and fails its commands at once rather than by their limit.
        // The descriptor stays open (this object never closes it), and a number the program
        // reused is never shut down: then the reading thread ends only when its read does.
        if isFirst { socket.shutDown() }
        for pending in failed {
            StubCallTimers.shared.cancel(pending.timer)
            pending.continuation.resume(
                throwing: StubCallError(.channelClosed, call: pending.call, detail: reason))
        }
    }
}
