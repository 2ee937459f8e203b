import Dispatch
import Foundation
import Relay

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Programs that mistreat the channel to the test, for the tests of what the program's side then
/// does; their greeter is the answered stub of `AnsweredFixture`.
enum ChannelFixture {
    /// `reused-channel -d type=greeter,factory=answeredGreeter`: after the parser opened the
    /// channel, closes its descriptor and puts a connected socket of its own on that number, with
    /// `stranger's bytes` waiting to be read on it. Greets Ann (`greeting Ann: …` or
    /// `error Ann: …`), prints `ready`, and when `SIGTERM` comes says what became of the stranger
    /// (what was written to it, what is left to read on it, whether it is still connected) and exits 0.
    static func reusedChannel(arguments: [String]) async {
        let greeter = await answeredGreeter(arguments: arguments, mode: "reused-channel", environment: nil)
        guard let value = ProcessInfo.processInfo.environment["RELAY_CONTROL_CHANNEL"],
            let number = Int32(value.prefix { $0 != ":" })
        else { fail("launched without a channel", status: 70) }
        let stranger = socketPair()
        sendWithoutWaiting(stranger.peer, "stranger's bytes")
        guard dup2(stranger.own, number) == number else { fail("cannot reuse descriptor \(number)", status: 70) }
        close(stranger.own)

        await greet("Ann", with: greeter)

        // Before "ready": the test stops the program as soon as its command is done.
        signal(SIGTERM, SIG_IGN)
        let stopped = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        stopped.setEventHandler {
            say("written to the stranger: \(receiveAll(stranger.peer).count) bytes")
            say("left for the stranger: \(String(decoding: receiveAll(number), as: UTF8.self))")
            let connected = sendWithoutWaiting(number, "ping") && receiveAll(stranger.peer) == Array("ping".utf8)
            say("the stranger's connection: \(connected ? "open" : "shut down")")
            exit(0)
        }
        stopped.resume()
        say("ready")
        withExtendedLifetime(stopped) { sleepUntilKilled() }
    }

    /// `stalled-channel`: opens a channel whose other end nobody reads (a test that stopped
    /// reading), with a time limit of one second, and makes a call with a large argument from more
    /// tasks at once than the cooperative pool has threads. Says whether each failed by the time
    /// limit, what a call made after them says, and whether the pool still runs a task; exits 0.
    static func stalledChannel() async {
        let pair = socketPair()
        // Named as the launcher names a channel; the other end stays open and is never read.
        var info = stat()
        guard fstat(pair.own, &info) == 0 else { fail("cannot describe the channel", status: 70) }
        let value =
            "\(pair.own):\(UInt64(truncatingIfNeeded: info.st_dev)):\(UInt64(truncatingIfNeeded: info.st_ino)):1000"
        let greeter = await answeredGreeter(
            arguments: ["-d", "type=greeter,factory=answeredGreeter"], mode: "stalled-channel",
            environment: ["RELAY_CONTROL_CHANNEL": value])

        // Each frame is larger than the socket's buffer.
        let large = String(repeating: "x", count: 256 * 1024)
        let callers = ProcessInfo.processInfo.activeProcessorCount + 2
        let failures = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<callers {
                group.addTask {
                    do {
                        _ = try await greeter.greeting(for: large)
                        return "answered"
                    } catch let error as StubCallError where error.code == .timedOut || error.code == .channelClosed {
                        return nil
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { failures, failure in
                if let failure { failures.append(failure) }
            }
        }
        say(failures.isEmpty ? "each call that filled the socket failed by the time limit" : "\(failures)")
        await greet("Ann", with: greeter)
        say(await Task.detached { "the cooperative pool runs tasks" }.value)
    }

    // MARK: - Helpers

    /// The answered greeter, after the parser read `arguments` with `environment`.
    private static func answeredGreeter(
        arguments: [String],
        mode: String,
        environment: [String: String]?
    ) async -> any Greeter {
        let container = DependencyContainer()
        container.register((any Greeter).self) { _ in PlainGreeter() }
        do {
            let index = DynamicDependencyIndex()
            try index.add(GreeterTypeIndex())
            try index.add(GreeterFactoryIndex())
            try InjectDependenciesArgumentParser(
                index: index, container: container, environment: environment, report: .silent
            ).parse(arguments: [mode] + arguments)
            return try await container.resolve((any Greeter).self)
        } catch {
            fail("\(error)", status: 64)
        }
    }

    private static func greet(_ name: String, with greeter: any Greeter) async {
        do {
            say("greeting \(name): \(try await greeter.greeting(for: name))")
        } catch {
            say("error \(name): \(error)")
        }
    }

    private static func socketPair() -> (own: Int32, peer: Int32) {
        var pair: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let type = Int32(SOCK_STREAM.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, type, 0, &pair) == 0 else { fail("cannot make a socket pair", status: 70) }
        return (pair[0], pair[1])
    }

    /// Sends `text` without waiting; whether all of it went.
    @discardableResult
    private static func sendWithoutWaiting(_ descriptor: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL | MSG_DONTWAIT)
        #else
        let flags = MSG_DONTWAIT
        #endif
        return bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, flags) } == bytes.count
    }

    /// Everything waiting to be read on `descriptor`, without waiting for more.
    private static func receiveAll(_ descriptor: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard count > 0 else { return received }
            received += chunk[..<count]
        }
    }
}
