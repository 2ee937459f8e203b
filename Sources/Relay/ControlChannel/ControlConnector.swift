import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Connects a program to the test that named a ``ControlEndpoint``: a TCP connection to a loopback
/// address, then the handshake (the program's `hello` with the secret, the test's `welcome`), all
/// within the endpoint's deadline. The program never listens.
///
/// Synchronous: it runs once, in the parser, before the program does any work of its own, and
/// blocks at most `connect` milliseconds (at most 30 s).
enum ControlConnector {
    /// The protocol versions this build speaks.
    static let versions = [1]

    /// The program's name for the test's messages: its executable's, at most 64 characters.
    static var programName: String {
        String((CommandLine.arguments.first ?? "").split(separator: "/").last ?? "").prefix(64).description
    }

    /// The longest frame read before the test has welcomed the program.
    static let handshakeMaximumLength = 4_096

    /// Why connecting failed: what a program says on standard error before it runs without a test.
    struct Failure: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// Connects and greets; returns the connected socket, close-on-exec, blocking, owned by the caller.
    ///
    /// - Parameters:
    ///   - endpoint: Where the test listens.
    ///   - allowsOtherHosts: Whether a host outside 127.0.0.0/8 may be named (the program's own
    ///     code's choice, never the environment's).
    static func connect(to endpoint: ControlEndpoint, allowsOtherHosts: Bool = false) -> Result<Int32, Failure> {
        guard endpoint.isLoopback || allowsOtherHosts else {
            return .failure(
                Failure(
                    description: "the endpoint is not on this machine (127.0.0.0/8), and the program allows no other"))
        }
        guard endpoint.version <= versions.max() ?? 1 else {
            return .failure(
                Failure(
                    description: "the test speaks version \(endpoint.version) and up; this program speaks \(versions)"))
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(endpoint.connectMilliseconds))
        let place: String
        let family: Int32
        switch endpoint.address {
        case .tcp(let host, let port): (place, family) = ("\(host):\(port)", AF_INET)
        case .unix(let path): (place, family) = (path, AF_UNIX)
        }
        let descriptor = SocketDescriptor.streamSocket(family: family)
        guard descriptor >= 0 else {
            return .failure(Failure(description: "no socket: \(String(cString: strerror(errno)))"))
        }
        var ok = false
        defer { if !ok { SocketDescriptor.close(descriptor) } }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        let started: Int32
        switch endpoint.address {
        case .tcp(let host, let port):
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
                return .failure(Failure(description: "'\(host)' is not an IPv4 address"))
            }
            started = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    SocketDescriptor.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .unix(let path):
            guard let outcome = SocketDescriptor.withUnixAddress(path, { SocketDescriptor.connect(descriptor, $0, $1) })
            else {
                return .failure(Failure(description: "'\(path)' does not fit a Unix socket's address"))
            }
            started = outcome
        }
        if started != 0 {
            guard errno == EINPROGRESS else {
                return .failure(
                    Failure(description: "could not connect to \(place): \(String(cString: strerror(errno)))"))
            }
            guard SocketDescriptor.wait(descriptor, for: Int16(POLLOUT), until: deadline, on: clock) else {
                return .failure(
                    Failure(description: "could not connect to \(place) within \(endpoint.connectMilliseconds) ms"))
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length)
            guard code == 0 else {
                return .failure(
                    Failure(description: "could not connect to \(place): \(String(cString: strerror(code)))"))
            }
        }
        if family == AF_INET { SocketDescriptor.sendsAtOnce(descriptor) }
        // The hello.
        guard
            let hello = try? ControlFrame.bytes(
                of: .hello(versions: versions, secret: endpoint.secret, pid: getpid(), program: programName)),
            SocketDescriptor.send(hello, to: descriptor, until: deadline, on: clock)
        else {
            return .failure(Failure(description: "could not greet the test within \(endpoint.connectMilliseconds) ms"))
        }
        // The answer, read with the handshake's small limit.
        var reader = ControlFrame.Reader(maximumLength: handshakeMaximumLength)
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            do {
                if let message = try reader.next() {
                    if let failure = ControlEndpoint.failure(ofReply: message, speaking: versions) {
                        return .failure(Failure(description: failure))
                    }
                    _ = fcntl(descriptor, F_SETFL, flags)
                    ok = true
                    return .success(descriptor)
                }
            } catch {
                return .failure(Failure(description: "the test answered the hello with \(error)"))
            }
            guard SocketDescriptor.wait(descriptor, for: Int16(POLLIN), until: deadline, on: clock) else {
                return .failure(
                    Failure(description: "the test did not answer the hello within \(endpoint.connectMilliseconds) ms"))
            }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                reader.append(buffer[0..<count])
            } else if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) {
                continue
            } else {
                return .failure(Failure(description: "the test closed the connection before answering the hello"))
            }
        }
    }
}
