#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket on the loopback interface, blocking, as both ends of the HTTP round trip use it:
/// a listener the server accepts on, and the connections either side reads and writes.
struct LoopbackSocket: Sendable {
    /// Why a socket call failed: the call and `errno`.
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32

        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    let descriptor: Int32

    /// A listener on 127.0.0.1 at a port the system chooses; ``port()`` says which.
    static func listening() throws(Failure) -> LoopbackSocket {
        let socket = try LoopbackSocket(descriptor: check("socket", makeStreamSocket()))
        var on: Int32 = 1
        _ = setsockopt(socket.descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = loopbackAddress(port: 0)
        try check("bind", withSocketAddress(&address) { bind(socket.descriptor, $0, $1.pointee) })
        try check("listen", listen(socket.descriptor, 16))
        return socket
    }

    /// A connection to 127.0.0.1 at `port`, with Nagle's algorithm off.
    static func connected(to port: UInt16) throws(Failure) -> LoopbackSocket {
        let socket = try LoopbackSocket(descriptor: check("socket", makeStreamSocket()))
        var address = loopbackAddress(port: port)
        try check("connect", withSocketAddress(&address) { connect(socket.descriptor, $0, $1.pointee) })
        socket.sendsAtOnce()
        return socket
    }

    /// The port a listener is bound to.
    func port() throws(Failure) -> UInt16 {
        var address = sockaddr_in()
        try Self.check("getsockname", Self.withSocketAddress(&address) { getsockname(descriptor, $0, $1) })
        return UInt16(bigEndian: address.sin_port)
    }

    /// The next connection to a listener, with Nagle's algorithm off.
    func accepted() throws(Failure) -> LoopbackSocket {
        let connection = try LoopbackSocket(descriptor: Self.check("accept", accept(descriptor, nil, nil)))
        connection.sendsAtOnce()
        return connection
    }

    /// Writes every byte, however the kernel splits the write.
    func writeAll(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(call: "write", code: errno) }
            offset += count
        }
    }

    /// Reads what is there into `buffer`, blocking until something is; 0 when the peer closed.
    func read(into buffer: inout [UInt8]) throws(Failure) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                Self.readSome(descriptor, bytes.baseAddress, bytes.count)
            }
            if count >= 0 { return count }
            if errno != EINTR { throw Failure(call: "read", code: errno) }
        }
    }

    func close() {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #elseif canImport(Musl)
        _ = Musl.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    // MARK: - System calls

    /// Turns Nagle's algorithm off, as HTTP servers and clients do: a request or an answer goes out
    /// in one write, and is never held back waiting for the acknowledgement of the one before.
    private func sendsAtOnce() {
        var on: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func makeStreamSocket() -> Int32 {
        #if canImport(Darwin)
        socket(AF_INET, SOCK_STREAM, 0)
        #else
        socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
    }

    private static func readSome(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, bytes, count)
        #else
        Darwin.read(descriptor, bytes, count)
        #endif
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    private static func withSocketAddress(
        _ address: inout sockaddr_in,
        _ body: (UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32
    ) -> Int32 {
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        return withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, &length) }
        }
    }

    @discardableResult
    private static func check(_ call: String, _ result: Int32) throws(Failure) -> Int32 {
        guard result >= 0 else { throw Failure(call: call, code: errno) }
        return result
    }
}
