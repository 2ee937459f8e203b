import Foundation
import Synchronization
import Testing

@_spi(ControlChannel) @testable import Relay

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A test's listener on 127.0.0.1, made of plain sockets: what RelayTesting's endpoint will be.
private final class PlainListener: Sendable {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = SocketDescriptor.streamSocket()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        _ = inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// Accepts one connection and reads one message from it.
    func acceptAndRead() -> (Int32, ControlMessage?) {
        let connection = accept(descriptor, nil, nil)
        return (connection, Self.readMessage(from: connection))
    }

    static func readMessage(from connection: Int32) -> ControlMessage? {
        var reader = ControlFrame.Reader()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            if let message = try? reader.next() { return message }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            reader.append(buffer[0..<count])
        }
    }

    static func send(_ message: ControlMessage, to connection: Int32) throws {
        let bytes = try ControlFrame.bytes(of: message)
        let clock = ContinuousClock()
        _ = SocketDescriptor.send(bytes, to: connection, until: clock.now.advanced(by: .seconds(5)), on: clock)
    }
}

@Suite("A program that connects to its test itself")
struct ControlEndpointTests {
    static let secret = String(repeating: "a", count: 42) + "B"

    func endpoint(port: UInt16, connect: Int = 2_000) -> ControlEndpoint {
        ControlEndpoint(address: .tcp(host: "127.0.0.1", port: port), secret: Self.secret, connectMilliseconds: connect)
    }

    @Test("the endpoint's value reads back as written")
    func roundTrip() throws {
        let endpoint = endpoint(port: 41_873)
        #expect(endpoint.encoded == "v=1;tcp=127.0.0.1:41873;secret=\(Self.secret);connect=2000;calls=10000")
        #expect(try ControlEndpoint(parsing: endpoint.encoded) == endpoint)
        let unix = ControlEndpoint(address: .unix(path: "/tmp/relay-endpoint-a1b2c3/control.sock"), secret: Self.secret)
        #expect(unix.encoded.hasPrefix("v=1;unix=/tmp/relay-endpoint-a1b2c3/control.sock;secret="))
        #expect(try ControlEndpoint(parsing: unix.encoded) == unix)
        #expect(unix.isLoopback, "a socket in the file system is on this machine")
    }

    @Test(
        "a value that names no endpoint is refused, naming the field",
        arguments: [
            ("v=1;tcp=localhost:1;secret=\(secret);connect=10;calls=10", "'tcp=localhost:1' is not an IPv4 address"),
            ("v=1;tcp=127.0.0.1:1;connect=10;calls=10", "'secret' is missing"),
            ("v=1;tcp=127.0.0.1:1;secret=short;connect=10;calls=10", "'secret' is not 43"),
            ("v=1;tcp=127.0.0.1:1;secret=\(secret);connect=60000;calls=10", "'connect' is not"),
            ("v=1;tcp=127.0.0.1:1;secret=\(secret);connect=10;calls=10;host=x", "'host' is not a field"),
            ("v=1;v=1;tcp=127.0.0.1:1", "'v' is given twice"),
            ("v=1;unix=relative.sock;secret=\(secret);connect=10;calls=10", "is not an absolute path"),
            (
                "v=1;unix=/\(String(repeating: "d", count: 110));secret=\(secret);connect=10;calls=10",
                "of at most 103 bytes"
            ),
            ("v=1;tcp=127.0.0.1:1;unix=/tmp/s;secret=\(secret);connect=10;calls=10", "both 'tcp' and 'unix'"),
            ("v=1;secret=\(secret);connect=10;calls=10", "'tcp' or 'unix' is missing"),
        ])
    func invalid(value: String, message: String) {
        let error = #expect(throws: ControlEndpoint.Invalid.self) { try ControlEndpoint(parsing: value) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test("the program greets with the secret, and a welcome connects it")
    func welcome() throws {
        let listener = try PlainListener()
        let test = TestSide { () -> ControlMessage? in
            let (connection, hello) = listener.acceptAndRead()
            try? PlainListener.send(.welcome(version: 1), to: connection)
            close(connection)
            return hello
        }
        let outcome = ControlConnector.connect(to: endpoint(port: listener.port))
        let hello = test.value ?? nil
        guard case .success(let descriptor) = outcome else {
            Issue.record("not connected: \(outcome)")
            return
        }
        close(descriptor)
        #expect(
            hello == .hello(versions: [1], secret: Self.secret, pid: getpid(), program: ControlConnector.programName))
    }

    @Test("a refusal is an error that quotes the test's code")
    func refused() throws {
        let listener = try PlainListener()
        let test = TestSide { () -> ControlMessage? in
            let (connection, hello) = listener.acceptAndRead()
            try? PlainListener.send(.refused(code: "secretUsed", reason: "this secret was used"), to: connection)
            close(connection)
            return hello
        }
        let outcome = ControlConnector.connect(to: endpoint(port: listener.port))
        _ = test.value
        #expect(
            outcome
                == .failure(.init(description: "the test refused the connection (secretUsed): this secret was used")))
    }

    @Test("a test that never answers the hello fails the connection at the deadline")
    func noAnswer() throws {
        // Listening, never accepting: the kernel completes the connection, nobody answers.
        let listener = try PlainListener()
        let outcome = ControlConnector.connect(to: endpoint(port: listener.port, connect: 200))
        #expect(outcome == .failure(.init(description: "the test did not answer the hello within 200 ms")))
    }

    @Test("a host outside 127.0.0.0/8 is refused without the program's opt-in, and nothing is sent")
    func notLoopback() {
        let endpoint = ControlEndpoint(address: .tcp(host: "10.1.2.3", port: 9), secret: Self.secret)
        guard case .failure(let failure) = ControlConnector.connect(to: endpoint) else {
            Issue.record("connected to another host")
            return
        }
        #expect(failure.description.contains("not on this machine"))
    }

    @Test("with the program's opt-in, a host outside 127.0.0.0/8 is tried, within the deadline")
    func otherHostsAllowed() {
        let hooks = DriverTestHooks.always.allowingTestsOnOtherHosts()
        #expect(hooks.allowsTestsOnOtherHosts && hooks.areOpen)
        #expect(hooks.description == "always, allowing tests on other hosts")
        #expect(!DriverTestHooks.inDebugBuilds.allowsTestsOnOtherHosts)
        // An address in TEST-NET-1 (RFC 5737): never routed, so the attempt fails, by the deadline
        // at the latest, and says where it tried.
        let endpoint = ControlEndpoint(
            address: .tcp(host: "192.0.2.1", port: 9), secret: Self.secret, connectMilliseconds: 100)
        guard case .failure(let failure) = ControlConnector.connect(to: endpoint, allowsOtherHosts: true) else {
            Issue.record("connected to a host that does not exist")
            return
        }
        #expect(!failure.description.contains("not on this machine"))
        #expect(failure.description.contains("192.0.2.1:9"), "\(failure)")
    }

    @Test("once welcomed, the channel carries a stub's call and its answer as today's does")
    func callOverTheConnection() async throws {
        let listener = try PlainListener()
        let value = endpoint(port: listener.port).encoded
        let test = TestSide { () -> ControlMessage? in
            let (connection, _) = listener.acceptAndRead()
            try? PlainListener.send(.welcome(version: 1), to: connection)
            let call = PlainListener.readMessage(from: connection)
            if case .call(let id, _) = call {
                try? PlainListener.send(.answer(id: id, value: "\"hello\""), to: connection)
            }
            return call
        }
        let channel = try #require(ControlChannel.named(in: [ControlEndpoint.environmentVariable: value]))
        let answer = try await channel.answer(StubCall(typeKey: "greeter", name: "greet", argument: "\"Ada\""))
        #expect(answer == "\"hello\"")
        guard case .call(_, let call) = test.value ?? nil else {
            Issue.record("no call reached the test")
            return
        }
        #expect(call.name == "greet")
    }
}

/// Runs `body` on a thread of its own, started at once (never through the task pool, which a
/// synchronous connect holds), and hands back its result.
private final class TestSide<Result: Sendable>: Sendable {
    private let result = Mutex<Result?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Result) {
        Thread.detachNewThread { [self] in
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
    }

    /// Its result, waiting at most 5 s.
    var value: Result? {
        _ = done.wait(timeout: .now() + 5)
        return result.withLock { $0 }
    }
}
