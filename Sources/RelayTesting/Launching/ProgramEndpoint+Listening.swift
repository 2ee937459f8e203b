import Foundation
@_spi(ControlChannel) import Relay

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ProgramEndpoint {
    /// Where an endpoint listens for its program.
    public enum Listening: Sendable, Hashable {
        /// A free port of 127.0.0.1: a program on this machine, in a container sharing its
        /// network, or started by any launcher.
        case loopbackTCP
        /// A Unix stream socket in a directory of its own that only this user can enter, for a
        /// program that shares this file system: a connection from another user is refused.
        case unixSocket
    }

    /// A listening socket, where the program reaches it, and a directory to remove with it.
    struct Listener {
        let descriptor: Int32
        let address: ControlEndpoint.Address
        let directory: URL?
    }

    /// Opens the listener `listening` names.
    static func openListener(_ listening: Listening) throws(ProgramEndpointError) -> Listener {
        switch listening {
        case .loopbackTCP: try listenOnLoopback()
        case .unixSocket: try listenOnUnixSocket()
        }
    }

    private static func listenOnLoopback() throws(ProgramEndpointError) -> Listener {
        let descriptor = SocketDescriptor.streamSocket()
        guard descriptor >= 0 else { throw ProgramEndpointError("no socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        _ = inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 4) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            let reason = String(cString: strerror(errno))
            SocketDescriptor.close(descriptor)
            throw ProgramEndpointError("no listener on 127.0.0.1: \(reason)")
        }
        return Listener(
            descriptor: descriptor, address: .tcp(host: "127.0.0.1", port: UInt16(bigEndian: address.sin_port)),
            directory: nil)
    }

    /// A socket in a new directory under /tmp (short: a socket's path is at most 103 bytes),
    /// entered by this user only, so nobody else can even reach the socket.
    private static func listenOnUnixSocket() throws(ProgramEndpointError) -> Listener {
        var template = Array("/tmp/relay-endpoint-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> UnsafeMutablePointer<CChar>? in
            guard let base = buffer.baseAddress else { return nil }
            return mkdtemp(base)
        }
        guard let made else {
            throw ProgramEndpointError("no directory for the socket: \(String(cString: strerror(errno)))")
        }
        let directory = URL(fileURLWithPath: String(cString: made))
        let path = directory.appendingPathComponent("control.sock").path
        let descriptor = SocketDescriptor.streamSocket(family: AF_UNIX)
        let bound =
            descriptor >= 0
            && SocketDescriptor.withUnixAddress(path, { bind(descriptor, $0, $1) == 0 }) == true
            && listen(descriptor, 4) == 0
        guard bound else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { SocketDescriptor.close(descriptor) }
            try? FileManager.default.removeItem(at: directory)
            throw ProgramEndpointError("no listener at \(path): \(reason)")
        }
        return Listener(descriptor: descriptor, address: .unix(path: path), directory: directory)
    }

    /// Whether the peer of a connection accepted on a Unix socket runs as this user; always for
    /// TCP, where the secret alone decides.
    static func isOwnUser(_ connection: Int32, on address: ControlEndpoint.Address) -> Bool {
        guard case .unix = address else { return true }
        #if canImport(Darwin)
        var user: uid_t = 0
        var group: gid_t = 0
        return getpeereid(connection, &user, &group) == 0 && user == getuid()
        #else
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        return getsockopt(connection, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0
            && length == socklen_t(MemoryLayout<PeerCredentials>.size) && credentials.user == getuid()
        #endif
    }
}

#if !canImport(Darwin)
/// Linux's `struct ucred` (process, user, group), which Glibc's module does not export without
/// `_GNU_SOURCE`: what `SO_PEERCRED` fills in.
private struct PeerCredentials {
    var process: pid_t = 0
    var user: uid_t = 0
    var group: gid_t = 0
}
#endif
