import CRelayTestingSpawn
import Foundation
@_spi(ControlChannel) import Relay

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The test's side of the channel to a launched program: the program's stubs' calls come in on a
/// thread of its own, each is answered by the test's ``StubAnswers`` (the program's, or a
/// session's), and the answer goes back from the task that made it, a task that runs on the
/// reading thread until it first suspends (``ReadingThreadExecutor``); the test's commands go out,
/// and their outcomes come back on the same thread.
///
/// The launcher makes one per launch that asks for it: a connected pair of sockets, one end
/// handed to the program (named in `RELAY_CONTROL_CHANNEL` by Relay's `InheritedDescriptor`, with
/// its device and inode, so that a descriptor reused for another file is never mistaken for it),
/// the other kept here. It is a pair, never a listening socket: nothing but the launched program
/// can reach it.
final class ProgramChannel: Sendable {
    private let answers: StubAnswers?
    /// The test's end, checked as the program checks its own before each read, write and shutdown.
    private let socket: InheritedDescriptor

    /// How long a command waits for the program to say it is done.
    private let commandTimeLimit: Duration

    /// How long a call waits for its answer in the program: an answer that cannot be written
    /// within it is of no use there.
    private let callTimeLimit: Duration

    /// The program's end, until it has been handed over.
    private let programEnd: LockedValue<Int32?>

    /// The value of `RELAY_CONTROL_CHANNEL` that names the program's end.
    let environmentValue: String

    /// Whether the test's end is closed: a writer checks it under this lock, so an answer that
    /// comes late never writes to a descriptor number reused since.
    private let closed = LockedValue(false)

    /// The calls the test had no answer for, from this program.
    private let unanswered = LockedValue<[StubCall]>([])

    /// The answers of each open session, by its name.
    private let sessionAnswers = LockedValue<[String: StubAnswers]>([:])

    /// Runs the start of each answer's task on the reading thread.
    private let executor = ReadingThreadExecutor()

    /// The wiring account's lines, as a program that connected to its test sends them.
    private let accountLines = LockedValue<[UInt8]>([])

    /// The wiring account's lines received so far, each ending in a line break.
    var wiringAccountLines: [UInt8] { accountLines.withLockedValue { $0 } }

    /// Whether the channel has ended: the program closed it, or it broke.
    var hasEnded: Bool { closed.withLockedValue { $0 } }

    /// Where the outcome of each spy's call the test passed goes, by the call's identifier.
    private let passed = LockedValue<[UInt64: @Sendable (Result<String, StubCallError>) -> Void]>([:])

    /// Commands sent and not yet done, and whether the channel has ended (see ``ProgramCommands``).
    private let commands = LockedValue(ProgramCommands<CheckedContinuation<Refusal?, any Error>>())

    /// Makes the pair, and starts reading calls.
    ///
    /// - Parameters:
    ///   - answers: What answers the calls of the program's own stubs; `nil` for nothing.
    ///   - timeLimit: How long a call in the program waits for its answer.
    ///   - commandTimeLimit: How long a command waits for the program to say it is done.
    ///   - programDescriptor: The descriptor number the program receives its end as.
    /// - Throws: ``SpawnError`` when the system cannot make the pair.
    convenience init(
        answers: StubAnswers?, timeLimit: Duration, commandTimeLimit: Duration, programDescriptor: Int32
    ) throws(SpawnError) {
        var descriptors: [Int32] = [-1, -1]
        guard relay_socket_pair(&descriptors) == 0 else {
            throw SpawnError(step: RELAY_SPAWN_STEP_PREPARE, code: errno, executable: "", workingDirectory: nil)
        }
        guard let handed = InheritedDescriptor(handing: descriptors[1], as: programDescriptor, kind: .socket),
            let own = InheritedDescriptor(handing: descriptors[0], as: descriptors[0], kind: .socket), own.adopt()
        else {
            let code = errno
            SocketDescriptor.close(descriptors[0])
            SocketDescriptor.close(descriptors[1])
            throw SpawnError(step: RELAY_SPAWN_STEP_PREPARE, code: code, executable: "", workingDirectory: nil)
        }
        let milliseconds = max(1, timeLimit.wholeMilliseconds)
        self.init(
            socket: own, programEnd: descriptors[1], environmentValue: handed.encoded(extra: "\(milliseconds)"),
            answers: answers, timeLimit: timeLimit, commandTimeLimit: commandTimeLimit)
    }

    /// Takes over a connection the program opened itself, greeted already (see `ProgramEndpoint`),
    /// and starts reading calls.
    ///
    /// - Returns: `nil` when `descriptor` is not a socket (it is closed then).
    convenience init?(
        connected descriptor: Int32, answers: StubAnswers?, timeLimit: Duration, commandTimeLimit: Duration
    ) {
        guard let own = InheritedDescriptor(handing: descriptor, as: descriptor, kind: .socket), own.adopt() else {
            SocketDescriptor.close(descriptor)
            return nil
        }
        self.init(
            socket: own, programEnd: nil, environmentValue: "", answers: answers, timeLimit: timeLimit,
            commandTimeLimit: commandTimeLimit)
    }

    private init(
        socket: InheritedDescriptor, programEnd: Int32?, environmentValue: String, answers: StubAnswers?,
        timeLimit: Duration, commandTimeLimit: Duration
    ) {
        self.answers = answers
        self.commandTimeLimit = commandTimeLimit
        callTimeLimit = timeLimit
        self.socket = socket
        self.programEnd = LockedValue(programEnd)
        self.environmentValue = environmentValue
        let thread = Thread { [self] in readCalls() }
        thread.name = "RelayTesting program channel"
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// The program's end, for the spawn to hand over; `nil` once it has been.
    var programDescriptor: Int32? { programEnd.withLockedValue { $0 } }

    /// Closes the test's copy of the program's end, once the program has its own (or failed to
    /// start): the program's exit then ends the channel.
    func programStarted() {
        let descriptor = programEnd.withLockedValue { end -> Int32? in
            defer { end = nil }
            return end
        }
        if let descriptor { SocketDescriptor.close(descriptor) }
    }

    /// The calls of this program the test gave no answer for.
    var unansweredCalls: [StubCall] { unanswered.withLockedValue { $0 } }

    /// Ends the channel: the reading thread stops, and answers still being made are dropped.
    func close() {
        programStarted()
        // Only while the descriptor is still ours: the reading thread closes it at the end, and
        // its number may belong to another test's socket by now.
        closed.withLockedValue { closed in
            if !closed { _ = socket.shutDown() }
        }
    }

    // MARK: - Reading calls

    private func readCalls() {
        var reader = ControlFrame.Reader()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        reading: while true {
            guard case .read(let bytes) = socket.read(into: &buffer) else { break }
            reader.append(bytes)
            do {
                while let message = try reader.next() {
                    switch message {
                    case .call(let id, let call):
                        // The answer's task starts here, on this thread (see ReadingThreadExecutor).
                        executor.run { answer(call, id: id) }
                    case .commandDone(let id, let refusal, let code):
                        let waiting = commands.withLockedValue { $0.finish(id) }
                        waiting?.resume(returning: refusal.map { Refusal(reason: $0, code: code) })
                    case .outcome(let id, let value, let error):
                        // What a spy's real implementation did with a call the test passed.
                        let report = passed.withLockedValue { $0.removeValue(forKey: id) }
                        report?(error.map { .failure($0) } ?? .success(value ?? "null"))
                    case .accountRecord(let line):
                        accountLines.withLockedValue { $0 += Array(line.utf8) + [UInt8(ascii: "\n")] }
                    case .answer, .failure, .pass, .command, .welcome, .refused:
                        // Those go from the test to the program.
                        continue
                    case .hello:
                        // A program on an inherited channel never greets; one that does is not trusted.
                        break reading
                    }
                }
            } catch {
                // A program that writes junk on the channel is not trusted further; its calls then
                // fail by their time limit.
                break reading
            }
        }
        closed.withLockedValue { closed in
            closed = true
            SocketDescriptor.close(socket.number)
        }
        let waiting = commands.withLockedValue { $0.end() }
        for continuation in waiting { continuation.resume(throwing: ProgramChannelEnded()) }
    }

    // MARK: - Commands

    /// Why the program refused a command, and a code for a refusal the test words itself.
    struct Refusal: Sendable {
        let reason: String
        let code: ControlRefusalCode?
    }

    /// Sends `command` and waits until the program has carried it out, at most `timeLimit`.
    ///
    /// - Returns: Why the program refused it; `nil` when it was done.
    /// - Throws: ``ProgramChannelEnded`` when the program is gone (or the channel broke) first;
    ///   ``ProgramChannelSilent`` when no outcome came in time (a program that never opened its
    ///   end: it runs no instruction parser).
    func perform(_ command: ControlCommand) async throws -> Refusal? {
        let timeLimit = commandTimeLimit
        // Started once the continuation waits, so it always finds it; cancelled when the outcome
        // comes first.
        let timer = LockedValue<Task<Void, any Error>?>(nil)
        defer { timer.withLockedValue { $0?.cancel() } }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Refusal?, any Error>) in
            guard let id = commands.withLockedValue({ $0.register(continuation) }) else {
                continuation.resume(throwing: ProgramChannelEnded())
                return
            }
            let silence = Task { [commands] in
                try await Task.sleep(for: timeLimit)
                let waiting = commands.withLockedValue { $0.finish(id) }
                waiting?.resume(throwing: ProgramChannelSilent(timeLimit: timeLimit))
            }
            timer.withLockedValue { $0 = silence }
            guard let bytes = try? ControlFrame.bytes(of: .command(id: id, command: command)),
                write(bytes, within: timeLimit)
            else {
                let waiting = commands.withLockedValue { $0.finish(id) }
                waiting?.resume(throwing: ProgramChannelEnded())
                return
            }
        }
    }

    /// Answers the calls of the session `name`'s stubs with `answers` from now on.
    func addSession(_ name: String, answers: StubAnswers?) {
        sessionAnswers.withLockedValue { $0[name] = answers }
    }

    /// Stops answering the session's calls.
    func removeSession(_ name: String) {
        _ = sessionAnswers.withLockedValue { $0.removeValue(forKey: name) }
    }

    /// Starts answering `call`: a plain call with the answers of its program or session, whose
    /// closure's task writes the answer back (no task waits for it); a spy's call, or one with
    /// no answers to ask, in a task of its own.
    private func answer(_ call: StubCall, id: UInt64) {
        guard !call.isSpied, let answers = answers(for: call) else {
            Task { await answerInTask(call, id: id) }
            return
        }
        // Under the same time limit as the program's call, so a closure that never returns is
        // cancelled here too, as it is in process.
        answers.answer(call, on: executor) { [self] result in
            reply(to: call, id: id, with: result.map { .answer(id: id, value: $0) })
        }
    }

    /// The answers for `call`: its session's, or the program's.
    private func answers(for call: StubCall) -> StubAnswers? {
        call.session.map { session in sessionAnswers.withLockedValue { $0[session] } } ?? answers
    }

    /// Answers a spy's call, or a call with no answers to ask, which then fails.
    private func answerInTask(_ call: StubCall, id: UInt64) async {
        let reply: Result<ControlMessage, any Error>
        do {
            let answers = answers(for: call)
            guard let answers else {
                throw StubCallError(
                    .unanswered, call: call,
                    detail: call.session == nil
                        ? "the launcher has no stubAnswers: set them before launching"
                        : "its session has ended")
            }
            // A spy's call: StubAnswers keeps its time limit itself, for a decision as for an answer.
            switch try await answers.decide(call) {
            case .answer(let value):
                reply = .success(.answer(id: id, value: value))
            case .pass(let report):
                passed.withLockedValue { $0[id] = report }
                reply = .success(.pass(id: id))
            }
        } catch {
            reply = .failure(error)
        }
        self.reply(to: call, id: id, with: reply)
    }

    /// Writes the reply to `call`: `message`, or the failure its error says.
    private func reply(to call: StubCall, id: UInt64, with message: Result<ControlMessage, any Error>) {
        let reply: ControlMessage
        switch message {
        case .success(let message):
            reply = message
        case .failure(let error as StubCallError):
            // A session's unanswered calls are its own to report.
            if error.code == .unanswered && call.session == nil { unanswered.withLockedValue { $0.append(call) } }
            reply = .failure(id: id, error: error)
        case .failure(let error):
            reply = .failure(id: id, error: StubCallError(.thrownByTest, call: call, detail: "\(error)"))
        }
        guard let bytes = try? ControlFrame.bytes(of: reply) else { return }
        // The program may be gone: a failed write is the end of the channel, which the reading
        // thread sees too.
        _ = write(bytes, within: callTimeLimit)
    }

    /// Writes one whole frame, unless the test's end is closed; a frame that could not be written
    /// whole (the program stopped reading for `limit`, or is gone) ends the channel, since what was
    /// written of it cannot be taken back.
    ///
    /// - Returns: Whether the frame was written.
    private func write(_ bytes: [UInt8], within limit: Duration) -> Bool {
        // Under the lock, so that the reading thread never closes the descriptor meanwhile, and
        // frames from racing writers never interleave.
        closed.withLockedValue { closed in
            guard !closed else { return false }
            guard socket.write(bytes, within: limit) == .written else {
                _ = socket.shutDown()
                return false
            }
            return true
        }
    }
}

/// The program ended, or its channel broke, before a command was done.
struct ProgramChannelEnded: Error, CustomStringConvertible {
    var description: String { "the program's channel ended before the command was done (has the program exited?)" }
}

/// The program did not say a command was done within the time limit.
struct ProgramChannelSilent: Error, CustomStringConvertible {
    let timeLimit: Duration
    var description: String {
        "the program said nothing within \(timeLimit): does it run Relay's InjectDependenciesArgumentParser "
            + "(which opens its end of the channel)?"
    }
}
