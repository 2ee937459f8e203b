#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A port on 127.0.0.1 that refuses connections until ``release()``: a socket is bound to it and
/// never listens. Bound, it cannot be taken meanwhile by a program that asks the system for a
/// port (`--port 0`) and would answer in its place; a port that is merely free can.
///
/// ```swift
/// let closed = try ClosedPort()
/// defer { closed.release() }
/// // http://127.0.0.1:\(closed.port) refuses every connection
/// ```
struct ClosedPort: Sendable {
    /// The port.
    let port: Int

    private let descriptor: Int32

    /// Binds a socket to a port the system picks.
    ///
    /// - Throws: ``SocketFailure`` when the socket cannot be made or bound.
    init() throws {
        let descriptor = try ResettingClient.check("socket", socket(AF_INET, ResettingClient.streamType, 0))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(INADDR_LOOPBACK).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        do {
            _ = try withUnsafeMutablePointer(to: &address) { pointer in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    _ = try ResettingClient.check("bind", bind(descriptor, address, length))
                    return try ResettingClient.check("getsockname", getsockname(descriptor, address, &length))
                }
            }
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Closes the socket: the port is free again.
    func release() {
        close(descriptor)
    }
}
